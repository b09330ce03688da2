// The editors' preview loop (issue 15): `gatsby develop` against the local backend with the refresh
// endpoint and a token, the database's rebuild trigger pointed at the server's /__refresh through
// Vault. An edit re-sources the rows; refreshes while develop is still starting and while another
// refresh runs must never kill the server; a refresh without the token changes nothing.
// The first refresh lands while webpack's first compile runs, when the HTTP server already answers:
// unpatched Gatsby 5.16 dies there with EADDRINUSE (patches/gatsby+5.16.1.patch).
import type { Browser } from 'playwright-core';
import { COVERAGE, TIMELINE } from '../../src/content/copy';
import { freePort, startLocalBackend, type LocalBackend } from 'local-supabase';
import { SEED_IDS } from '../support/seed-ids';
import { launchBrowser, openPage } from './support/browser';
import { startDevelop, type DevelopServer } from './support/develop-server';
import { waitFor } from './support/page-helpers';
import { holdGatsbyLock } from './support/site-build';

const TOKEN = 'preview-refresh-token';
const RENAMED_MATERIAL = 'PET bottles, renamed by an editor';
const RENAMED_TIMELINE = 'Live beta, retitled while a refresh ran';
const RENAMED_AGAIN = 'PET bottles, renamed once develop was idle';
const UNPUBLISHED_TITLE = 'A title no authorised refresh asked for';
// Waiting for the lock (other builds on this machine) plus a cold develop start on two busy cores.
const START_TIMEOUT_MS = 10 * 60_000;
const SETTLE_TIMEOUT_MS = 3 * 60_000;

let lock: { release(): Promise<void> };
let backend: LocalBackend;
let develop: DevelopServer;
let browser: Browser | undefined;
const timings: string[] = [];

/** POST /__refresh as a client would; `authorization` undefined sends no header. */
async function refresh(authorization?: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${develop.url}/__refresh`, {
    method: 'POST',
    headers: authorization === undefined ? {} : { Authorization: authorization },
  });
  return { status: response.status, body: await response.text() };
}

/** An unauthorised refresh's status: 0 while nothing listens yet, -1 once develop has exited. */
async function probe(): Promise<number> {
  if (develop.exit()) return -1;
  try {
    return (await refresh()).status;
  } catch {
    return 0;
  }
}

/**
 * pg_net's background worker: sends what net.http_post queued (the bootstrap's stand-in only
 * records the calls), with the URL, headers and body the trigger gave it. Returns the statuses.
 */
async function sendQueuedHookCalls(): Promise<number[]> {
  const { rows } = await backend.db.query<{ id: number; url: string; body: unknown; headers: Record<string, string> }>(
    'delete from net.http_post_calls returning id::int, url, body, headers',
  );
  const statuses: number[] = [];
  for (const call of rows.sort((a, b) => a.id - b.id)) {
    const response = await fetch(call.url, { method: 'POST', headers: call.headers, body: JSON.stringify(call.body) });
    statuses.push(response.status);
  }
  return statuses;
}

interface Rows {
  allMaterialCoverage: { nodes: { name: string }[] };
  allTimelineItem: { nodes: { title: string }[] };
}

/** What develop's GraphQL holds now, or null while it cannot answer (e.g. during a schema rebuild). */
async function graphqlRows(): Promise<Rows | null> {
  const query = '{ allMaterialCoverage { nodes { name } } allTimelineItem { nodes { title } } }';
  try {
    const response = await fetch(`${develop.url}/___graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { data?: Rows; errors?: unknown[] };
    return response.ok && !body.errors && body.data ? body.data : null;
  } catch {
    return null;
  }
}

const names = (rows: Rows | null) => rows?.allMaterialCoverage.nodes.map((node) => node.name) ?? [];
const titles = (rows: Rows | null) => rows?.allTimelineItem.nodes.map((node) => node.title) ?? [];
const contentReads = () => backend.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/rest/v1/')).length;
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function expectRunning(): void {
  if (develop.exit()) throw new Error(`gatsby develop exited (${JSON.stringify(develop.exit())}):\n${develop.tail()}`);
}

const BUNDLE_BUILT = /Building development bundle - /;

/**
 * Until develop has built its first bundle (it ends starting up then) and its output has not grown
 * for `quietMs`, so it has finished what the last refresh started; or until it has exited.
 */
async function settled(quietMs = 5_000): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let length = -1;
  let since = Date.now();
  while (Date.now() < deadline && !develop.exit()) {
    if (develop.output().length !== length || !BUNDLE_BUILT.test(develop.output())) {
      length = develop.output().length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  const started = Date.now();
  lock = await holdGatsbyLock();
  backend = await startLocalBackend();
  const port = await freePort();
  // What an editor stores in the SQL editor (docs/backend.md, "Locally").
  await backend.db.query(`select vault.create_secret($1, 'site_build_hook_url')`, [`http://127.0.0.1:${port}/__refresh`]);
  await backend.db.query(`select vault.create_secret($1, 'site_build_hook_authorization')`, [TOKEN]);
  const launched = Date.now();
  develop = await startDevelop({
    port,
    env: {
      GATSBY_SUPABASE_URL: backend.url,
      GATSBY_SUPABASE_ANON_KEY: backend.anonKey,
      ENABLE_GATSBY_REFRESH_ENDPOINT: 'true',
      GATSBY_REFRESH_TOKEN: TOKEN,
    },
  });
  // The endpoint answers (403 without the token) as soon as the HTTP server listens, before the
  // development bundle is built.
  const status = await waitFor(probe, (s) => s === 403 || s === -1, START_TIMEOUT_MS);
  expectRunning();
  expect(status).toBe(403);
  timings.push(`lock ${((launched - started) / 1000).toFixed(1)} s`, `develop listening ${seconds(launched)}`);
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  await browser?.close();
  await develop?.stop();
  await backend?.stop();
  await lock?.release();
  if (timings.length) console.log(`develop refresh: ${timings.join(', ')}`);
}, 60_000);

