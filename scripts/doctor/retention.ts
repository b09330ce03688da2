// Whether visitors' data is kept no longer than the retention (20261127000200_personal_data.sql):
// the setting, the oldest inquiry kept, and the daily job's last run. Ids, counts and times only.
import { fail, ok, plural, type CheckResult, type Database } from './report';

interface RetentionState {
  retention: string;
  oldest: Date | null;
  overdue: number;
  held: number;
  last_run_at: Date | null;
  stale: boolean;
}

const day = (time: Date) => time.toISOString().slice(0, 10);

export async function checkRetention(db: Database): Promise<CheckResult> {
  const name = 'personal data retention';
  const { rows: present } = await db.query<{ present: boolean }>(
    `select pg_catalog.to_regclass('private.inquiry_retention_runs') is not null as present`,
  );
  if (!present[0]?.present) return fail(name, 'no retention here (private.inquiry_retention_runs is missing)', 'supabase db push');
  const { rows } = await db.query<RetentionState>(
    `select l.inquiry_retention::text as retention,
            (select min(s.created_at) from public.contact_submissions as s where not s.legal_hold) as oldest,
            (select count(*)::int from public.contact_submissions as s
              where not s.legal_hold and s.created_at < now() - l.inquiry_retention) as overdue,
            (select count(*)::int from public.contact_submissions as s where s.legal_hold) as held,
            r.last_run_at,
            coalesce(r.last_run_at, r.since) < now() - interval '2 days' as stale
       from private.inquiry_limits as l cross join private.inquiry_retention_runs as r`,
  );
  const state = rows[0];
  if (!state) return fail(name, 'private.inquiry_limits or private.inquiry_retention_runs has no row', 'supabase db push');
  const detail =
    `retention ${state.retention}; oldest inquiry kept ${state.oldest ? day(state.oldest) : '(none)'}` +
    `${state.held ? `, ${plural(state.held, 'inquiry', 'inquiries')} under legal hold` : ''}; ` +
    `job last ran ${state.last_run_at ? state.last_run_at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'never'}`;
  if (state.overdue > 0) {
    return fail(
      name,
      `${detail}: ${plural(state.overdue, 'inquiry', 'inquiries')} past the retention still kept`,
      'select private.apply_inquiry_retention(); then see why the job inquiry-retention did not (select * from cron.job_run_details)',
    );
  }
  if (state.stale) {
    return fail(
      name,
      `${detail}: the retention job has not run for two days`,
      "enable pg_cron, supabase db push; select * from cron.job where jobname = 'inquiry-retention';",
    );
  }
  return ok(name, detail);
}
