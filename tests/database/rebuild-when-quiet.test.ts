// Rebuild when quiet (supabase/migrations/20261124002000_rebuild_when_quiet.sql and
// 20261126001000_rebuild_max_wait.sql): where pg_cron runs, a burst of edits calls the build hook
// once, a minute after the last one, or max_wait after the first one when the edits never stop; where
// it does not (PGlite, plain PostgreSQL), every statement still calls it. The hook is the bootstrap's pg_net stand-in,
// which records each call in net.http_post_calls.
//
// The quiet minute is driven two ways: most tests age the recorded change time and run the job's
// own command (from cron.job), which takes no wall-clock wait; one test waits for pg_cron to run the
// job on its schedule.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openEmbeddedDatabase } from 'gatsby-source-supabase-content/embedded-db';
import { SUPABASE_PATHS } from '../support/database';
import { clusterForTheFile, describeWithPgCron, loadSupabaseFiles } from '../support/postgres';
import { afterNextCronMinute, settledCronRuns } from '../support/cron-jobs';
import { openProjectDatabase } from '../support/shared-postgres';

const MIGRATIONS = ['20261124002000_rebuild_when_quiet.sql', '20261126001000_rebuild_max_wait.sql'].map((name) =>
  path.join(SUPABASE_PATHS.migrations, name),
);
/** The migrations of the rebuild, run again in their order (the second replaces functions of the first). */
async function applyMigrationsAgain(exec: Exec): Promise<void> {
  for (const file of MIGRATIONS) await exec(await readFile(file, 'utf8'));
}
const HOOK_URL = 'https://api.netlify.com/build_hooks/test-hook';
const JOB = 'site-rebuild';

type Row = Record<string, unknown>;
/** One SQL statement with parameters, on either engine. */
type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Row[] }>;
/** A script of several statements, on either engine. */
type Exec = (sql: string) => Promise<unknown>;

interface Engine {
  query: Query;
  exec: Exec;
}

interface HookCall {
  url: string;
  body: Record<string, unknown>;
}

const CONTENT_TABLES = ['material_coverage', 'timeline', 'feature_cards'] as const;
type ContentTable = (typeof CONTENT_TABLES)[number];

/** One edit as an editor saves it: one statement, its own transaction, on one seeded row. */
function editSql(table: ContentTable): string {
  return `update public.${table} set order_index = order_index where id = (select id from public.${table} order by order_index limit 1)`;
}

/** The calls to the build hook (other jobs, such as the inquiry sweep, may call their own URLs). */
async function hookCalls(query: Query): Promise<HookCall[]> {
  return (await query('select url, body from net.http_post_calls where url = $1 order by id', [HOOK_URL])).rows as unknown as HookCall[];
}

async function rebuildState(query: Query): Promise<Row> {
  const { rows } = await query(
    `select pending_statements::int as pending_statements, pending_tables, changed_at, called_at, call_body, call_request_id, call_error
     from private.site_rebuild`,
  );
  expect(rows).toHaveLength(1);
  return rows[0] as Row;
}

async function setHookUrl({ query }: Engine, url: string | null): Promise<void> {
  await query(`delete from vault.secrets where name = 'site_build_hook_url'`);
  if (url !== null) await query(`select vault.create_secret($1, 'site_build_hook_url')`, [url]);
}

async function reset({ exec }: Engine): Promise<void> {
  await exec(`
    delete from net.http_post_calls;
    update private.site_rebuild
    set pending_statements = 0, pending_tables = '{}', changed_at = null, first_pending_at = null, max_wait = interval '10 minutes',
        called_at = null, call_body = null, call_request_id = null, call_error = null;
  `);
}