it(
  're-sources on the edit trigger’s refresh while develop is still starting, and on one sent during that refresh',
  async () => {
    // Only a refresh inside this window reproduces the crash of issue 15.
    expect(develop.output()).not.toMatch(BUNDLE_BUILT);
    const readsBefore = contentReads();

    await backend.sql(`update material_coverage set name = $2 where id = $1`, [SEED_IDS.material.pet, RENAMED_MATERIAL]);
    const first = Date.now();
    expect(await sendQueuedHookCalls()).toEqual([200]);
    // The first refresh is running once its source plugin reads the backend again.
    await waitFor(
      async () => contentReads(),
      (n) => n > readsBefore,
      60_000,
    );
    expect(contentReads()).toBeGreaterThan(readsBefore);

    await backend.sql(`update timeline set title = $2 where id = $1`, [SEED_IDS.timeline.current, RENAMED_TIMELINE]);
    const second = Date.now();
    expect(await sendQueuedHookCalls()).toEqual([200]);

    const rows = await waitFor(graphqlRows, (r) => titles(r).includes(RENAMED_TIMELINE) || !!develop.exit(), SETTLE_TIMEOUT_MS);
    expectRunning();
    expect(names(rows)).toContain(RENAMED_MATERIAL);
    expect(titles(rows)).toContain(RENAMED_TIMELINE);
    timings.push(`first refresh → GraphQL ${seconds(first)}`, `second refresh → GraphQL ${seconds(second)}`);
  },
  SETTLE_TIMEOUT_MS + 90_000,
);

it(
  'still serves the page after both refreshes, and the page shows both edits on reload',
  async () => {
    const since = Date.now();
    await settled();
    expectRunning();
    expect(develop.output()).toMatch(BUNDLE_BUILT);
    timings.push(`settled ${seconds(since)} later`);

    const html = await fetch(`${develop.url}/`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('id="___gatsby"');
    const pageData = await (await fetch(`${develop.url}/page-data/index/page-data.json`)).text();
    expect(pageData).toContain(RENAMED_MATERIAL);
    expect(pageData).toContain(RENAMED_TIMELINE);

    // The page's own live refresh reads the backend in the browser; refused here, so what it shows
    // comes from develop's re-sourced data alone.
    browser = await launchBrowser();
    const tracked = await openPage(browser, `${develop.url}/`, {
      beforeOpen: async (page) => {
        await page.route(`${backend.url}/**`, (route) => route.abort());
      },
    });
    const headings = (region: string) =>
      tracked.page.getByRole('region', { name: region, exact: true }).getByRole('heading', { level: 3 }).allInnerTexts();
    expect(await headings(COVERAGE.title)).toContain(RENAMED_MATERIAL);
    expect(await headings(TIMELINE.title)).toContain(RENAMED_TIMELINE);
    await tracked.close();
    expectRunning();
  },
  SETTLE_TIMEOUT_MS + 90_000,
);

it(
  'takes a later edit too, once develop is idle, and keeps serving',
  async () => {
    await backend.sql(`update material_coverage set name = $2 where id = $1`, [SEED_IDS.material.pet, RENAMED_AGAIN]);
    const sent = Date.now();
    expect(await sendQueuedHookCalls()).toEqual([200]);
    const pageData = () =>
      fetch(`${develop.url}/page-data/index/page-data.json`).then(
        (r) => r.text(),
        () => '',
      );
    expect(await waitFor(pageData, (text) => text.includes(RENAMED_AGAIN) || !!develop.exit(), SETTLE_TIMEOUT_MS)).toContain(RENAMED_AGAIN);
    timings.push(`idle refresh → page data ${seconds(sent)}`);
    await settled();
    expectRunning();
    expect(names(await graphqlRows())).toContain(RENAMED_AGAIN);
    expect((await fetch(`${develop.url}/`)).status).toBe(200);
  },
  SETTLE_TIMEOUT_MS + 60_000,
);

it('refuses a refresh without the token or with a wrong one, and re-sources nothing', async () => {
  await backend.sql(`update timeline set title = $2 where id = $1`, [SEED_IDS.timeline.current, UNPUBLISHED_TITLE]);
  await backend.db.query('delete from net.http_post_calls');
  const readsBefore = contentReads();

  for (const authorization of [undefined, 'wrong-token', `Bearer ${TOKEN}`]) {
    const answer = await refresh(authorization);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ isEnabled: true });
  }
  // A refresh that was taken would read the backend within a second or two (see the first test).
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  expect(contentReads()).toBe(readsBefore);
  expect(titles(await graphqlRows())).toContain(RENAMED_TIMELINE);
  expect(titles(await graphqlRows())).not.toContain(UNPUBLISHED_TITLE);
  expectRunning();
});
