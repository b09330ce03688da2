// Cloudflare Turnstile, where configured: the browser's call carries the widget's token, and the
// function asks Cloudflare's siteverify whether a person earned it. An inquiry without a valid
// token is still stored and still reaches the team, but only in the digest, never in an email of
// its own: a script that files inquiries cannot spend the hour's individual emails.

export const DEFAULT_TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
/** Cloudflare's limit on a token's length; anything longer cannot be one. */
export const MAX_TURNSTILE_TOKEN_LENGTH = 2048;
// Long enough for siteverify, short enough that the browser's call does not wait for long.
const VERIFY_TIMEOUT_MS = 5_000;

export interface TurnstileSettings {
  secret: string;
  verifyUrl: string;
}

/**
 * Whether siteverify accepts the token. No token, a refusal, or no answer all count as not
 * verified: the inquiry then goes to the digest, so it is never lost, only never emailed alone.
 */
export async function verifyTurnstile(
  settings: TurnstileSettings,
  token: string | undefined,
  remoteIp: string | null,
): Promise<{ verified: boolean; reason: string }> {
  if (!token) return { verified: false, reason: 'no-token' };
  const form = new URLSearchParams({ secret: settings.secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    const outcome = (await response.json().catch(() => null)) as { success?: unknown; 'error-codes'?: unknown } | null;
    if (outcome?.success === true) return { verified: true, reason: 'verified' };
    const codes = Array.isArray(outcome?.['error-codes']) ? outcome['error-codes'].join(',') : `http-${response.status}`;
    return { verified: false, reason: codes || 'refused' };
  } catch {
    return { verified: false, reason: 'unreachable' };
  }
}
