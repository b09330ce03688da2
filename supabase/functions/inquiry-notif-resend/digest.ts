// The digest: one email listing the inquiries that get none of their own (the hour's individual
// emails were spent, or, with Turnstile, their browser call was not verified).
import { deliver } from './deliver.ts';
import { renderDigest } from './email.ts';
import { log } from './log.ts';
import { type ResendSettings, rowsKey } from './resend.ts';
import type { SubmissionStore } from './store.ts';

/** Sends the digest when one is due: how many rows it sent, or how many wait for its retry. */
export async function sendDigest(
  store: SubmissionStore,
  resend: ResendSettings,
  verifiedOnly: boolean,
): Promise<{ digested: number; retrying: number }> {
  const digest = await store.claimDigest(verifiedOnly);
  if (!digest.claim || digest.rows.length === 0) return { digested: 0, retrying: 0 };
  const ids = digest.rows.map((row) => row.id);
  const { sent, rows } = await deliver(store, resend, digest.claim, ids, renderDigest(digest.rows), await rowsKey('digest', ids));
  if (sent.ok) {
    log('info', 'digest-sent', { rows: ids.length, emailId: sent.emailId });
    return { digested: rows, retrying: 0 };
  }
  log('warn', 'digest-failed', { rows: ids.length, resendStatus: String(sent.status) });
  return { digested: 0, retrying: rows };
}
