// `npm run doctor` against PostgreSQL 15 with pg_cron, as Supabase runs it, reading the database over
// SUPABASE_DB_URL. It names what is missing, then what is stuck, and passes a healthy deployment; it
// prints no secret and writes nothing. Two cases run the script as an operator runs it, its exit
// status included; the others run the same code (scripts/doctor/run.ts) in this process, which
// spares a Node start per run.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { startLocalBackend, type LocalBackend } from 'local-supabase';
import { REPO_ROOT } from '../support/database';
import { scriptCommand } from '../support/package-script';
import { clusterForTheFile, describeWithPgCron, loadSupabaseFiles, superuserUrl } from '../support/postgres';
import { whileCronJobsPaused } from '../support/cron-jobs';
import { runDoctor } from '../../scripts/doctor/run';

const run = promisify(execFile);
const [DOCTOR, ...DOCTOR_ARGS] = scriptCommand('doctor');

const SECRETS: Record<string, string> = {
  project_url: 'https://doctorsecretproject.supabase.co',
  service_role_key: 'svc-doctor-secret-key-4f1c9a7e',
  inquiry_alert_webhook_url: 'https://hooks.example.test/services/doctor-secret-webhook',
  site_build_hook_url: 'https://api.netlify.com/build_hooks/doctor-secret-hook',
};

// Secrets the audit found printed: a password with an unencoded `/`, a Vault secret under 8 characters, an inside webhook.
const LEAKS = { password: 'TopSecretPw', short: 'Pw4!x', inside: 'http://169.254.169.254/latest/meta-data/' };

interface Diagnosis {
  code: number;
  output: string;
  rows: Record<string, { status: string; detail: string }>;
}

