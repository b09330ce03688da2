// The retention of visitors' data (supabase/migrations/20261127000200_personal_data.sql,
// 20261129000100_visitor_data_scope.sql) on PostgreSQL 15 with pg_cron: the migrations schedule the
// daily job and the limit table's pruning every 5 minutes, whose commands (read from cron.job and
// run here, as the sweep's suite does) delete inquiries older than the retention with the rows
// derived from them, keep younger and held ones, and drop limit writes past the widest window a
// limit counts over, so that a mailbox refused stays refused through either job; and `npm run
// doctor`'s retention row, which fails when an old row remains or the job is stale.
import path from 'node:path';
import { visitorRow } from 'local-supabase/visitor';
import { SUPABASE_PATHS, migrationFiles } from '../support/database';
import { clusterForTheFile, describeWithPgCron, loadSupabaseFiles, superuserUrl } from '../support/postgres';
import { pauseCronJobs } from '../support/cron-jobs';
import { asPostgrest, type SqlClient } from './suites/inquiries';
import { checkRetention } from '../../scripts/doctor/retention';
import { runDoctor } from '../../scripts/doctor/run';

const MIGRATION = path.join(SUPABASE_PATHS.migrations, '20261127000200_personal_data.sql');
const LIMITS_MIGRATION = path.join(SUPABASE_PATHS.migrations, '20261129000100_visitor_data_scope.sql');
const JOB = 'inquiry-retention';
const PRUNE_JOB = 'inquiry-limit-prune';
const POSTGREST_INSERT = `insert into public.contact_submissions (id, name, email, company, message, type)
  select id, name, email, company, message, type from json_populate_recordset(null::public.contact_submissions, $1::json)`;

type Row = Record<string, unknown>;

