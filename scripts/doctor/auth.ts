// Who can get into the project's Auth, as Auth itself reports it: GET /auth/v1/settings with the
// public key (the same answer supabase-js reads). Editors are made by an operator (`npm run editors`)
// and sign in with an emailed code; a sign-up or an anonymous sign-in would give anyone a session,
// which the Data API treats as `authenticated` whatever the allow-list says.
import type { Secrets } from './redact';
import { fail, ok, skip, type CheckResult } from './report';

const NAME = 'Auth settings';
const SETTINGS_PATH = '/auth/v1/settings';
const PROVIDERS = 'dashboard: Authentication → Sign In / Providers';

/** The part of Auth's settings this check reads (internal/api/settings.go in supabase/auth). */
interface AuthSettings {
  disable_signup: boolean;
  external: { anonymous_users: boolean; email: boolean };
}

function isSettings(value: unknown): value is AuthSettings {
  const read = value as Partial<AuthSettings> | null;
  return (
    typeof read?.disable_signup === 'boolean' &&
    typeof read.external?.anonymous_users === 'boolean' &&
    typeof read.external.email === 'boolean'
  );
}

/** Auth's settings, or why they could not be read. */
async function readSettings(base: string, anonKey: string, timeoutMs: number, secrets: Secrets): Promise<AuthSettings | string> {
  let response: Response;
  try {
    response = await fetch(`${base}${SETTINGS_PATH}`, { headers: { apikey: anonKey }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const failed = error as Error & { cause?: { code?: string; message?: string } };
    return `Auth did not answer ${SETTINGS_PATH} (${failed.cause?.code ?? failed.cause?.message ?? failed.name})`;
  }
  const body = await response.text();
  if (!response.ok) return `${SETTINGS_PATH} answered HTTP ${response.status}: ${secrets.cut(body, 200)}`;
  try {
    const settings: unknown = JSON.parse(body);
    if (isSettings(settings)) return settings;
  } catch {
    // Told below, with the other answers that are not Auth's settings.
  }
  return `${SETTINGS_PATH} did not answer with Auth's settings: ${secrets.cut(body, 200)}`;
}

/**
 * The doctor's row for Auth: fails when sign-ups or anonymous sign-ins are on, when email sign-in
 * (the editors' code) is off, and when the settings cannot be read, since then nobody knows.
 */
export async function checkAuthSettings(
  projectUrl: string | undefined,
  anonKey: string | undefined,
  secrets: Secrets,
  timeoutMs = 15_000,
): Promise<CheckResult> {
  if (!projectUrl || !anonKey) {
    return skip(NAME, 'not checked', 'set GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY (the site build settings) to check');
  }
  const settings = await readSettings(projectUrl.replace(/\/+$/, ''), anonKey, timeoutMs, secrets);
  if (typeof settings === 'string') {
    return fail(
      NAME,
      `${settings}: whether anyone can sign up is unknown`,
      'check GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY (Project Settings → API)',
    );
  }
  const problems: string[] = [];
  const fixes: string[] = [];
  if (!settings.disable_signup) {
    problems.push('sign-ups are on: anyone can make an Auth user and sign in');
    fixes.push(`${PROVIDERS}, "Allow new users to sign up": off (npm run config:push sets it from supabase/config.toml)`);
  }
  if (settings.external.anonymous_users) {
    problems.push('anonymous sign-ins are on: anyone can get a session without an address');
    fixes.push(`${PROVIDERS}, "Allow anonymous sign-ins": off`);
  }
  if (!settings.external.email) {
    problems.push('email sign-in is off: editors get no code');
    fixes.push(`${PROVIDERS}, Email: on`);
  }
  if (problems.length > 0) return fail(NAME, problems.join('; '), fixes);
  return ok(NAME, 'sign-ups off, anonymous sign-ins off, email sign-in on: only the users an operator adds sign in');
}
