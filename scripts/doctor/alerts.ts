// What the alert job has to report, and whether its webhook took the last alert.
import { lastResponse } from './http-response';
import type { Secrets } from './redact';
import { fail, minutesSince, ok, warn, type CheckResult, type Database } from './report';

/** Whether the alert webhook in Vault is one the alert job refuses (20261126000200_inquiry_alerts_public_https.sql). */
async function webhookRefused(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ refused: boolean | null }>(
    `select case when pg_catalog.to_regprocedure('private.is_public_https_url(text)') is not null then (
              select not private.is_public_https_url(pg_catalog.btrim(s.decrypted_secret))
              from vault.decrypted_secrets as s
              where s.name = 'inquiry_alert_webhook_url' and pg_catalog.btrim(s.decrypted_secret) <> ''
              limit 1
            ) end as refused`,
  );
  return rows[0]?.refused === true;
}

export async function checkAlerts(db: Database, secrets: Secrets): Promise<CheckResult> {
  const name = 'alerts';
  if (await webhookRefused(db)) {
    return fail(
      name,
      'inquiry_alert_webhook_url in Vault is not a public https URL (an http:// address, or a loopback, private or link-local host): no alert is sent',
      "select vault.update_secret((select id from vault.secrets where name = 'inquiry_alert_webhook_url'), '<https:// incoming webhook URL>');",
    );
  }
  const { rows: conditions } = await db.query<{ cause: string; message: string }>(
    'select cause, message from private.inquiry_alert_conditions()',
  );
  const { rows: calls } = await db.query<{ cause: string; called_at: Date; call_request_id: string | null; error: string }>(
    `select cause, called_at, call_request_id, coalesce(call_error, '') as error from private.inquiry_alerts
      where called_at > '-infinity' order by called_at desc`,
  );
  const refused = conditions.filter((condition) => condition.cause === 'flood' || condition.cause === 'backlog');
  const last = calls[0];
  let answered = '';
  if (last) {
    const answer = await lastResponse(db, last.call_request_id, secrets);
    if (last.error)
      return fail(name, `the last alert (${last.cause}) could not be queued: ${last.error}`, 'check inquiry_alert_webhook_url in Vault');
    if (answer && !(answer.status_code && answer.status_code >= 200 && answer.status_code < 300)) {
      return fail(
        name,
        `the webhook answered the last alert (${last.cause}) with ${answer.status_code ?? answer.error}`,
        'check inquiry_alert_webhook_url in Vault',
      );
    }
    answered = `; last alert: ${last.cause}, ${minutesSince(last.called_at)} min ago`;
  }
  if (refused.length) {
    return warn(
      name,
      refused.map((condition) => condition.message).join(' ') + answered,
      'a flood is refused by the ceiling; raise inserts_overall or pending_max only if real visitors are among the refused',
    );
  }
  const now = conditions.length ? `to report: ${conditions.map((condition) => condition.cause).join(', ')}` : 'nothing to report';
  return ok(name, `${now}${answered}`);
}