describeWithPgCron('npm run doctor on PostgreSQL 15 with pg_cron', () => {
  const cluster = clusterForTheFile({ cron: true });
  const outputs: string[] = [];

  beforeAll(async () => {
    await loadSupabaseFiles(cluster().client);
  });

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await cluster().client.query(text, params)).rows as T[];

  const settings = (env: Record<string, string>) => {
    const { GATSBY_SUPABASE_URL: _url, GATSBY_SUPABASE_ANON_KEY: _key, ...rest } = process.env;
    return { ...rest, SUPABASE_DB_URL: superuserUrl(cluster().port), ...env };
  };

  /** `npm run doctor` as an operator runs it: package.json's script in a process of its own. */
  async function doctorCommand(env: Record<string, string> = {}, args: string[] = []): Promise<Diagnosis> {
    try {
      const { stdout } = await run(DOCTOR, [...DOCTOR_ARGS, ...args], { env: settings(env), cwd: REPO_ROOT });
      return diagnosis(0, stdout);
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return diagnosis(failed.code, failed.stdout + failed.stderr);
    }
  }

  /** The same run in this process: what it would write to standard output, then standard error. */
  async function doctor(env: Record<string, string> = {}, args: string[] = []): Promise<Diagnosis> {
    let stdout = '';
    let stderr = '';
    const code = await runDoctor({
      env: settings(env),
      args,
      out: (line) => void (stdout += `${line}\n`),
      err: (line) => void (stderr += `${line}\n`),
    });
    return diagnosis(code, code === 0 ? stdout : stdout + stderr);
  }

  function diagnosis(code: number, output: string): Diagnosis {
    outputs.push(output);
    const rows: Diagnosis['rows'] = {};
    for (const line of output.split('\n')) {
      const match = /^(ok|warn|FAIL|skip)\s+(.+?)\s{2,}(.*)$/.exec(line);
      if (match) rows[match[2]!] = { status: match[1]!, detail: match[3]! };
    }
    return { code, output, rows };
  }

  /**
   * `fn` with the pg_cron jobs named paused. Each runs every minute and rewrites what some cases set
   * up for the doctor to read (the sweep's and the rebuild's last call, the refusals an alert
   * reported), so one landing between the two would change what the doctor is shown.
   */
  const withJobsPaused = <T>(jobs: string[], fn: () => Promise<T>): Promise<T> =>
    whileCronJobsPaused((text, params) => cluster().client.query(text, params), jobs, fn);

  const storeSecrets = async () => {
    for (const [name, value] of Object.entries(SECRETS)) await sql('select vault.create_secret($1, $2)', [value, name]);
  };

  test('a fresh database: exit 1, the missing Vault secrets named, and the sweep that never ran', async () => {
    const { code, rows } = await doctorCommand();
    expect(code).toBe(1);
    expect(rows['Vault secrets']).toEqual({
      status: 'FAIL',
      detail: 'missing: project_url, service_role_key, inquiry_alert_webhook_url, site_build_hook_url',
    });
    expect(rows['the sweep']).toEqual({
      status: 'FAIL',
      detail: 'never reached the database: Vault lacks project_url and service_role_key',
    });
    expect(rows['migrations applied']?.status).toBe('ok');
    expect(rows['permissions as anon']?.status).toBe('ok');
    expect(rows['scheduled jobs']?.status).toBe('ok');
    expect(rows['edge function']?.status).toBe('skip');
    expect(rows['Auth settings']?.status).toBe('skip');
  });

  test('with the secrets stored, an inquiry pending for 30 minutes is named', async () => {
    await storeSecrets();
    const [row] = await sql<{ id: string }>(`insert into public.contact_submissions (name, email, message, type, created_at)
      values ('Waiting', 'waiting@example.com', 'Hello?', 'contact', now() - interval '30 minutes') returning id`);
    const { code, rows } = await doctor();
    expect(code).toBe(1);
    expect(rows['Vault secrets']?.status).toBe('ok');
    expect(rows['inquiries waiting too long']).toEqual({
      status: 'FAIL',
      detail: `1 inquiry overdue; the oldest, ${row!.id}, has waited 30 min`,
    });
  });

  test('a healthy deployment: exit 0', async () => {
    await sql(`update public.contact_submissions set notified_at = now(), notify_channel = 'email'`);
    // The sweep reached the database a moment ago, as its claim records.
    await sql('select public.inquiry_notify_claim_batch()');
    const { code, output } = await doctorCommand();
    expect(output).toContain('Nothing wrong found.');
    expect(code).toBe(0);
  });

  test('an inquiry past its reply time fails, named by type and id, never by its text; answered, it is a reply time', async () => {
    const [row] = await sql<{ id: string }>(`insert into public.contact_submissions
        (name, email, message, type, created_at, notified_at, notify_channel)
      values ('Late', 'late@example.com', 'Still waiting for you', 'investor', now() - interval '25 hours', now(), 'email') returning id`);
    const late = await doctor();
    expect(late.code).toBe(1);
    expect(late.rows['replies overdue']?.status).toBe('FAIL');
    expect(late.rows['replies overdue']?.detail).toMatch(
      new RegExp(`^1 inquiry past the reply time: investor ${row!.id} received [0-9: -]+ UTC, due [0-9: -]+ UTC$`),
    );
    expect(late.output).not.toMatch(/Still waiting|late@example/);
    await sql(
      `update public.contact_submissions set answered_at = created_at + interval '25 hours', answered_how = 'marked' where id = $1`,
      [row!.id],
    );
    const answered = await doctor();
    expect(answered.rows['replies overdue']).toEqual({ status: 'ok', detail: 'none; none due soon' });
    expect(answered.rows['reply times (30 days)']).toEqual({ status: 'ok', detail: '1 reply: median 25.0 h, 90th percentile 25.0 h' });
    expect(answered.rows['investor deck']?.status).toBe('skip');
  });

  test('a migration missing from the history is named', async () => {
    const versions = (await readdir(path.join(REPO_ROOT, 'supabase', 'migrations'))).sort();
    const last = versions.at(-1)!;
    await sql('create schema supabase_migrations');
    await sql('create table supabase_migrations.schema_migrations (version text primary key)');
    await sql('insert into supabase_migrations.schema_migrations select unnest($1::text[])', [
      versions.slice(0, -1).map((file) => file.split('_')[0]),
    ]);
    try {
      const { code, rows } = await doctor();
      expect(code).toBe(1);
      expect(rows['migrations applied']).toEqual({ status: 'FAIL', detail: `1 of ${versions.length} not applied: ${last}` });
    } finally {
      await sql('drop schema supabase_migrations cascade');
    }
  });

  // The database broken by `change` (mended by `undo` whatever happens): exit 1 and these rows.
  test.each([
    {
      name: 'without a migration history, a function a migration creates that is gone is named with its file',
      change: 'alter function public.preview_content(text) rename to preview_content_gone',
      undo: 'alter function public.preview_content_gone(text) rename to preview_content',
      rows: {
        'migrations applied': {
          status: 'FAIL',
          detail: 'not applied: 20261125002000_preview_links.sql (public.preview_content missing)',
        },
      },
    },
    {
      // A column the build hook's check reads, gone in a way no check looks for.
      name: 'a check that cannot run is reported, and the checks after it still run',
      change: 'alter table private.site_rebuild rename column call_error to call_error_gone',
      undo: 'alter table private.site_rebuild rename column call_error_gone to call_error',
      rows: {
        'build hook': { status: 'FAIL', detail: 'could not run: column r.call_error does not exist' },
        database: undefined,
        alerts: { status: 'ok' },
        editors: { status: 'ok' },
      },
    },
    {
      name: 'a broken grant is found as anon',
      change: 'grant select (email) on public.contact_submissions to anon',
      undo: 'revoke select (email) on public.contact_submissions from anon',
      rows: { 'permissions as anon': { status: 'FAIL', detail: 'may read contact_submissions.email' } },
    },
  ])('$name', async ({ change, undo, rows: expected }) => {
    await sql(change);
    try {
      const { code, rows } = await doctor();
      expect(code).toBe(1);
      // A row expected as undefined must be missing: the check did not run at all.
      for (const [name, row] of Object.entries(expected))
        expect(rows[name]).toEqual(row === undefined ? undefined : expect.objectContaining(row));
    } finally {
      await sql(undo);
    }
  });

  test('text from the database that holds a secret is withheld', async () => {
    await withJobsPaused(['site-rebuild'], async () => {
      await sql(`update private.site_rebuild set call_error = $1`, [`could not reach ${SECRETS.site_build_hook_url}`]);
      try {
        const { code, rows } = await doctor();
        expect(code).toBe(1);
        expect(rows['build hook']).toEqual({ status: 'FAIL', detail: 'the last call could not be queued: could not reach [withheld]' });
      } finally {
        await sql('update private.site_rebuild set call_error = null');
      }
    });
  });

  test('the password of a malformed database URL is never printed, only its host and database', async () => {
    const { code, output } = await doctor({
      SUPABASE_DB_URL: `postgresql://postgres:123/${LEAKS.password}@127.0.0.1:${cluster().port}/postgres`,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/^Could not connect to host 127\.0\.0\.1, database postgres/);
    expect(output).not.toContain(LEAKS.password);
  });

  test('a short secret, its JSON-escaped and URL-encoded spellings, and a secret past a cut at 300 characters are withheld', async () => {
    await withJobsPaused(['inquiry-notify-sweep', 'site-rebuild'], async () => {
      await sql(`select vault.create_secret($1, 'short_secret')`, [LEAKS.short]);
      await sql('update private.site_rebuild set call_error = $1', [
        `${LEAKS.short} ${JSON.stringify({ url: SECRETS.site_build_hook_url }).replaceAll('/', '\\/')} ${encodeURIComponent(SECRETS.project_url!)}`,
      ]);
      // pg_net's answer to the sweep's last call, as Supabase keeps it: 401 with the key 290 characters in.
      await sql(`insert into net._http_response (id, status_code, timed_out, error_msg, content) values (7, 401, false, null, $1)`, [
        `${'x'.repeat(290)}${SECRETS.service_role_key}`,
      ]);
      const [sweep] = await sql(`select last_run_at, last_call_request_id from private.inquiry_sweep`);
      await sql(`update private.inquiry_sweep set last_run_at = now() - interval '1 hour', last_call_request_id = 7`);
      try {
        const { code, rows, output } = await doctor();
        expect(code).toBe(1);
        expect(rows['build hook']).toEqual({
          status: 'FAIL',
          detail: 'the last call could not be queued: [withheld] {"url":"[withheld]"} [withheld]',
        });
        expect(rows['the sweep']?.detail).toMatch(/the job's last call answered 401 x{290}\[withheld\]$/);
        for (const leak of [LEAKS.short, SECRETS.service_role_key!.slice(0, 5), 'doctor-secret-hook', 'doctorsecretproject'])
          expect(output).not.toContain(leak);
      } finally {
        await sql('update private.site_rebuild set call_error = null');
        await sql('delete from net._http_response where id = 7');
        await sql(`delete from vault.secrets where name = 'short_secret'`);
        await sql(`update private.inquiry_sweep set last_run_at = $1, last_call_request_id = $2`, [
          sweep!.last_run_at,
          sweep!.last_call_request_id,
        ]);
      }
    });
  });

  test('an alert webhook at 169.254.169.254 is flagged, naming the secret and not its value', async () => {
    const [stored] = await sql<{ value: string }>(
      `select decrypted_secret as value from vault.decrypted_secrets where name = 'inquiry_alert_webhook_url'`,
    );
    const update = (value: string) =>
      sql(`select vault.update_secret((select id from vault.secrets where name = 'inquiry_alert_webhook_url'), $1)`, [value]);
    await update(LEAKS.inside);
    try {
      const { code, rows, output } = await doctor();
      expect(code).toBe(1);
      expect(rows.alerts?.status).toBe('FAIL');
      expect(rows.alerts?.detail).toMatch(/^inquiry_alert_webhook_url in Vault is not a public https URL/);
      expect(output).not.toContain('169.254');
    } finally {
      await update(stored!.value);
    }
  });

  test('requests refused by their own limits are counted in the alerts row, though nothing of them is left', async () => {
    // Paused, the alert job cannot report them (and so take them off the doctor's count) first.
    await withJobsPaused(['inquiry-alerts'], async () => {
      const [before] = await sql<{ n: string | null }>(`select pg_sequence_last_value('private.inquiry_refusals_sender')::text as n`);
      await sql(`select nextval('private.inquiry_refusals_sender') from generate_series(1, 12)`);
      try {
        const { rows } = await doctor();
        expect(rows.alerts?.status).toBe('warn');
        expect(rows.alerts?.detail).toMatch(/^12 requests were refused by the limits per address, per IPv6 network or per email address/);
      } finally {
        if (before?.n) await sql(`select setval('private.inquiry_refusals_sender', $1::bigint)`, [before.n]);
        else await sql(`select setval('private.inquiry_refusals_sender', 1, false)`);
      }
    });
  });

  describe('with the site settings, over HTTP', () => {
    let backend: LocalBackend;

    beforeAll(async () => {
      backend = await startLocalBackend();
      await sql(`select vault.update_secret((select id from vault.secrets where name = 'project_url'), $1)`, [backend.url]);
    });

    afterAll(() => backend?.stop());

    test('the Data API answers, and the deployed function refuses a sweep with the public key, changing nothing', async () => {
      const { code, rows } = await doctor({ GATSBY_SUPABASE_URL: backend.url, GATSBY_SUPABASE_ANON_KEY: backend.anonKey });
      expect(rows['Data API']).toEqual({ status: 'ok', detail: 'answers a visitor read as anon' });
      expect(rows['edge function']).toEqual({ status: 'ok', detail: 'inquiry-notif-resend is deployed and configured' });
      expect(rows['Auth settings']?.status).toBe('ok');
      expect(rows['Vault secrets']?.status).toBe('ok');
      expect(code).toBe(0);
      expect(backend.emails).toEqual([]);
    });

    test('a wrong project URL and an unreachable function fail', async () => {
      const { code, rows } = await doctor({ GATSBY_SUPABASE_URL: 'http://127.0.0.1:9', GATSBY_SUPABASE_ANON_KEY: backend.anonKey });
      expect(code).toBe(1);
      expect(rows['Vault secrets']?.detail).toBe('project_url is not the GATSBY_SUPABASE_URL the site is built with');
      expect(rows['Data API']?.status).toBe('FAIL');
      expect(rows['edge function']?.status).toBe('FAIL');
      expect(rows['Auth settings']?.status).toBe('FAIL');
    });
  });

  describe('the live site (--site)', () => {
    let server: Server;
    let site: string;
    let liveRevision = '';

    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url !== '/page-data/index/page-data.json') return void response.writeHead(404).end();
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ path: '/', result: { data: { supabaseContentRevision: { revision: liveRevision } } } }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(() => new Promise((resolve) => server?.close(resolve)));

    const revision = async () => (await sql<{ r: string }>('select revision::text as r from private.content_revision'))[0]!.r;

    test('without an address: site_url is unset, the live site skipped, and nothing fails for it', async () => {
      const { rows } = await doctor();
      expect(rows['site watch']).toEqual({
        status: 'warn',
        detail: 'site_url is unset in Vault: nothing watches whether the live site shows the saved content',
      });
      expect(rows['live site']).toEqual({ status: 'skip', detail: 'no address to read it at' });
    });

    test('live, then behind with how many edits and since when, then stale: exit 1', async () => {
      liveRevision = await revision();
      expect((await doctor({}, ['--site', site])).rows['live site']).toEqual({
        status: 'ok',
        detail: `shows revision ${liveRevision}, the database's: every saved edit is live`,
      });
      const edited = Date.now();
      await sql(`update public.timeline set title = title || '.' where id = (select id from public.timeline order by order_index limit 1)`);
      const behind = (await doctor({}, ['--site', site])).rows['live site'];
      expect(behind?.status).toBe('warn');
      expect(behind?.detail).toMatch(
        new RegExp(
          `^shows revision ${liveRevision} \\(the content of .+ UTC\\); the database is at ${Number(liveRevision) + 1}, 1 edit since: ` +
            `behind since .+ UTC \\(\\d+ minutes\\); the rebuild's maximum wait is 10 minutes; waiting for the build$`,
        ),
      );
      // The minutes are whole minutes since the edit, however long a busy machine took to get here.
      const minutes = (detail: string | undefined) => Number(/\((\d+) minutes\)/.exec(detail ?? '')?.[1]);
      const since = () => (Date.now() - edited) / 60_000;
      expect(minutes(behind?.detail)).toBeLessThanOrEqual(since());
      await sql(`update private.content_revision_history set changed_at = changed_at - interval '15 minutes' where revision > $1`, [
        liveRevision,
      ]);
      const stale = await doctor({}, ['--site', site]);
      expect(stale.code).toBe(1);
      expect(stale.rows['live site']?.status).toBe('FAIL');
      expect(stale.rows['live site']?.detail).toMatch(/; the last build may have failed$/);
      expect(minutes(stale.rows['live site']?.detail)).toBeGreaterThanOrEqual(15);
      expect(minutes(stale.rows['live site']?.detail)).toBeLessThanOrEqual(15 + since());
      liveRevision = await revision();
      expect((await doctor({}, ['--site', site])).rows['live site']?.status).toBe('ok');
    });
  });

  test('it writes nothing', async () => {
    // Rows written to the tables the doctor reads, as the statistics count them (the scheduled jobs'
    // own tables left out: they run every minute on this server). This connection's own counts are
    // reported first: a backend otherwise holds them back for up to ten seconds.
    const written = async () => {
      await sql('select pg_catalog.pg_stat_force_next_flush()');
      await sql('select pg_catalog.pg_stat_clear_snapshot()');
      const [row] =
        await sql(`select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint::text as n from pg_catalog.pg_stat_all_tables
        where schemaname in ('public', 'private', 'vault') and relname not in ('inquiry_sweep', 'inquiry_alerts', 'site_rebuild')`);
      return row!.n;
    };
    const before = await written();
    await doctor();
    // A backend reports its counts as it ends, before it leaves pg_stat_activity: wait for the doctor's to go.
    for (let waited = 0; ; waited += 50) {
      const [left] = await sql<{ n: number }>(
        `select count(*)::int as n from pg_catalog.pg_stat_activity where application_name = 'doctor'`,
      );
      if (left!.n === 0 || waited > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await written()).toBe(before);
    await sql(`insert into public.contact_submissions (name, email, message, type) values ('Probe', 'probe@example.com', 'Hi', 'contact')`);
    expect(await written()).not.toBe(before);
  });

  test('no run printed a secret', () => {
    expect(outputs.length).toBeGreaterThanOrEqual(12);
    for (const output of outputs) {
      for (const value of [...Object.values(SECRETS), ...Object.values(LEAKS)]) expect(output).not.toContain(value);
    }
  });
});
