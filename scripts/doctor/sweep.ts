// Whether the scheduled sweep reaches the function, and if not, what its last call was answered.
import { INQUIRY_FUNCTION } from '../../supabase/paths';
import { lastResponse } from './http-response';
import type { Secrets } from './redact';
import { fail, minutesSince, ok, type CheckResult, type Database } from './report';

interface SweepRow {
  last_run_at: Date | null;
  last_call_at: Date | null;
  last_call_request_id: string | null;
  recent: boolean;
  missing: string[];
}

const FIXES: Record<number, string> = {
  401: "service_role_key in Vault is not the function's SUPABASE_SERVICE_ROLE_KEY: update the secret",
  404: `the function is not deployed: supabase functions deploy ${INQUIRY_FUNCTION}`,
  500: 'the function lacks its own secrets (named in its answer): supabase secrets set …',
};

export async function checkSweep(db: Database, secrets: Secrets): Promise<CheckResult> {
  const name = 'the sweep';
  const { rows } = await db.query<SweepRow>(
    `select w.last_run_at, w.last_call_at, w.last_call_request_id, l.sweep_silence,
            w.last_run_at is not null and w.last_run_at >= now() - l.sweep_silence as recent,
            array(select n from pg_catalog.unnest(array['project_url', 'service_role_key']) as n
                  where not exists (select from vault.decrypted_secrets as s where s.name = n and pg_catalog.btrim(s.decrypted_secret) <> '')) as missing
       from private.inquiry_sweep as w, private.inquiry_limits as l`,
  );
  const sweep = rows[0];
  if (!sweep) return fail(name, 'private.inquiry_sweep has no row', 'supabase db push');
  const ran = sweep.last_run_at ? `last reached the database ${minutesSince(sweep.last_run_at)} min ago` : 'never reached the database';
  if (sweep.recent) return ok(name, ran);
  if (sweep.missing.length) {
    return fail(name, `${ran}: Vault lacks ${sweep.missing.join(' and ')}`, 'store them (see the Vault secrets row)');
  }
  const answer = await lastResponse(db, sweep.last_call_request_id, secrets);
  if (answer) {
    const said = answer.timed_out
      ? 'timed out'
      : answer.status_code
        ? `answered ${answer.status_code} ${answer.content}`
        : `failed: ${answer.error}`;
    return fail(
      name,
      `${ran}; the job's last call ${said}`,
      FIXES[answer.status_code ?? 0] ?? 'see net._http_response and the function logs',
    );
  }
  const called = sweep.last_call_at
    ? `the job last called ${minutesSince(sweep.last_call_at)} min ago`
    : 'the job has not called the function';
  return fail(name, `${ran}; ${called}`, 'check the scheduled jobs row, then the function logs');
}
