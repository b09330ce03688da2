import type { NotificationEmail } from './email.ts';

export const DEFAULT_RESEND_API_URL = 'https://api.resend.com';

// Long enough for a slow provider, short enough that the browser's call does not hang; a timed-out
// send is retried with the same Idempotency-Key, so Resend delivers at most once anyway.
const RESEND_TIMEOUT_MS = 10_000;

export interface ResendSettings {
  apiUrl: string;
  apiKey: string;
  from: string;
  to: string[];
}

export type SendResult =
  | { ok: true; emailId: string | null }
  | { ok: false; status: number | 'network' | 'timeout' };

/**
 * POST /emails. The submission id is the Idempotency-Key: Resend answers a repeated key within
 * 24 hours with the first response instead of sending again, which covers the one window the
 * database claim cannot (a send that succeeded but whose answer never arrived).
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
      body: JSON.stringify({
        from: settings.from,
        to: settings.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.replyTo ? { reply_to: email.replyTo } : {}),
      }),
      signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, status: error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : 'network' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) return { ok: false, status: response.status };
  const emailId = body && typeof body === 'object' && 'id' in body && typeof body.id === 'string' ? body.id : null;
  return { ok: true, emailId };
}
