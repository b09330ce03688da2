// Whether pg_cron runs the sweep, the alerts, the promises job, the limit table's pruning, the rebuild and the site watch, and how
// their last runs went.
import { fail, minutesSince, ok, type CheckResult, type Database } from './report';

const JOBS = ['inquiry-notify-sweep', 'inquiry-alerts', 'inquiry-promises', 'inquiry-limit-prune', 'site-rebuild', 'site-watch'];

interface JobRow {
  name: string;
  active: boolean | null;
  schedule: string | null;
  status: string | null;
  start_time: Date | null;
  message: string | null;
}

export async function checkJobs(db: Database): Promise<CheckResult> {
  const name = 'scheduled jobs';
  const { rows: cron } = await db.query<{ present: boolean }>(`select pg_catalog.to_regclass('cron.job') is not null as present`);
  if (!cron[0]?.present) {
    return fail(
      name,
      'pg_cron is not enabled: no sweep, no alerts, one build per edit',
      'enable pg_cron (Database → Extensions), then supabase db push',
    );
  }
  const { rows } = await db.query<JobRow>(
    `select w.name, j.active, j.schedule, r.status, r.start_time, r.return_message as message
       from pg_catalog.unnest($1::text[]) as w(name)
       left join cron.job as j on j.jobname = w.name
       left join lateral (
         select d.status, d.start_time, d.return_message from cron.job_run_details as d
         where d.jobid = j.jobid order by d.start_time desc limit 1
       ) as r on true`,
    [JOBS],
  );
  const absent = rows.filter((row) => row.active === null).map((row) => row.name);
  const paused = rows.filter((row) => row.active === false).map((row) => row.name);
  const failing = rows.filter((row) => row.status === 'failed').map((row) => `${row.name}: ${row.message}`);
  const runs = rows
    .filter((row) => row.active)
    .map(
      (row) => `${row.name} ${row.start_time ? `last ran ${minutesSince(row.start_time)} min ago (${row.status})` : 'no run recorded yet'}`,
    );
  if (absent.length)
    return fail(name, `not scheduled: ${absent.join(', ')}`, 'supabase db push (the migrations schedule them where pg_cron is enabled)');
  if (failing.length)
    return fail(name, `last run failed: ${failing.join('; ')}`, 'select * from cron.job_run_details order by start_time desc limit 20;');
  if (paused.length)
    return fail(
      name,
      `paused: ${paused.join(', ')}`,
      `select cron.alter_job(jobid, active := true) from cron.job where jobname in (${paused.map((job) => `'${job}'`).join(', ')});`,
    );
  return ok(name, runs.join('; '));
}
