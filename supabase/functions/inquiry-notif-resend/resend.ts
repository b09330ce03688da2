import type { NotificationEmail } from './email.ts';

export const DEFAULT_RESEND_API_URL = 'https://api.resend.com';

// Long enough for a slow provider, short enough that neither the browser's call nor a sweep's batch
// hangs; a timed-out send is retried with the same Idempotency-Key, so Resend delivers at most once.
export const DEFAULT_RESEND_TIMEOUT_MS = 10_000;

/**
 * The Idempotency-Key of an email about a set of rows (the digest, the reminder): the same rows, in
 * any order, give the same key, so a retried email is delivered once.
 */
export async function rowsKey(prefix: string, ids: string[]): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode([...ids].sort().join(','))));
  return `${prefix}-${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export interface ResendSettings {
  apiUrl: string;
  apiKey: string;
  from: string;
  to: string[];
  timeoutMs: number;
}

export type SendResult =
  | { ok: true; emailId: string | null }
  | {
    ok: false;
    status: number | 'network' | 'timeout';
    /** Resend's Retry-After in seconds (sent with 429), when it gave one. */
    retryAfterSeconds: number | null;
  };

/**
 * Whether a failure says the provider is unwell rather than this email wrong: rate limited, down,
 * unreachable or slow. A sweep stops sending its batch then instead of spending the rest on it.
 */
export function providerUnavailable(status: number | 'network' | 'timeout'): boolean {
  return typeof status !== 'number' || status === 429 || status >= 500;
}

/** Retry-After as seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * POST /emails under an Idempotency-Key: the submission id, or for a digest one derived from its
 * rows. Resend answers a repeated key within 24 hours with the first response instead of sending
 * again, which covers the one window the database claim cannot (a send that succeeded but whose
 * answer never arrived). The email is rendered from stored rows only, so every retry sends the same
 * payload under the same key, as Resend requires.
 */
export async function sendWithResend(
  settings: ResendSettings,
  email: NotificationEmail,
  idempotencyKey: string,
): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl.replace(/\/+$/, '')}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${settings.apiKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      // No tracking field: Resend's POST /emails has no per-message switch for open or click
      // tracking. It is a setting of the sending domain (off unless turned on; the dashboard's
      // Domains page, or PATCH /domains/{id} with open_tracking and click_tracking), which must stay
      // off for the team's domain: tracked links would pass every action token through Resend's servers.
      body: JSON.stringify({
        from: settings.from,
        to: email.to ?? settings.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.replyTo ? { reply_to: email.replyTo } : {}),
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const status = error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'network';
    return { ok: false, status, retryAfterSeconds: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    return { ok: false, status: response.status, retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')) };
  }
  const emailId = body && typeof body === 'object' && 'id' in body && typeof body.id === 'string' ? body.id : null;
  return { ok: true, emailId };
}
