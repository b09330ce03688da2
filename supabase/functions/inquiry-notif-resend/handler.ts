import { isServiceKey } from './auth.ts';
import { renderDigest, renderNotification } from './email.ts';
import { clientAddress, json, methodNotAllowed, preflight, readJsonObject, reject } from './http.ts';
import { log } from './log.ts';
import { providerUnavailable, type ResendSettings, type SendResult, sendWithResend } from './resend.ts';
import { type Env, readSettings } from './settings.ts';
import { type Batch, StoreError, type SubmissionRow, type SubmissionStore } from './store.ts';
import { verifyTurnstile } from './turnstile.ts';
import { readCall } from './validate.ts';

/**
 * The browser calls right after its insert; an older row is a replay, not a new inquiry. Older rows
 * are the sweep's (the scheduled call with the service key).
 */
export const MAX_ROW_AGE_MS = 15 * 60 * 1000;

export interface Dependencies {
  /** Read per request, so a secret set after deploy applies without a restart. */
  env: Env;
  openStore(supabaseUrl: string, serviceRoleKey: string): SubmissionStore;
}

/** The whole function: every answer, errors included, is JSON with the CORS headers. */
export async function handler(request: Request, deps: Dependencies): Promise<Response> {
  try {
    return await respond(request, deps);
  } catch (error) {
    log('error', 'crashed', { status: 500, error: error instanceof Error ? error.name : typeof error });
    return json(500, { error: 'Internal error' });
  }
}

async function respond(request: Request, deps: Dependencies): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;

  const call = readCall(body);
  if ('field' in call) return reject(400, `Invalid field '${call.field}': ${call.problem}`, `field:${call.field}`);

  const settings = readSettings(deps.env);
  if ('missing' in settings) {
    return reject(500, `The function is not configured: missing ${settings.missing.join(', ')}`, 'config', {
      missing: settings.missing.join(','),
    });
  }
  if ('invalid' in settings) {
    return reject(500, `The function is not configured: ${settings.invalid} is not valid`, 'config', {
      invalid: settings.invalid,
    });
  }

  if (call.kind === 'sweep' && !(await isServiceKey(request.headers.get('authorization'), settings.serviceRoleKey))) {
    return reject(401, 'A sweep needs the service-role key', 'sweep-unauthorised');
  }

  const store = deps.openStore(settings.supabaseUrl, settings.serviceRoleKey);
  try {
    if (call.kind === 'sweep') return await sweep(store, settings.resend, settings.turnstile !== null);
    // For siteverify's optional remoteip.
    const check = settings.turnstile ? await verifyTurnstile(settings.turnstile, call.turnstileToken, clientAddress(request)) : null;
    return await notifyOne(store, settings.resend, call.id, check);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return reject(503, 'The submission store is unavailable', `store:${error.operation}`, {
      ...(call.kind === 'notify' ? { id: call.id } : {}),
      code: error.code,
    });
  }
}

/** A failed send as recorded in notify_last_error: `resend:<status>`, never the provider's text. */
function failureCode(result: Extract<SendResult, { ok: false }>): string {
  return `resend:${result.status}`;
}

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

/** The browser's fast path: the row it has just stored, by id; `check` is the Turnstile outcome. */
async function notifyOne(
  store: SubmissionStore,
  resend: ResendSettings,
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

  const sent = await sendWithResend(resend, renderNotification(outcome.row), outcome.row.id);
  if (!sent.ok) {
    // Counted and scheduled: the sweep retries it with the same Idempotency-Key.
    await store.recordFailure(outcome.claim, [id], failureCode(sent), sent.retryAfterSeconds);
    return reject(502, 'The email provider did not accept the notification', 'resend', {
      id,
      resendStatus: String(sent.status),
    });
  }
  await store.markSent(outcome.claim, [id]);
  log('info', 'sent', { id, status: 200, emailId: sent.emailId });
  return json(200, { sent: true });
}

interface SweepSummary {
  sent: number;
  retrying: number;
  released: number;
  digested: number;
}

/**
 * The scheduled job's call: individual emails for what is due, oldest first (a bounded batch within
 * the hourly cap), then a digest when one is due. A failure that says Resend is unwell (429, 5xx,
 * no answer) ends the batch: the rest goes back untried, to the next minute's sweep.
 */
async function sweep(store: SubmissionStore, resend: ResendSettings, verifiedOnly: boolean): Promise<Response> {
  const summary: SweepSummary = { sent: 0, retrying: 0, released: 0, digested: 0 };
  const { claim, rows } = await store.claimBatch(verifiedOnly);
  let providerDown = false;
  for (const [index, row] of rows.entries()) {
    const sent = await sendWithResend(resend, renderNotification(row), row.id);
    if (sent.ok) {
      summary.sent += await store.markSent(claim!, [row.id]);
      log('info', 'sent', { id: row.id, mode: 'sweep', attempt: row.attempts + 1, emailId: sent.emailId });
      continue;
    }
    summary.retrying += await store.recordFailure(claim!, [row.id], failureCode(sent), sent.retryAfterSeconds);
    log('warn', 'send-failed', { id: row.id, mode: 'sweep', attempt: row.attempts + 1, resendStatus: String(sent.status) });
    if (providerUnavailable(sent.status)) {
      providerDown = true;
      const untried = rows.slice(index + 1).map((rest) => rest.id);
      if (untried.length > 0) summary.released += await store.release(claim!, untried);
      break;
    }
  }
  if (!providerDown) await sendDigest(store, resend, summary, verifiedOnly);

  log('info', 'swept', { status: 200, ...summary });
  return json(200, { ...summary });
}

async function sendDigest(
  store: SubmissionStore,
  resend: ResendSettings,
  summary: SweepSummary,
  verifiedOnly: boolean,
): Promise<void> {
  const digest: Batch = await store.claimDigest(verifiedOnly);
  if (!digest.claim || digest.rows.length === 0) return;
  const ids = digest.rows.map((row) => row.id);
  const sent = await sendWithResend(resend, renderDigest(digest.rows), await digestKey(digest.rows));
  if (sent.ok) {
    summary.digested += await store.markSent(digest.claim, ids);
    log('info', 'digest-sent', { rows: ids.length, emailId: sent.emailId });
  } else {
    summary.retrying += await store.recordFailure(digest.claim, ids, failureCode(sent), sent.retryAfterSeconds);
    log('warn', 'digest-failed', { rows: ids.length, resendStatus: String(sent.status) });
  }
}

/** The same rows give the same key (and the same payload): a retried digest is delivered once. */
async function digestKey(rows: SubmissionRow[]): Promise<string> {
  const ids = rows.map((row) => row.id).sort().join(',');
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(ids)));
  return `digest-${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
