// The verified path past the overall ceiling: the Data API refused a visitor's row with PT503 (others
// filled the ceiling), and the visitor passed Turnstile. Siteverify must accept the token before
// anything is stored; the row is then stored with the service key through
// public.inquiry_store_verified (past the ceiling, within the per-address, per-email and pending
// limits), and the team is notified as after any insert. The function stays no open mail relay: the
// email still goes to the team only, written from the stored row, once per row, and each store
// spends a token that siteverify accepts once.
import { json, reject } from './http.ts';
import { log } from './log.ts';
import { sendOne } from './notify.ts';
import type { Settings } from './settings.ts';
import { StoreError, type SubmissionStore } from './store.ts';
import { verifyTurnstile } from './turnstile.ts';
import type { Call } from './validate.ts';

// The database's own refusals, passed on with their code so that the browser tells them apart as
// it does the Data API's: PT429 the visitor's own limits, PT503 the backlog (others' doing).
const LIMITS = {
  PT429: [429, 'Too many inquiries from this address or email address'],
  PT503: [503, 'Too many inquiries waiting to be sent'],
} as const;

/** PostgreSQL's classes for a value the table refuses (data exception, integrity constraint). */
const REFUSED_VALUE = /^2[23]/;

export async function storeVerified(
  store: SubmissionStore,
  settings: Pick<Settings, 'resend' | 'turnstile' | 'supabaseUrl' | 'serviceRoleKey' | 'actionTokenKey'>,
  call: Extract<Call, { kind: 'store' }>,
  visitor: { address: string | null; headers: Record<string, string> },
): Promise<Response> {
  const { row } = call;
  if (!settings.turnstile) {
    return reject(403, 'Storing past the limit needs Turnstile, which this function has no secret for', 'store:turnstile-off', {
      id: row.id,
    });
  }
  const check = await verifyTurnstile(settings.turnstile, call.turnstileToken, visitor.address);
  if (!check.verified) {
    return reject(403, 'The Turnstile challenge was not passed', `store:turnstile:${check.reason}`, { id: row.id });
  }

  let outcome: 'stored' | 'duplicate';
  try {
    outcome = await store.storeVerified(row, visitor.headers);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    if (error.code === 'PT429' || error.code === 'PT503') {
      const [status, message] = LIMITS[error.code];
      return reject(status, message, `store:${error.code}`, { id: row.id }, { code: error.code });
    }
    if (REFUSED_VALUE.test(error.code)) {
      return reject(400, 'The database refused a field of this inquiry', `store:${error.code}`, { id: row.id }, { code: error.code });
    }
    throw error;
  }
  log('info', 'stored', { id: row.id, outcome });

  // From here on the row is in the table whatever the email does (the sweep sends what this call
  // could not): `stored: true` tells the browser so.
  const answer = await sendOne(store, settings, row.id, check);
  return json(answer.status, { ...(await answer.json()), stored: true });
}
