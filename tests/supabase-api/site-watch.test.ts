// The local backend (npm run backend -- --site URL) runs the site watch as pg_cron and pg_net run it
// on Supabase: each run reads the answer to the previous run's GET of the live page data, which the
// backend sent to the site (served here over HTTP) and wrote into net._http_response; an alert is
// recorded and told like the inquiry alerts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLocalBackend, type InquiryAlert, type LocalBackend } from 'local-supabase';

let backend: LocalBackend;
let server: Server;
let liveRevision = '';
const told: InquiryAlert[] = [];
const asked: string[] = [];

const revision = async () => (await backend.db.query<{ r: string }>('select revision::text as r from private.content_revision')).rows[0]!.r;
const watch = async () =>
  (
    await backend.db.query<{ live: string | null; error: string | null }>(
      'select live_revision::text as live, check_error as error from private.site_watch',
    )
  ).rows[0];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(`${request.url} ${request.headers['cache-control']}`);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ path: '/', result: { data: { supabaseContentRevision: { revision: liveRevision } } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  backend = await startLocalBackend({ siteUrl: site, onAlert: (alert) => told.push(alert) });
});

afterAll(async () => {
  await backend?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

it('reads the live revision a run later, and alerts once when the site stays behind past the wait', async () => {
  liveRevision = await revision();
  expect(await backend.runSiteWatch()).toEqual([]);
  expect(asked).toEqual(['/page-data/index/page-data.json no-cache']);
  expect(await watch()).toEqual({ live: null, error: null });
  await backend.runSiteWatch();
  expect(await watch()).toEqual({ live: liveRevision, error: null });

  await backend.sql(`update timeline set title = title || '.' where id = (select id from timeline order by order_index limit 1)`);
  expect(await backend.runSiteWatch()).toEqual([]);
  // Past the rebuild's maximum wait (10 minutes) and the build's allowance (5) after it.
  await backend.db.query(
    `update private.content_revision_history set changed_at = changed_at - interval '16 minutes' where revision > $1`,
    [liveRevision],
  );
  const [alert, ...more] = await backend.runSiteWatch();
  expect(more).toEqual([]);
  expect(alert).toMatchObject({ cause: 'site behind', count: 1 });
  expect(told).toEqual([alert]);
  expect(backend.alerts).toEqual([alert]);
  expect(await backend.runSiteWatch()).toEqual([]);
});
