// The entry Supabase's edge runtime runs (and `deno run -A index.ts` serves on port 8000): real
// environment, PostgREST with the service role (and with a team member's session for their press),
// the global fetch for Resend.
import { handler } from './handler.ts';
import { createPostgrestStore } from './store.ts';
import { createPostgrestTeamStore } from './team.ts';

Deno.serve((request) =>
  handler(request, {
    env: (name) => Deno.env.get(name),
    openStore: createPostgrestStore,
    openTeamStore: createPostgrestTeamStore,
  })
);
