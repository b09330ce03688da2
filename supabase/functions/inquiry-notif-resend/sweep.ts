// The scheduled job's call (`{"sweep": true}` with the service key, every minute): individual emails
// for what is due, then a failed deck email whose retry is due, then the digest when one is due.
import { actionLinks } from './actions.ts';
import { sendDeck } from './deck.ts';
import { deliver } from './deliver.ts';
import { sendDigest } from './digest.ts';
import { renderNotification } from './email.ts';
import { json } from './http.ts';
import { log } from './log.ts';
import { providerUnavailable } from './resend.ts';
import type { Settings } from './settings.ts';
import type { SubmissionStore } from './store.ts';

interface SweepSummary {
  sent: number;
  retrying: number;
  released: number;
  digested: number;
  decks: number;
}

/**
 * Due rows oldest first, a bounded batch within the hourly cap, each emailed alone. A failure that
 * says Resend is unwell (429, 5xx, no answer) ends the batch: the rest goes back untried, to the next
 * minute's sweep, and the deck retry and the digest wait too. Where Turnstile is configured, only rows whose browser
 * call passed the check get emails of their own; the rest go to the digest.
 */
export async function sweep(
  store: SubmissionStore,
  settings: Pick<Settings, 'resend' | 'turnstile' | 'supabaseUrl' | 'serviceRoleKey' | 'actionTokenKey'>,
): Promise<Response> {
  const verifiedOnly = settings.turnstile !== null;
  const summary: SweepSummary = { sent: 0, retrying: 0, released: 0, digested: 0, decks: 0 };
  const { claim, rows } = await store.claimBatch(verifiedOnly);
  let providerDown = false;
  const links = await actionLinks(store, settings.actionTokenKey, rows);
  for (const [index, row] of rows.entries()) {
    const attempt = row.attempts + 1;
    const { sent, rows: recorded } = await deliver(
      store,
      settings.resend,
      claim!,
      [row.id],
      renderNotification(row, links.get(row.id)),
      row.id,
    );
    if (sent.ok) {
      summary.sent += recorded;
      log('info', 'sent', { id: row.id, mode: 'sweep', attempt, emailId: sent.emailId });
      continue;
    }
    summary.retrying += recorded;
    log('warn', 'send-failed', { id: row.id, mode: 'sweep', attempt, resendStatus: String(sent.status) });
    if (providerUnavailable(sent.status)) {
      providerDown = true;
      const untried = rows.slice(index + 1).map((rest) => rest.id);
      if (untried.length > 0) summary.released += await store.release(claim!, untried);
      break;
    }
  }
  if (!providerDown) {
    // One deck retry a minute at most: they are rare, and a deck email that fails again waits longer.
    const deck = await store.claimDeckRetry();
    if (deck.outcome === 'claimed') {
      const result = await sendDeck(store, settings, deck);
      if (result.sent) summary.decks += 1;
      else summary.retrying += 1;
      providerDown = !result.sent && result.status?.ok === false && providerUnavailable(result.status.status);
    }
  }
  if (!providerDown) {
    const digest = await sendDigest(store, settings.resend, verifiedOnly);
    summary.digested += digest.digested;
    summary.retrying += digest.retrying;
  }

  log('info', 'swept', { status: 200, ...summary });
  return json(200, { ...summary });
}
