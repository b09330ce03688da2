// A press of "Send the deck" on the team's /team/ page: `{"team_deck": <inquiry id>}` with the
// member's access token as bearer. The function decides nothing about who may: it claims the deck
// through public.team_deck_claim with the member's own JWT, so the database checks the member (by
// auth.uid()) and records the press; only after a claim does it go on with the service role, as for a
// press on /act/ (deck.ts). Every answer is JSON the page turns into one sentence in its language.
import { answerDeck } from './deck.ts';
import { json, reject } from './http.ts';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Settings } from './settings.ts';
import { type DeckOutcome, StoreError, type SubmissionStore } from './store.ts';

/** What public.team_deck_claim answers: the deck's claim outcomes, or why there is no deck to send. */
export type TeamDeckOutcome = DeckOutcome | { outcome: 'missing' } | { outcome: 'not-investor' };

/** The database as the signed-in member reaches it: their JWT, never the service role. */
export interface TeamStore {
  claimDeck(id: string): Promise<TeamDeckOutcome>;
}

/**
 * The session is not a team member's: 401 when the Data API took no user from the token (absent,
 * invalid, expired, or the anon key), 403 when the database refused the user (42501: not or no
 * longer a member, an editor, a stranger).
 */
export class SessionRefused extends Error {
  constructor(readonly status: 401 | 403, readonly code: string) {
    super(`the session was refused (${status} ${code || 'no code'})`);
    this.name = 'SessionRefused';
  }
}

export const TEAM_DECK_FUNCTION = 'team_deck_claim';

/** The bearer token of a request, or null when there is none. */
export function bearerOf(request: Request): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

/** One database function called as the member, answered as PostgREST answers: the result, or the error's code and HTTP status. */
export type CallAsMember = (
  name: string,
  args: Record<string, unknown>,
) => Promise<{ data: unknown; error: null } | { data: unknown; error: { code: string }; status: number }>;

/**
 * The TeamStore over any way of calling as the member: PostgREST in production, SQL in tests.
 * PostgREST answers 401 for a token it cannot use and for an anonymous caller's 42501, 403 for a
 * signed-in one's.
 */
export function functionTeamStore(call: CallAsMember): TeamStore {
  return {
    async claimDeck(id) {
      const answer = await call(TEAM_DECK_FUNCTION, { p_id: id });
      if (!answer.error) return answer.data as TeamDeckOutcome;
      if (answer.status === 401) throw new SessionRefused(401, answer.error.code);
      if (answer.error.code === '42501') throw new SessionRefused(403, answer.error.code);
      throw new StoreError('deck', answer.error.code);
    },
  };
}

/**
 * The production TeamStore: PostgREST with the caller's token as bearer and a project key as apikey
 * (the gateway wants one; the bearer decides the role).
 */
export function createPostgrestTeamStore(supabaseUrl: string, apikey: string, accessToken: string): TeamStore {
  const client = new PostgrestClient(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey, Authorization: `Bearer ${accessToken}` },
  });
  return functionTeamStore(async (name, args) => {
    const { data, error, status } = await client.rpc(name, args);
    return error ? { data: null, error: { code: error.code }, status } : { data, error: null };
  });
}

/** The project key the member's call to the Data API carries: the caller's own, else the function's. */
export function apikeyFor(request: Request, anonKey: string | null): string | null {
  return request.headers.get('apikey')?.trim() || anonKey;
}

/** The team's press, from the member's claim to the email (or why none went). */
export async function teamDeck(
  team: TeamStore,
  store: SubmissionStore,
  settings: Pick<Settings, 'resend' | 'supabaseUrl' | 'serviceRoleKey'>,
  id: string,
): Promise<Response> {
  let outcome: TeamDeckOutcome;
  try {
    outcome = await team.claimDeck(id);
  } catch (error) {
    if (!(error instanceof SessionRefused)) throw error;
    // The inquiry id is the caller's text until the database has found it: not logged.
    return reject(error.status, 'Only a signed-in team member may send the deck', 'team-deck-refused', { code: error.code }, {
      outcome: 'forbidden',
    });
  }
  if (outcome.outcome === 'missing') return json(404, { outcome: 'missing' });
  if (outcome.outcome === 'not-investor') return json(409, { outcome: 'not-investor' });
  return await answerDeck(store, settings, outcome);
}
