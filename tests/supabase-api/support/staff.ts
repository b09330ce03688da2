// The staff's way in on one machine, shared by the files that run it against the local backend: the
// backend with a database port (npm run editors / team reach it there), one run of those commands
// as an operator gives it, and a sign-in with the code from the local inbox.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type LocalBackend } from 'local-supabase';
import type { CommandRun } from '../../../scripts/command';
import { forTheFile } from '../../support/for-the-file';

/** The local backend for the calling file, with the database port the staff commands connect to. */
export function backendWithDbPortForTheFile(): () => LocalBackend {
  return forTheFile(
    'the local backend with a database port',
    () => startLocalBackend({ dbPort: 0 }),
    (opened) => opened.stop(),
  );
}

export type StaffOutcome = { code: number; out: string; err: string };

/**
 * One run of a staff command (runEditors or runTeam) against `backend`; `withAuth` false leaves out
 * the Auth admin settings, as an operator may.
 */
export async function runStaffCommand(
  backend: LocalBackend,
  runner: (run: CommandRun) => Promise<number>,
  args: string[],
  { withAuth = true } = {},
): Promise<StaffOutcome> {
  const out: string[] = [];
  const err: string[] = [];
  const env = withAuth
    ? { SUPABASE_DB_URL: backend.dbUrl!, SUPABASE_URL: backend.url, SUPABASE_SERVICE_ROLE_KEY: backend.serviceKey }
    : { SUPABASE_DB_URL: backend.dbUrl! };
  const code = await runner({ env, args, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A supabase-js client with the public key and no stored session, as one test's visitor or staff member. */
export function anonClient(backend: LocalBackend) {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/** The last one-time code the local inbox holds for `email`. */
export function codeFor(backend: LocalBackend, email: string): string | undefined {
  const sent = backend.emails.filter((mail) => mail.body.to.includes(email)).at(-1);
  return /\b(\d{6})\b/.exec(sent?.body.text ?? '')?.[1];
}

/** Signs `email` in with the code the local inbox gets for it: exactly one email, one six-digit code. */
export async function signInWithCode(backend: LocalBackend, email: string): Promise<SupabaseClient> {
  const session = anonClient(backend);
  const before = backend.emails.length;
  const asked = await session.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  expect(asked.error).toBeNull();
  expect(backend.emails.length).toBe(before + 1);
  const token = codeFor(backend, email);
  expect(token).toMatch(/^\d{6}$/);
  const verified = await session.auth.verifyOtp({ email, token: token!, type: 'email' });
  expect(verified.error).toBeNull();
  expect(verified.data.session?.user.email).toBe(email);
  return session;
}