/** Everything the migration leaves behind, to compare before and after it runs a second time. */
async function migrationResult(query: Query, { cron }: { cron: boolean }): Promise<Row> {
  const rows = async (sql: string) => (await query(sql)).rows;
  return {
    functions: await rows(`
      select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition, p.proacl::text as acl
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where (n.nspname = 'private' and p.proname in ('call_site_build_hook', 'site_rebuild_waits_for_quiet', 'request_site_rebuild_when_quiet'))
         or (n.nspname = 'public' and p.proname = 'request_site_rebuild')
      order by 1`),
    table: await rows(`
      select column_name, data_type, column_default, is_nullable from information_schema.columns
      where table_schema = 'private' and table_name = 'site_rebuild' order by ordinal_position`),
    tablePrivileges: await rows(`select relacl::text as acl from pg_class where oid = 'private.site_rebuild'::regclass`),
    state: await rows('select * from private.site_rebuild'),
    triggers: await rows(`
      select tgname, tgrelid::regclass::text as on_table, tgfoid::regprocedure::text as function
      from pg_trigger where tgfoid = 'public.request_site_rebuild()'::regprocedure order by 1`),
    jobs: cron ? await rows('select jobid, jobname, schedule, command, database, username, active from cron.job order by jobid') : [],
  };
}

/** The suite every engine without pg_cron passes: the migrations apply and each edit calls the hook. */
function withoutPgCron(open: () => Promise<Engine & { close(): Promise<void> }>) {
  let engine: Engine & { close(): Promise<void> };

  beforeAll(async () => {
    engine = await open();
  });
  afterAll(() => engine?.close());
  beforeEach(async () => {
    await reset(engine);
    await setHookUrl(engine, HOOK_URL);
  });

  it('has the migrations applied and calls the hook for each edit at once, keeping a record of the last call', async () => {
    for (const table of ['timeline', 'feature_cards'] as const) await engine.query(editSql(table));
    expect(await hookCalls(engine.query)).toEqual([
      { url: HOOK_URL, body: { table: 'timeline', op: 'UPDATE' } },
      { url: HOOK_URL, body: { table: 'feature_cards', op: 'UPDATE' } },
    ]);
    const { rows } = await engine.query('select max(id)::bigint as id from net.http_post_calls where url = $1', [HOOK_URL]);
    expect(await rebuildState(engine.query)).toMatchObject({
      pending_statements: 0,
      call_body: { table: 'feature_cards', op: 'UPDATE' },
      call_request_id: rows[0]?.id,
      call_error: null,
    });
  });

  it('has no job that could call the hook a second time', async () => {
    await engine.query(editSql('material_coverage'));
    await engine.query(`update private.site_rebuild set changed_at = changed_at - interval '1 hour'`);
    expect((await engine.query('select private.request_site_rebuild_when_quiet() as called')).rows).toEqual([{ called: false }]);
    expect(await hookCalls(engine.query)).toHaveLength(1);
  });

  it('applies the migration a second time without error or change', async () => {
    const before = await migrationResult(engine.query, { cron: false });
    await applyMigrationsAgain(engine.exec);
    expect(await migrationResult(engine.query, { cron: false })).toEqual(before);
  });
}

describe('PGlite, the embedded database of the build (no pg_cron)', () => {
  withoutPgCron(async () => {
    const db = await openEmbeddedDatabase(SUPABASE_PATHS);
    return { query: (sql, params) => db.query<Row>(sql, params), exec: (sql) => db.exec(sql), close: () => db.close() };
  });
});

describe('PostgreSQL 15 without pg_cron', () => {
  withoutPgCron(async () => {
    const db = await openProjectDatabase();
    return {
      query: (sql, params) => db.client.query<Row>(sql, params),
      exec: (sql) => db.client.query(sql),
      close: () => db.close(),
    };
  });
});

