// The site watch and the preview's live state (supabase/migrations/20261126001100_site_live_watch.sql)
// on PostgreSQL 15 with pg_cron: the job reads the live site's page data through pg_net (the
// bootstrap's stand-in records each GET; this file plays pg_net's worker and writes the answer into
// net._http_response) and alerts once, cause "site behind", when the site stays behind longer than
// the rebuild's maximum wait. Time is moved by ageing the recorded times; the job's own command (from
// cron.job) is run, and one test lets pg_cron run it on its schedule.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SUPABASE_PATHS } from '../support/database';
import { clusterForTheFile, describeWithPgCron, loadSupabaseFiles } from '../support/postgres';
import { afterNextCronMinute, pauseCronJobs, settledCronRuns } from '../support/cron-jobs';
import { insertPreviewLink } from '../support/preview-links';

// The watch's migration and the later ones that restate its functions, applied again in their order.
const MIGRATIONS = ['20261126001100_site_live_watch.sql', '20261127000400_audit_three.sql', '20261127000500_editor_live_state.sql'].map(
  (name) => path.join(SUPABASE_PATHS.migrations, name),
);
const JOB = 'site-watch';
const SITE = 'https://adasorter.example/';
const PAGE_DATA = 'https://adasorter.example/page-data/index/page-data.json';
const WEBHOOK = 'https://hooks.slack.example/services/T000/B000/XXXX';
const TOKEN = 'site-watch-test-token-0123456789abcdefghijklmn';

type Row = Record<string, unknown>;

/** The page data a build writes for `/`, carrying the revision it was built from. */
const pageData = (revision: number | string) =>
  JSON.stringify({
    componentChunkName: 'component---src-templates-landing-page-tsx',
    path: '/',
    result: { data: { supabaseContentRevision: { revision: String(revision) } }, pageContext: { language: 'en' } },
  });