describeWithPgCron('the inquiry retention on PostgreSQL 15 with pg_cron', () => {
  const cluster = clusterForTheFile({ cron: true });
  const query = (sql: string, params?: unknown[]) => cluster().client.query<Row>(sql, params);
  beforeAll(async () => {
    await loadSupabaseFiles(cluster().client);
    // Stands in for what the promises' tables are: derived from one inquiry, deleted with it.
    await query(`create table private.test_action_tokens (
      id bigint generated always as identity primary key,
      inquiry_id uuid not null references public.contact_submissions (id) on delete cascade)`);
    // The jobs' own runs (03:17 UTC, every 5 minutes) would race the cases, which run their commands by hand.
    await pauseCronJobs(query, [JOB, PRUNE_JOB]);
  });

  /** `file` applied again, and the migrations after it, as a push in order would: later files restate its functions. */
  const applyFrom = async (file: string) => {
    for (const migration of (await migrationFiles()).filter((m) => m.file >= file)) await query(migration.sql);
  };
  const jobs = async (name = JOB) =>
    (await query('select jobname, schedule, command, database, username from cron.job where jobname = $1', [name])).rows;
  const job = () => jobs(JOB);
  const runJob = async (name = JOB) => {
    const [scheduled] = await jobs(name);
    return (await query(String(scheduled?.command))).rows[0];
  };
  const owner: SqlClient = {
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await query(sql, params)).rows as T[] }),
    exec: (sql) => query(sql),
  };
  /** `POST /rest/v1/contact_submissions` of one inquiry from `address`, as PostgREST runs it: null when stored, else the SQLSTATE. */
  const post = (address: string, email: string) =>
    asPostgrest(
      owner,
      {
        role: 'anon',
        method: 'POST',
        path: '/contact_submissions',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': address, 'x-forwarded-for': `${address}, 172.70.1.1` },
      },
      POSTGREST_INSERT,
      [JSON.stringify([{ ...visitorRow({ company: null, type: 'contact' }), email }])],
    );

  /** An inquiry made `age` ago, with one derived row; its id. */
  async function inquiry(name: string, age: string, held = false): Promise<string> {
    const { rows } = await query(
      `insert into public.contact_submissions (name, email, message, type, created_at, notified_at, legal_hold)
       values ($1, $2, 'Hello', 'contact', now() - $3::interval, now() - $3::interval, $4) returning id`,
      [name, `${name.toLowerCase()}@example.com`, age, held],
    );
    const id = String(rows[0]?.id);
    await query('insert into private.test_action_tokens (inquiry_id) values ($1)', [id]);
    return id;
  }

  const names = async () =>
    (await query('select s.name from public.contact_submissions as s order by s.name')).rows.map((row) => row.name as string);
  const tokensOf = async (ids: string[]) =>
    Number((await query('select count(*) from private.test_action_tokens where inquiry_id = any($1::uuid[])', [ids])).rows[0]?.count);

  test('the migrations schedule it daily, and applying the migration again changes nothing', async () => {
    const before = await job();
    expect(before).toEqual([
      {
        jobname: JOB,
        schedule: '17 3 * * *',
        command: 'select private.apply_inquiry_retention()',
        database: 'postgres',
        username: 'postgres',
      },
    ]);
    const defaults = await query('select inquiry_retention::text as retention from private.inquiry_limits');
    expect(defaults.rows).toEqual([{ retention: '1 year' }]);
    await applyFrom(MIGRATION);
    expect(await job()).toEqual(before);
  });

  test('the migrations prune the limit table every 5 minutes, and applying the migration again changes nothing', async () => {
    const before = await jobs(PRUNE_JOB);
    expect(before).toEqual([
      {
        jobname: PRUNE_JOB,
        schedule: '*/5 * * * *',
        command: 'select private.prune_inquiry_writes()',
        database: 'postgres',
        username: 'postgres',
      },
    ]);
    expect((await query('select private.inquiry_writes_kept()::text as kept')).rows).toEqual([{ kept: '01:00:00' }]);
    await applyFrom(LIMITS_MIGRATION);
    expect(await jobs(PRUNE_JOB)).toEqual(before);
  });

  test('a mailbox refused at its fourth inquiry is still refused after the retention job and the pruning job', async () => {
    const address = '203.0.113.44';
    const email = 'flood@example.com';
    const writes = async () =>
      Number((await query('select count(*) as n from private.inquiry_writes where client = $1', [address])).rows[0]?.n);
    try {
      const outcomes = [];
      for (let i = 0; i < 4; i++) outcomes.push(await post(address, email));
      expect(outcomes).toEqual([null, null, null, 'PT429']);
      // Past insert_window (10 minutes), within email_insert_window (1 hour): the per-mailbox limit still counts them.
      await query(`update private.inquiry_writes set at = at - interval '15 minutes' where client = $1`, [address]);
      await runJob(JOB);
      expect(await post(address, email)).toBe('PT429');
      await runJob(PRUNE_JOB);
      expect(await post(address, email)).toBe('PT429');
      expect(await writes()).toBe(3);

      // Past the hour the pruning job deletes them, and the mailbox counts afresh.
      await query(`update private.inquiry_writes set at = at - interval '46 minutes' where client = $1`, [address]);
      expect(await runJob(PRUNE_JOB)).toEqual({ prune_inquiry_writes: '3' });
      expect(await writes()).toBe(0);
      expect(await post(address, email)).toBeNull();
    } finally {
      await query('delete from public.contact_submissions; delete from private.inquiry_writes');
    }
  });

  test('deletes a 13-month-old inquiry and its derived rows; keeps an 11-month-old one and a held one; prunes addresses past the hour', async () => {
    const old = await inquiry('Thirteen', '13 months');
    const young = await inquiry('Eleven', '11 months');
    const held = await inquiry('Held', '3 years', true);
    await query(`insert into private.inquiry_writes (client, network, at) values
      ('203.0.113.7', null, now() - interval '11 minutes'),
      ('2001:db8:1:2::/64', '2001:db8:1::/48', now() - interval '2 hours'),
      ('203.0.113.8', null, now() - interval '1 minute')`);
    const stale = await checkRetention(cluster().client);
    expect(stale.status).toBe('FAIL');
    expect(stale.detail).toContain('1 inquiry past the retention still kept');

    expect(await runJob()).toEqual({ apply_inquiry_retention: { inquiries: 1, addresses: 1, actions: 0 } });
    expect(await names()).toEqual(['Eleven', 'Held']);
    expect(await tokensOf([old])).toBe(0);
    expect(await tokensOf([young, held])).toBe(2);
    expect((await query('select client from private.inquiry_writes order by client')).rows).toEqual([
      { client: '203.0.113.7' },
      { client: '203.0.113.8' },
    ]);

    // Idempotent: the next day's run finds nothing more.
    expect(await runJob()).toEqual({ apply_inquiry_retention: { inquiries: 0, addresses: 0, actions: 0 } });
    expect(await names()).toEqual(['Eleven', 'Held']);
  });

  test('a shorter retention set by an operator applies on the next run, and still never to a held row', async () => {
    await query(`update private.inquiry_limits set inquiry_retention = interval '6 months'`);
    try {
      expect(await runJob()).toEqual({ apply_inquiry_retention: { inquiries: 1, addresses: 0, actions: 0 } });
      expect(await names()).toEqual(['Held']);
    } finally {
      await query(`update private.inquiry_limits set inquiry_retention = default`);
    }
  });

  test("doctor's row: the retention, the oldest inquiry kept, the last run; fails when the job has not run for two days", async () => {
    await inquiry('Recent', '2 days');
    const healthy = await checkRetention(cluster().client);
    expect(healthy.status).toBe('ok');
    expect(healthy.detail).toMatch(
      /^retention 1 year; oldest inquiry kept \d{4}-\d{2}-\d{2}, 1 inquiry under legal hold; job last ran \d{4}-/,
    );
    // No name, no address, no message: ids, counts and times only.
    expect(healthy.detail).not.toMatch(/Recent|Held|example\.com/);

    await query(`update private.inquiry_retention_runs set last_run_at = now() - interval '49 hours'`);
    const stale = await checkRetention(cluster().client);
    expect(stale).toMatchObject({ status: 'FAIL', detail: expect.stringContaining('has not run for two days') as unknown });

    const lines: string[] = [];
    const code = await runDoctor({
      env: { SUPABASE_DB_URL: superuserUrl(cluster().port) },
      args: [],
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    expect(code).toBe(1);
    expect(lines.find((line) => line.includes('personal data retention'))).toMatch(/^FAIL\s+personal data retention\s+retention 1 year/);
    await runJob();
    expect((await checkRetention(cluster().client)).status).toBe('ok');
  });
});
