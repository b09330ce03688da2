// pg_cron's jobs as the tests see them on PostgreSQL 15 with pg_cron (tests/support/postgres.ts):
// how their runs ended, holding them while a case drives or reads what they write, and bringing
// their next minute near.
import type { PostgresCluster } from './postgres';

/**
 * The statuses of a pg_cron job's runs (every job's when `jobid` is null), once none is still going:
 * pg_cron records a run's end in a transaction of its own, just after the command's, so the
 * command's work can be visible while its run still reads "starting" or "running".
 */
export async function settledCronRuns(
  query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  jobid: unknown = null,
  timeoutMs = 10_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await query('select status from cron.job_run_details where $1::bigint is null or jobid = $1::bigint order by runid', [
      jobid,
    ]);
    const statuses = rows.map((row) => String(row.status));
    if (!statuses.some((status) => status === 'starting' || status === 'running') || Date.now() > deadline) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Pauses the pg_cron jobs named and resolves once none of their runs can still be going: the
 * scheduler takes the change on its next round, at most a second later, and lets a run it has begun
 * finish. Gives back what makes them active again. For cases that set up what a job rewrites every
 * minute, or that run a job's command by hand and count what it did.
 */
export async function pauseCronJobs(
  query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  jobs: string[],
): Promise<() => Promise<void>> {
  const setActive = (active: boolean) =>
    query('select cron.alter_job(jobid, active := $2) from cron.job where jobname = any($1::text[])', [jobs, active]);
  await setActive(false);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await settledCronRuns(query);
  return async () => {
    await setActive(true);
  };
}

/** `fn` with the pg_cron jobs named paused (pauseCronJobs), made active again however it ends. */
export async function whileCronJobsPaused<T>(
  query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  jobs: string[],
  fn: () => Promise<T>,
): Promise<T> {
  const resume = await pauseCronJobs(query, jobs);
  try {
    return await fn();
  } finally {
    await resume();
  }
}

/** How far before the start of a minute nextMinuteSoon puts a cluster's clock: over pg_cron's one-second round, so a job scheduled just before is seen in time. */
const LEAD_MS = 2_500;

/**
 * Moves a pg_cron cluster's clock (movable-clock.c) to LEAD_MS before the next minute, so that
 * pg_cron starts that minute's jobs within seconds instead of within a minute. Where the clock
 * cannot move (no C compiler, or a noexec folder), the wait is the real one.
 */
export async function nextMinuteSoon(cluster: Pick<PostgresCluster, 'client' | 'moveClock'>): Promise<void> {
  if (!cluster.moveClock) return;
  const { rows } = await cluster.client.query<{ into_minute: string }>(
    'select (extract(epoch from clock_timestamp()) * 1000)::bigint % 60000 as into_minute',
  );
  // Forward only: nearer than LEAD_MS to a minute, the clock goes on to LEAD_MS before the one after.
  await cluster.moveClock((120_000 - Number(rows[0]?.into_minute) - LEAD_MS) % 60_000);
}

/**
 * What `read` gives once pg_cron's next minute (brought near by nextMinuteSoon) has done what `ran`
 * looks for: read every second, and after 75 s (more than a real minute) the last value, for the
 * test to judge.
 */
export async function afterNextCronMinute<T>(
  cluster: Pick<PostgresCluster, 'client' | 'moveClock'>,
  read: () => Promise<T>,
  ran: (value: T) => boolean,
): Promise<T> {
  await nextMinuteSoon(cluster);
  const deadline = Date.now() + 75_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const value = await read();
    if (ran(value) || Date.now() >= deadline) return value;
  }
}
