// The function's settings: its secrets, read and checked on every request, so a secret set after
// deploy applies without a restart. A required one missing or unusable stops every call with a 500
// that names it (the browser's, the sweep's, doctor's probe): nothing is sent, and the inquiries stay
// stored and unnotified, so the sweep sends them once it is set. ACTION_TOKEN_KEY is one of them: an
// email without it would carry links the press cannot verify, or none at all.
import { DEFAULT_RESEND_API_URL, DEFAULT_RESEND_TIMEOUT_MS, type ResendSettings } from './resend.ts';
import { DEFAULT_TURNSTILE_VERIFY_URL, type TurnstileSettings } from './turnstile.ts';

export const REQUIRED_SETTINGS = [
  'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  'RESEND_API_KEY',
  'INQUIRY_NOTIFY_TO',
  'INQUIRY_NOTIFY_FROM',
  'ACTION_TOKEN_KEY',
] as const;

/**
 * The action links' key is as strong as its characters: at least 32 (`openssl rand -base64 32` makes
 * 44), so that it cannot be guessed from the links it made.
 */
export const MIN_ACTION_TOKEN_KEY_LENGTH = 32;

/** Reads one setting (an environment variable in production). */
export type Env = (name: string) => string | undefined;

export interface Settings {
  supabaseUrl: string;
  serviceRoleKey: string;
  resend: ResendSettings;
  /** Derives the action links' tokens (actions.ts); the database never holds it. */
  actionTokenKey: string;
  /**
   * SUPABASE_ANON_KEY (the platform sets it): the apikey of a team member's call to the Data API
   * when the caller sent none. Null where it is not set.
   */
  anonKey: string | null;
  /** Null where TURNSTILE_SECRET_KEY is not set: no check, every call counts as a person's. */
  turnstile: TurnstileSettings | null;
}

/** The settings, or what is wrong with them: every missing one, else the first invalid one. */
export function readSettings(env: Env): Settings | { missing: string[] } | { invalid: string } {
  const value = (name: string) => env(name)?.trim() || undefined;
  const missing: string[] = REQUIRED_SETTINGS.filter((name) => !value(name));
  // A list of only commas is as good as no recipient.
  const to = (value('INQUIRY_NOTIFY_TO') ?? '').split(',').map((address) => address.trim()).filter(Boolean);
  if (to.length === 0 && !missing.includes('INQUIRY_NOTIFY_TO')) missing.push('INQUIRY_NOTIFY_TO');
  if (missing.length > 0) return { missing };

  const apiUrl = value('RESEND_API_URL') ?? DEFAULT_RESEND_API_URL;
  if (!URL.canParse(apiUrl)) return { invalid: 'RESEND_API_URL' };
  if (!URL.canParse(value('SUPABASE_URL')!)) return { invalid: 'SUPABASE_URL' };
  if (value('ACTION_TOKEN_KEY')!.length < MIN_ACTION_TOKEN_KEY_LENGTH) return { invalid: 'ACTION_TOKEN_KEY' };
  const timeoutMs = Number(value('RESEND_TIMEOUT_MS') ?? DEFAULT_RESEND_TIMEOUT_MS);
  if (!(Number.isInteger(timeoutMs) && timeoutMs > 0)) return { invalid: 'RESEND_TIMEOUT_MS' };
  const turnstileSecret = value('TURNSTILE_SECRET_KEY');
  const verifyUrl = value('TURNSTILE_VERIFY_URL') ?? DEFAULT_TURNSTILE_VERIFY_URL;
  if (!URL.canParse(verifyUrl)) return { invalid: 'TURNSTILE_VERIFY_URL' };
  return {
    supabaseUrl: value('SUPABASE_URL')!,
    serviceRoleKey: value('SUPABASE_SERVICE_ROLE_KEY')!,
    resend: { apiUrl, apiKey: value('RESEND_API_KEY')!, from: value('INQUIRY_NOTIFY_FROM')!, to, timeoutMs },
    actionTokenKey: value('ACTION_TOKEN_KEY')!,
    anonKey: value('SUPABASE_ANON_KEY') ?? null,
    turnstile: turnstileSecret ? { secret: turnstileSecret, verifyUrl } : null,
  };
}
