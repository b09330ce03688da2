// The staff pages' (/edit/, /team/) connection to Supabase and their sign-in by a one-time code (no
// sign-ups: shouldCreateUser false). The session is kept per tab, in sessionStorage: a script on
// another page of the site (the analytics, Turnstile) can neither read a lasting refresh token from
// localStorage nor hear it on supabase-js's BroadcastChannel, which is named after the storage key
// and so gets a random name per tab. Closing the tab ends the session. The database decides what a
// session reaches; this file only tells Auth's answers apart.
import { createClient, isAuthApiError, isAuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import type { SignInProblem } from '../content/staff';
import type { BackendSettings } from './backend-call';

/** How long a code works: `otp_expiry` in supabase/config.toml (Supabase's default for a hosted project too). */
export const CODE_LIFETIME_MS = 3_600_000;

/** Where a tab keeps the storage key of its session. */
export const TAB_STORAGE_KEY = 'staff-session-key';

// The localStorage key under which an editor's browser may still hold a session of /edit/: removed,
// so that no lasting refresh token stays there for another page to read.
const LASTING_KEY = 'site-editor-session';

// Auth's refusals of a request repeated too often (its rate limits), whatever the status says.
const RATE_LIMITED = new Set(['over_request_rate_limit', 'over_email_send_rate_limit']);

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off: the session then lasts as long as the page.
    return null;
  }
}

/** This tab's storage key: random, made once per tab and kept in the tab's own storage. */
function tabStorageKey(storage: Storage): string {
  const held = storage.getItem(TAB_STORAGE_KEY);
  if (held) return held;
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const made = `staff-session-${random}`;
  storage.setItem(TAB_STORAGE_KEY, made);
  return made;
}

function forgetLastingSession(): void {
  try {
    for (const suffix of ['', '-user', '-code-verifier']) window.localStorage.removeItem(`${LASTING_KEY}${suffix}`);
  } catch {
    // No localStorage: nothing can be left in it.
  }
}

let made: { key: string; client: SupabaseClient } | null = null;

/**
 * The tab's staff client, one per page and backend (supabase-js warns about two clients on one
 * storage key, and they would refresh the same token twice). Browser only.
 */
export function staffClient(settings: BackendSettings): SupabaseClient {
  const storage = sessionStorageOrNull();
  const storageKey = storage ? tabStorageKey(storage) : 'staff-session';
  const key = `${settings.url} ${settings.anonKey} ${storageKey}`;
  if (made?.key !== key) {
    forgetLastingSession();
    const client = createClient(settings.url, settings.anonKey, {
      // The code arrives by email, never as a link: there is nothing to read from the URL.
      auth: storage
        ? { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storage, storageKey }
        : { persistSession: false, autoRefreshToken: true, detectSessionInUrl: false },
    });
    made = { key, client };
  }
  return made.client;
}

/** What an Auth error means for the person: no answer, too many tries, or the step's own refusal. */
export function problemOf(error: unknown, refusal: SignInProblem): SignInProblem {
  if (isAuthRetryableFetchError(error)) return 'unreachable';
  if (isAuthApiError(error)) return error.status === 429 || RATE_LIMITED.has(error.code ?? '') ? 'tooManyAttempts' : refusal;
  // An answer that was not Auth's (a proxy's error page) or a failure before any answer.
  return 'unreachable';
}

/** Step 1: asks Auth to email a code to `email`; null once it is on its way. */
export async function sendCode(client: SupabaseClient, email: string): Promise<SignInProblem | null> {
  try {
    const { error } = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    // Auth refuses an address it has no user for (sign-ups are off).
    return error ? problemOf(error, 'notAllowed') : null;
  } catch (error) {
    return problemOf(error, 'notAllowed');
  }
}

/**
 * Step 2: the code sent at `sentAt` (ms); null once signed in. Auth answers a wrong code and an
 * expired one alike (otp_expired), so the code's age tells them apart.
 */
export async function verifyCode(
  client: SupabaseClient,
  email: string,
  code: string,
  sentAt: number,
  now: () => number = Date.now,
): Promise<SignInProblem | null> {
  const refusal = (): SignInProblem => (now() - sentAt >= CODE_LIFETIME_MS ? 'expiredCode' : 'wrongCode');
  try {
    const { data, error } = await client.auth.verifyOtp({ email, token: code.replace(/\s+/g, ''), type: 'email' });
    if (error) return problemOf(error, refusal());
    return data.session ? null : refusal();
  } catch (error) {
    return problemOf(error, refusal());
  }
}
