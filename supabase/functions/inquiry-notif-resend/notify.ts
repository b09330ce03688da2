// The browser's fast path: right after its insert, the browser names the row it has just stored;
// the function checks Turnstile where configured, claims that one row, emails the team and answers.
import { actionLinks } from './actions.ts';
import { sendDeck } from './deck.ts';
import { deliver } from './deliver.ts';
import { renderNotification } from './email.ts';
import { json, reject } from './http.ts';
import { log } from './log.ts';
import type { Settings } from './settings.ts';
import type { SubmissionStore } from './store.ts';
import { verifyTurnstile } from './turnstile.ts';
import type { Call } from './validate.ts';

/**
 * The browser calls right after its insert; an older row is a replay, not a new inquiry. Older rows
 * are the sweep's (the scheduled call with the service key).
 */
export const MAX_ROW_AGE_MS = 15 * 60 * 1000;

const REFUSALS = {
  'not-found': [404, 'No submission with this id'],
  'already-notified': [409, 'This submission was already notified'],
  // Another call holds the row right now (the sweep, or a second browser call): it sends it.
  busy: [409, 'This submission is being notified'],
  failed: [409, 'Notifying this submission failed for good; the team lists it'],
  // 410, not 409: the row is intact and was never notified, but this caller's window has closed for
  // good (the sweep will send it); the distinct status tells a late retry from a duplicate in the logs.
  'too-old': [410, 'This submission is too old to notify'],
  'not-due': [409, 'This submission waits for its scheduled retry'],
} as const;

/**
 * `clientAddress` goes to siteverify as its optional remoteip. Without Turnstile configured there
 * is no check, and the store counts the call as a person's.
 */
export async function notify(
  store: SubmissionStore,
  settings: Pick<Settings, 'resend' | 'turnstile' | 'supabaseUrl' | 'serviceRoleKey' | 'actionTokenKey'>,
  call: Extract<Call, { kind: 'notify' }>,
  clientAddress: string | null,
): Promise<Response> {
  const check = settings.turnstile ? await verifyTurnstile(settings.turnstile, call.turnstileToken, clientAddress) : null;
  return await sendOne(store, settings, call.id, check);
}

/**
 * Claims one stored row and emails the team about it, within the caps. `check` is the call's
 * Turnstile outcome, null where Turnstile is not configured.
 */
export async function sendOne(
  store: SubmissionStore,
  settings: Pick<Settings, 'resend' | 'supabaseUrl' | 'serviceRoleKey' | 'actionTokenKey'>,
  id: string,
  check: { verified: boolean; reason: string } | null,
): Promise<Response> {
  const outcome = await store.claimOne(id, MAX_ROW_AGE_MS / 1000, check?.verified ?? null);
  if (outcome.outcome === 'capped') {
    // The hour's individual emails are spent, or the call failed the Turnstile check: the
    // scheduled job lists this one in the next digest.
    const reason = check && !check.verified ? `turnstile:${check.reason}` : 'hourly-cap';
    log('info', 'queued', { id, status: 202, reason });
    return json(202, { sent: false, queued: 'digest' });
  }
  if (outcome.outcome !== 'claimed') {
    const [status, error] = REFUSALS[outcome.outcome];
    return reject(status, error, outcome.outcome, { id });
  }

  const links = await actionLinks(store, settings.actionTokenKey, [outcome.row]);
  const email = renderNotification(outcome.row, links.get(outcome.row.id));
  const { sent } = await deliver(store, settings.resend, outcome.claim, [id], email, outcome.row.id);
  if (!sent.ok) {
    return reject(502, 'The email provider did not accept the notification', 'resend', {
      id,
      resendStatus: String(sent.status),
    });
  }
  log('info', 'sent', { id, status: 200, emailId: sent.emailId });
  if (check?.verified && outcome.row.type === 'investor') await autoSendDeck(store, settings, id);
  return json(200, { sent: true });
}

/**
 * deck_auto_send (off by default: with it on, the site emails whatever address a verified visitor
 * typed): the deck goes out without the team's press. Its failure never fails the notification;
 * the team's "Send the deck" link still works.
 */
async function autoSendDeck(store: SubmissionStore, settings: Pick<Settings, 'resend' | 'supabaseUrl' | 'serviceRoleKey'>, id: string) {
  try {
    const claim = await store.claimDeckAuto(id);
    if (claim.outcome === 'claimed') await sendDeck(store, settings, claim);
  } catch (error) {
    log('warn', 'deck-auto-failed', { id, error: error instanceof Error ? error.name : typeof error });
  }
}
