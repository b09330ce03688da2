// The doctor's live-site check (scripts/doctor-site.ts) against the project's database on the run's
// PostgreSQL 15 (the doctor reads a Supabase project's database over SUPABASE_DB_URL) and
// a live site served over HTTP by this file: its three answers (live; behind, with how many edits
// and since when; no address, site_url unset), a stale site as a failure, and a site it cannot read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from 'pg';
import { checkLiveSite, type SqlClient } from '../../scripts/doctor/site';
import { openProjectDatabase } from '../support/shared-postgres';

let project: Awaited<ReturnType<typeof openProjectDatabase>> | undefined;
let db: Client;
let server: Server;
let site: string;
/** What the live site's page data says: its revision, or an HTTP status. */
let served: { revision: string | null } | { status: number } = { revision: null };

const client = (): SqlClient => ({ query: (sql, params) => db.query(sql, params) });
const revision = async () => String((await db.query<{ r: string }>('select revision::text as r from private.content_revision')).rows[0]?.r);
const edit = () =>
  db.query(`update public.timeline set title = title || '.' where id = (select id from public.timeline order by order_index limit 1)`);
const setSiteUrl = async (url: string | null) => {
  await db.query(`delete from vault.secrets where name = 'site_url'`);
  if (url) await db.query(`select vault.create_secret($1, 'site_url')`, [url]);
};

beforeAll(async () => {
  project = await openProjectDatabase();
  db = project.client;
  server = createServer((request, response) => {
    if (request.url !== '/page-data/index/page-data.json') return void response.writeHead(404).end();
    if ('status' in served) return void response.writeHead(served.status).end('<html>Deploy failed</html>');
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({
        path: '/',
        result: { data: { supabaseContentRevision: served.revision === null ? null : { revision: served.revision } } },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await project?.close();
});

beforeEach(async () => {
  await setSiteUrl(null);
  await db.query(`update private.site_rebuild set max_wait = interval '10 minutes'`);
  served = { revision: await revision() };
});

it('says site_url is unset and skips the live site when it knows no address', async () => {
  const [watch, live, ...rest] = await checkLiveSite(client());
  expect(watch).toMatchObject({ name: 'site watch', status: 'warn' });
  expect(watch?.detail).toContain('site_url is unset in Vault');
  expect(live).toMatchObject({ name: 'live site', status: 'skip', detail: 'no address to read it at' });
  expect(rest).toEqual([]);
});

it('says the site is live when its page data carries the database revision, at --site or at Vault site_url', async () => {
  const current = await revision();
  const [, fromFlag] = await checkLiveSite(client(), { site });
  expect(fromFlag).toEqual({
    name: 'live site',
    status: 'ok',
    detail: `shows revision ${current}, the database's: every saved edit is live`,
  });
  await setSiteUrl(site);
  const rows = await checkLiveSite(client());
  expect(rows[1]).toEqual(fromFlag);
  // The job has not run here (no pg_cron): the watch row says so, and never prints the address.
  expect(rows[0]).toMatchObject({
    name: 'site watch',
    status: 'warn',
    detail: 'has not read the live site yet; no "site behind" alert sent',
  });
  expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
});

it('says how many edits the site is behind and since when, as a warning within the wait and a failure past it', async () => {
  const live = await revision();
  const edited = Date.now();
  // Whole minutes since the first edit, however long a busy machine took to get to the check.
  const minutes = (detail: string | undefined) => Number(/\((\d+) minutes\)/.exec(detail ?? '')?.[1]);
  const since = () => (Date.now() - edited) / 60_000;
  await edit();
  await edit();
  const { rows } = await db.query<{ at: Date }>('select changed_at as at from private.content_revision_history where revision = $1', [
    Number(live) + 1,
  ]);
  const behindSince = `${(rows[0]?.at as Date).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const [, pending] = await checkLiveSite(client(), { site });
  expect(pending).toMatchObject({ name: 'live site', status: 'warn' });
  expect(pending?.detail).toMatch(
    new RegExp(
      `^shows revision ${live} \\(the content of .+ UTC\\); the database is at ${Number(live) + 2}, 2 edits since: ` +
        `behind since ${behindSince} \\(\\d+ minutes\\); the rebuild's maximum wait is 10 minutes; waiting for the build$`,
    ),
  );
  expect(minutes(pending?.detail)).toBeLessThanOrEqual(since());

  await db.query(`update private.content_revision_history set changed_at = changed_at - interval '25 minutes' where revision > $1`, [live]);
  const [, stale] = await checkLiveSite(client(), { site });
  expect(stale).toMatchObject({ name: 'live site', status: 'FAIL' });
  expect(stale?.fix).toContain("host's deploys");
  expect(stale?.detail).toContain('2 edits since: behind since');
  expect(minutes(stale?.detail)).toBeGreaterThanOrEqual(25);
  expect(minutes(stale?.detail)).toBeLessThanOrEqual(25 + since());
  expect(stale?.detail).toMatch(/the last build may have failed$/);

  served = { revision: await revision() };
  expect((await checkLiveSite(client(), { site }))[1]).toMatchObject({ status: 'ok' });
});

it('fails with the reason when the live page data cannot be read or carries no revision', async () => {
  served = { status: 502 };
  expect((await checkLiveSite(client(), { site }))[1]).toMatchObject({
    name: 'live site',
    status: 'FAIL',
    detail: "the live site's /page-data/index/page-data.json answered HTTP 502",
  });
  served = { revision: null };
  expect((await checkLiveSite(client(), { site }))[1]?.detail).toContain('carries no content revision');
});
