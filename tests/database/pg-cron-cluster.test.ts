// The test server for scheduled work: Debian's PostgreSQL 15 with pg_cron preloaded, as Supabase
// runs it. The suites of the scheduled jobs (rebuild debounce, inquiry sweep) rely on this server
// really running a job on its schedule, which is proven here once, end to end.
import { openEmbeddedDatabase } from 'gatsby-source-supabase-content/embedded-db';
import { SUPABASE_PATHS } from '../support/database';
import { clusterForTheFile, describeWithPgCron, loadSupabaseFiles } from '../support/postgres';
import { afterNextCronMinute, nextMinuteSoon, settledCronRuns } from '../support/cron-jobs';
import { openProjectDatabase } from '../support/shared-postgres';

const hasPgCron = async (query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>) =>
  (await query(`select count(*)::int as n from pg_catalog.pg_extension where extname = 'pg_cron'`)).rows[0]?.n === 1;

test('the migrations apply without pg_cron, and leave it off (PGlite)', async () => {
  const db = await openEmbeddedDatabase(SUPABASE_PATHS);
  try {
    expect(await hasPgCron((sql) => db.query(sql))).toBe(false);
  } finally {
    await db.close();
  }
});

test('the migrations apply on PostgreSQL without pg_cron in shared_preload_libraries, and leave it off', async () => {
  // The run's shared cluster, whose copy of the project's database the migrations made.
  const db = await openProjectDatabase();
  try {
    expect(await hasPgCron((sql) => db.client.query(sql))).toBe(false);
  } finally {
    await db.close();
  }
});

describeWithPgCron('PostgreSQL 15 with pg_cron', () => {
  const cluster = clusterForTheFile({ cron: true });

  test('the migrations enable pg_cron where it can load', async () => {
    await loadSupabaseFiles(cluster().client);
    expect(await hasPgCron((sql) => cluster().client.query(sql))).toBe(true);
  });

  test("moves the server's time of day forward to just before a minute, for the test that waits for one", async () => {
    const { client, moveClock } = cluster();
    // Missing only where the clock could not be built or loaded, which CI=true refuses (tests/support/postgres.ts).
    if (!moveClock) return expect(process.env.CI).not.toBe('true');
    const timeOfDay = async () =>
      Number((await client.query<{ ms: string }>('select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms')).rows[0]?.ms);
    const before = await timeOfDay();
    await nextMinuteSoon(cluster());
    const after = await timeOfDay();
    expect(60_000 - (after % 60_000)).toBeLessThanOrEqual(2_500);
    expect(after - before).toBeGreaterThanOrEqual(0);
    expect(after - Date.now()).toBeGreaterThanOrEqual(-1_000);
  });

  test('runs a scheduled job in the database the migrations run in', async () => {
    const { client } = cluster();
    await client.query('create extension if not exists pg_cron');
    await client.query('create table public.ticks (at timestamptz not null default now())');
    await client.query(`select cron.schedule('tick', '* * * * *', 'insert into public.ticks default values')`);

    // pg_cron 1.4 schedules by the minute: the first run comes at the next one, brought near.
    const ticks = await afterNextCronMinute(
      cluster(),
      async () => Number((await client.query<{ n: string }>('select count(*) as n from public.ticks')).rows[0]?.n),
      (n) => n > 0,
    );
    expect(ticks).toBeGreaterThan(0);
    expect((await settledCronRuns((sql, params) => client.query(sql, params))).at(-1)).toBe('succeeded');
  });
});