describeWithPgCron('PostgreSQL 15 with pg_cron', () => {
  const cluster = clusterForTheFile({ cron: true });
  let engine: Engine;
  let jobCommand: string;

  beforeAll(async () => {
    const { client } = cluster();
    await loadSupabaseFiles(client);
    engine = { query: (sql, params) => client.query<Row>(sql, params), exec: (sql) => client.query(sql) };
    const { rows } = await engine.query('select command from cron.job where jobname = $1', [JOB]);
    jobCommand = String(rows[0]?.command);
  });
  beforeEach(async () => {
    await reset(engine);
    await setHookUrl(engine, HOOK_URL);
  });

  /** Ten separate edits across the three tables, one of them through the API's service role. */
  async function tenEdits(): Promise<void> {
    for (let i = 0; i < 10; i += 1) {
      const table = CONTENT_TABLES[i % CONTENT_TABLES.length] as ContentTable;
      if (i === 4) await engine.exec(`begin; set local role service_role; ${editSql(table)}; commit;`);
      else await engine.query(editSql(table));
    }
  }

  /** Moves the recorded edits into the past, as if that much time had gone by since. */
  const age = (seconds: number) =>
    engine.query(`update private.site_rebuild set changed_at = changed_at - make_interval(secs => $1)`, [seconds]);
  // The scheduled job runs meanwhile too: what is asserted is the hook calls, whoever made them.
  const runJob = () => engine.query(jobCommand);

  it('schedules the job every minute, in the database the migrations ran in', async () => {
    const { rows } = await engine.query('select schedule, command, database, active from cron.job where jobname = $1', [JOB]);
    expect(rows).toEqual([
      { schedule: '* * * * *', command: 'select private.request_site_rebuild_when_quiet()', database: 'postgres', active: true },
    ]);
  });

  it('turns ten separate edits into one hook call, once the content has been quiet for a minute', async () => {
    await tenEdits();
    expect(await hookCalls(engine.query)).toEqual([]);
    expect(await rebuildState(engine.query)).toMatchObject({ pending_statements: 10, pending_tables: [...CONTENT_TABLES].sort() });

    await runJob();
    await age(58);
    await runJob();
    expect(await hookCalls(engine.query)).toEqual([]);

    await age(3);
    await runJob();
    const calls = await hookCalls(engine.query);
    expect(calls).toEqual([
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      { url: HOOK_URL, body: { tables: [...CONTENT_TABLES].sort(), changes: 10, last_change_at: expect.any(String) } },
    ]);

    await runJob();
    await age(3600);
    await runJob();
    expect(await hookCalls(engine.query)).toHaveLength(1);
    const { rows } = await engine.query('select id::bigint as id from net.http_post_calls where url = $1', [HOOK_URL]);
    expect(await rebuildState(engine.query)).toMatchObject({
      pending_statements: 0,
      pending_tables: [],
      call_body: calls[0]?.body,
      call_request_id: rows[0]?.id,
      call_error: null,
    });
  });

  it('starts the quiet minute again with each edit', async () => {
    await engine.query(editSql('timeline'));
    await age(50);
    await engine.query(editSql('timeline'));
    await age(30);
    await runJob();
    expect(await hookCalls(engine.query)).toEqual([]);
    await age(31);
    await runJob();
    expect((await hookCalls(engine.query)).map((call) => call.body.changes)).toEqual([2]);
  });

  it('calls the hook max_wait after the first change while the edits never stop, then waits again for the next burst', async () => {
    /** Moves the first waiting change into the past only: the last one stays a moment ago. */
    const ageFirst = (seconds: number) =>
      engine.query(`update private.site_rebuild set first_pending_at = first_pending_at - make_interval(secs => $1)`, [seconds]);
    await engine.query(editSql('timeline'));
    const { rows: first } = await engine.query('select first_pending_at from private.site_rebuild');
    await engine.query(editSql('feature_cards'));
    expect((await engine.query('select first_pending_at from private.site_rebuild')).rows).toEqual(first);

    await ageFirst(9 * 60);
    await engine.query(editSql('timeline'));
    await runJob();
    expect(await hookCalls(engine.query)).toEqual([]);

    // Edited before the ageing, so that a scheduled run in between finds what runJob would.
    await engine.query(editSql('material_coverage'));
    await ageFirst(61);
    await runJob();
    expect((await hookCalls(engine.query)).map((call) => call.body.changes)).toEqual([4]);
    expect(await rebuildState(engine.query)).toMatchObject({ pending_statements: 0 });

    // The next edit starts a new wait: it is not handed over until it is quiet or max_wait old.
    await engine.query(editSql('timeline'));
    await runJob();
    expect(await hookCalls(engine.query)).toHaveLength(1);
    await engine.query(
      `update private.site_rebuild set max_wait = interval '1 second', first_pending_at = first_pending_at - interval '2 seconds'`,
    );
    await runJob();
    expect((await hookCalls(engine.query)).map((call) => call.body.changes)).toEqual([4, 1]);
  });

  it('notes nothing for a rolled-back edit', async () => {
    await engine.exec(`begin; ${editSql('feature_cards')}; rollback;`);
    expect(await rebuildState(engine.query)).toMatchObject({ pending_statements: 0, changed_at: null });
  });

  it('keeps the changes until a hook URL is stored, then calls it once', async () => {
    await setHookUrl(engine, null);
    await engine.query(editSql('material_coverage'));
    await age(120);
    await runJob();
    expect(await hookCalls(engine.query)).toEqual([]);
    expect(await rebuildState(engine.query)).toMatchObject({ pending_statements: 1 });
    await setHookUrl(engine, HOOK_URL);
    await runJob();
    expect((await hookCalls(engine.query)).map((call) => call.body.tables)).toEqual([['material_coverage']]);
  });

  it('applies the migration a second time without error or change, the job included', async () => {
    const before = await migrationResult(engine.query, { cron: true });
    expect((before.jobs as Row[]).filter((job) => job.jobname === JOB)).toHaveLength(1);
    await applyMigrationsAgain(engine.exec);
    expect(await migrationResult(engine.query, { cron: true })).toEqual(before);
  });

  it('goes back to one call per statement when the job is unscheduled', async () => {
    await engine.query('select cron.unschedule($1)', [JOB]);
    try {
      await engine.query(editSql('timeline'));
      expect(await hookCalls(engine.query)).toEqual([{ url: HOOK_URL, body: { table: 'timeline', op: 'UPDATE' } }]);
    } finally {
      await applyMigrationsAgain(engine.exec);
    }
    await engine.query(editSql('timeline'));
    expect(await hookCalls(engine.query)).toHaveLength(1);
  });

  it('is run by pg_cron on its schedule: ten edits, then one call after a quiet minute', async () => {
    await tenEdits();
    const { rows: jobs } = await engine.query('select jobid from cron.job where jobname = $1', [JOB]);
    const jobid = jobs[0]?.jobid;
    const { rows: before } = await engine.query('select count(*)::int as n from cron.job_run_details where jobid = $1', [jobid]);

    // The quiet minute itself is the other tests' subject; here it is taken as gone by, so that
    // pg_cron's next run (at the start of a minute, brought near) is the one that must call.
    await age(60);
    const calls = await afterNextCronMinute(
      cluster(),
      () => hookCalls(engine.query),
      (made) => made.length > 0,
    );
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
    expect(calls).toEqual([{ url: HOOK_URL, body: expect.objectContaining({ changes: 10 }) }]);

    // Called by the job, a full minute (as recorded) after the last edit, and only once.
    const { rows } = await engine.query(
      `select c.created_at - r.changed_at >= interval '60 seconds' as quiet_first
       from net.http_post_calls c, private.site_rebuild r where c.url = $1`,
      [HOOK_URL],
    );
    expect(rows).toEqual([{ quiet_first: true }]);
    const runs = await settledCronRuns(engine.query, jobid);
    expect(runs.length).toBeGreaterThan(Number(before[0]?.n));
    expect(runs.filter((status) => status !== 'succeeded')).toEqual([]);
    await runJob();
    expect(await hookCalls(engine.query)).toHaveLength(1);
  });
});