describeWithPgCron('the site watch on PostgreSQL 15 with pg_cron', () => {
  const cluster = clusterForTheFile({ cron: true });
  const query = (sql: string, params?: unknown[]) => cluster().client.query<Row>(sql, params);
  let jobCommand: string;

  const revision = async () => Number((await query('select revision from private.content_revision')).rows[0]?.revision);
  const edit = () =>
    query(`update public.timeline set title = title || '.' where id = (select id from public.timeline order by order_index limit 1)`);
  const runJob = async () => (await query(jobCommand)).rows;
  /** Sends the GETs the job queued and writes each answer where pg_net does. */
  async function answerGets(status: number, content: string): Promise<string[]> {
    const { rows } = await query('delete from net.http_get_calls returning id, url');
    for (const row of rows) {
      await query('insert into net._http_response (id, status_code, content_type, content) values ($1, $2, $3, $4)', [
        row.id,
        status,
        'application/json',
        content,
      ]);
    }
    return rows.map((row) => String(row.url));
  }
  /** One minute of the watch: the answer to the last request, then the job. */
  async function minute(liveRevision: number): Promise<void> {
    await answerGets(200, pageData(liveRevision));
    await runJob();
  }
  const alerts = async () =>
    (await query('select body from net.http_post_calls where url = $1 order by id', [WEBHOOK])).rows.map((row) => row.body as Row);
  /** Moves every revision after `live` into the past, as if the site had been behind that long. */
  const ageEditsAfter = (live: number, minutes: number) =>
    query(`update private.content_revision_history set changed_at = changed_at - make_interval(mins => $2) where revision > $1`, [
      live,
      minutes,
    ]);
  const setSecret = async (name: string, value: string | null) => {
    await query('delete from vault.secrets where name = $1', [name]);
    if (value !== null) await query('select vault.create_secret($1, $2)', [value, name]);
  };

  beforeAll(async () => {
    await loadSupabaseFiles(cluster().client);
    const { rows } = await query('select command from cron.job where jobname = $1', [JOB]);
    jobCommand = String(rows[0]?.command);
    // The tests below run the job themselves; pg_cron's runs would answer in between. The inquiry
    // alerts post to the same webhook (here "the sweep never ran", the first minute it is stored), so
    // they are held too.
    await pauseCronJobs(query, [JOB, 'inquiry-alerts']);
    await insertPreviewLink((sql, params) => query(sql, params), TOKEN);
  });

  beforeEach(async () => {
    await query(`delete from net.http_get_calls; delete from net._http_response; delete from net.http_post_calls`);
    await query(`update private.site_watch set request_id = null, requested_at = null, live_revision = null, checked_at = null,
                 check_error = null, alerted_at = null, alert_body = null, alert_request_id = null, alert_error = null`);
    await setSecret('site_url', SITE);
    await setSecret('inquiry_alert_webhook_url', WEBHOOK);
  });

  it('is scheduled every minute', async () => {
    const { rows } = await query('select schedule, command from cron.job where jobname = $1', [JOB]);
    expect(rows).toEqual([{ schedule: '* * * * *', command: 'select private.watch_live_site()' }]);
  });

  it('does nothing without the Vault secret site_url', async () => {
    await setSecret('site_url', null);
    await edit();
    await ageEditsAfter(0, 60);
    expect(await runJob()).toEqual([{ watch_live_site: false }]);
    expect((await query('select count(*)::int as n from net.http_get_calls')).rows).toEqual([{ n: 0 }]);
    expect((await query('select request_id, checked_at from private.site_watch')).rows).toEqual([{ request_id: null, checked_at: null }]);
    expect(await alerts()).toEqual([]);
  });

  it('asks the live page data, and sends nothing while the site shows the current revision', async () => {
    await runJob();
    const current = await revision();
    expect(await answerGets(200, pageData(current))).toEqual([PAGE_DATA]);
    await runJob();
    expect((await query('select live_revision::int as live, check_error from private.site_watch')).rows).toEqual([
      { live: current, check_error: null },
    ]);
    expect(await alerts()).toEqual([]);
  });

  it('behind within the wait: no alert; past it: one alert; again within the hour: none; caught up: no more', async () => {
    await runJob();
    const live = await revision();
    await edit();
    await edit();
    await minute(live);
    expect((await query('select state, edits_since::int as edits from private.site_live_state($1)', [live])).rows).toEqual([
      { state: 'pending', edits: 2 },
    ]);
    expect(await alerts()).toEqual([]);

    // Within the maximum wait (10 minutes) and the build's allowance (5): the forced build may be deploying.
    await ageEditsAfter(live, 14);
    await minute(live);
    expect(await alerts()).toEqual([]);

    await ageEditsAfter(live, 2);
    await minute(live);
    const sent = await alerts();
    expect(sent).toEqual([
      expect.objectContaining({
        cause: 'site behind',
        count: 2,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
        text: expect.stringMatching(
          /^Website: the live site shows the content of .+ UTC and has been behind the database since .+ UTC \(2 edits since\)/,
        ),
      }),
    ]);
    expect(sent[0]?.content).toBe(sent[0]?.text);

    await minute(live);
    await minute(live);
    expect(await alerts()).toHaveLength(1);

    // A rebuild lands: the site shows the current revision, and an hour later nothing is sent.
    const current = await revision();
    await minute(current);
    await query(`update private.site_watch set alerted_at = alerted_at - interval '2 hours'`);
    await minute(current);
    await minute(current);
    expect(await alerts()).toHaveLength(1);
    expect((await query('select state from private.site_live_state($1)', [current])).rows).toEqual([{ state: 'live' }]);
  });

  it('edits that never stop: each build the maximum wait forces deploys within the allowance, so no false "site behind"', async () => {
    const HOOK = 'https://api.netlify.com/build_hooks/site-watch-test';
    const BUILD_MINUTES = 4;
    await setSecret('site_build_hook_url', HOOK);
    /** `minutes` of an editor saving every minute, the rebuild job and a build that deploys BUILD_MINUTES after the hook's call. */
    async function editEveryMinute(minutes: number): Promise<{ builds: number; alerts: number }> {
      await query(`update private.site_rebuild set pending_statements = 0, pending_tables = '{}', first_pending_at = null`);
      await query(`update private.site_watch set alerted_at = null`);
      await query('delete from net.http_post_calls');
      let live = await revision();
      const deploys: Array<{ at: number; revision: number }> = [];
      const calls = async () => Number((await query('select count(*) as n from net.http_post_calls where url = $1', [HOOK])).rows[0]?.n);
      for (let now = 0; now < minutes; now++) {
        // Counted first: pg_cron's own run of the rebuild job may make the call this minute's run would.
        const before = await calls();
        await query(`update private.content_revision_history set changed_at = changed_at - interval '1 minute'`);
        await query(`update private.content_revision set changed_at = changed_at - interval '1 minute'`);
        await query(`update private.site_rebuild set changed_at = changed_at - interval '1 minute',
                     first_pending_at = first_pending_at - interval '1 minute', called_at = called_at - interval '1 minute'`);
        await query(`update private.site_watch set requested_at = requested_at - interval '1 minute',
                     checked_at = checked_at - interval '1 minute', alerted_at = alerted_at - interval '1 minute'`);
        await edit();
        await query('select private.request_site_rebuild_when_quiet()');
        if ((await calls()) > before) deploys.push({ at: now + BUILD_MINUTES, revision: await revision() });
        while (deploys[0] && deploys[0].at <= now) live = deploys.shift()!.revision;
        await minute(live);
      }
      return { builds: await calls(), alerts: (await alerts()).length };
    }
    try {
      await runJob();
      // Without an allowance the watch cries wolf while a forced build deploys...
      await query(`update private.site_rebuild set build_allowance = interval '0 seconds'`);
      expect(await editEveryMinute(24)).toEqual({ builds: 2, alerts: 1 });
      // ...with the default one it does not, however long the edits go on.
      await query(`update private.site_rebuild set build_allowance = default`);
      expect(await editEveryMinute(45)).toEqual({ builds: 4, alerts: 0 });
    } finally {
      await setSecret('site_build_hook_url', null);
    }
  });

  it('alerts again after the hour while the site stays behind', async () => {
    await runJob();
    const live = await revision();
    await edit();
    await ageEditsAfter(live, 30);
    await minute(live);
    await query(`update private.site_watch set alerted_at = alerted_at - interval '61 minutes'`);
    await minute(live);
    expect((await alerts()).map((alert) => alert.cause)).toEqual(['site behind', 'site behind']);
  });

  it('never posts to a webhook that is not public https, and records why', async () => {
    await setSecret('inquiry_alert_webhook_url', 'http://169.254.169.254/latest/meta-data/');
    await runJob();
    const live = await revision();
    await edit();
    await ageEditsAfter(live, 30);
    await minute(live);
    expect((await query('select count(*)::int as n from net.http_post_calls')).rows).toEqual([{ n: 0 }]);
    expect((await query('select alert_error from private.site_watch')).rows).toEqual([
      { alert_error: 'inquiry_alert_webhook_url is not a public https URL' },
    ]);
  });

  it('records an answer without a revision and alerts on nothing it cannot read', async () => {
    await runJob();
    const live = await revision();
    await edit();
    await ageEditsAfter(live, 60);
    await answerGets(404, '<html>Not found</html>');
    await runJob();
    expect((await query('select live_revision, check_error from private.site_watch')).rows).toEqual([
      { live_revision: null, check_error: 'the live page data answered HTTP 404' },
    ]);
    await answerGets(200, JSON.stringify({ result: { data: { supabaseContentRevision: null } } }));
    await runJob();
    expect((await query('select check_error from private.site_watch')).rows).toEqual([
      { check_error: 'the live page data carries no content revision (a build without backend settings?)' },
    ]);
    expect(await alerts()).toEqual([]);
  });

  it('tells a valid preview link, and nobody else, how far a site is behind', async () => {
    const asAnon = async (sql: string, params: unknown[]) => {
      const client = cluster().client;
      await client.query('begin; set local role anon');
      try {
        return (await client.query<Row>(sql, params)).rows;
      } finally {
        await client.query('rollback');
      }
    };
    const live = await revision();
    await edit();
    const [answer] = await asAnon('select public.preview_live_state($1, $2) as s', [TOKEN, live]);
    expect(answer?.s).toMatchObject({ state: 'pending', revision: live + 1, live_revision: live, edits_since: 1, max_wait_seconds: 600 });
    await expect(asAnon('select public.preview_live_state($1, $2)', ['not-a-token', live])).rejects.toMatchObject({ code: 'PT401' });
    for (const sql of [
      'select * from private.site_live_state(1)',
      'select * from private.content_revision_history',
      'select * from private.site_watch',
      'select private.watch_live_site()',
    ]) {
      await expect(asAnon(sql, [])).rejects.toMatchObject({ code: '42501' });
    }
  });

  it('applies the migration a second time without error or change', async () => {
    const snapshot = async () => ({
      functions: (
        await query(`select p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as def, p.proacl::text as acl
                     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                     where n.nspname in ('private', 'public') and p.proname in
                       ('bump_content_revision', 'site_live_state', 'preview_live_state', 'site_page_data_url', 'page_data_revision', 'watch_live_site')
                     order by 1`)
      ).rows,
      history: (await query('select * from private.content_revision_history order by revision')).rows,
      watch: (await query('select * from private.site_watch')).rows,
      jobs: (await query('select jobname, schedule, command from cron.job where jobname = $1', [JOB])).rows,
    });
    const before = await snapshot();
    for (const file of MIGRATIONS) await query(await readFile(file, 'utf8'));
    expect(await snapshot()).toEqual(before);
  });

  it('is run by pg_cron on its schedule', async () => {
    await query('update cron.job set active = true where jobname = $1', [JOB]);
    const { rows: jobs } = await query('select jobid from cron.job where jobname = $1', [JOB]);
    const asked = await afterNextCronMinute(
      cluster(),
      async () => Number((await query('select count(*) as n from net.http_get_calls')).rows[0]?.n),
      (n) => n > 0,
    );
    expect(asked).toBe(1);
    const runs = await settledCronRuns(query, jobs[0]?.jobid);
    expect(runs.filter((status) => status !== 'succeeded')).toEqual([]);
  });
});
