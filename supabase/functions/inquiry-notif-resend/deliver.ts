import type { NotificationEmail } from './email.ts';
import { type ResendSettings, type SendResult, sendWithResend } from './resend.ts';
import type { SubmissionStore } from './store.ts';

/**
 * Sends one email about claimed rows and records the outcome under the claim: the rows sent, or an
 * attempt counted and the retry scheduled (the sweep retries with the same Idempotency-Key). A
 * failure is recorded as `resend:<status>`, never with the provider's text. `rows` is how many rows
 * the record touched.
 */
export async function deliver(
  store: SubmissionStore,
  resend: ResendSettings,
  claim: string,
  ids: string[],
  email: NotificationEmail,
  idempotencyKey: string,
): Promise<{ sent: SendResult; rows: number }> {
  const sent = await sendWithResend(resend, email, idempotencyKey);
  const rows = sent.ok
    ? await store.markSent(claim, ids)
    : await store.recordFailure(claim, ids, `resend:${sent.status}`, sent.retryAfterSeconds);
  return { sent, rows };
}
