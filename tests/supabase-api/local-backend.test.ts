// The local backend is what the browser tests trust to behave like Supabase: it must refuse calls
// it does not know, let the real grants and RLS decide per key, and answer the site's and the
// notify function's calls in PostgREST's shapes (asserted here through postgrest-js itself).
import { PostgrestClient } from '@supabase/postgrest-js';
import path from 'node:path';
import {
  LOCAL_ALERT_WEBHOOK,
  PROJECT_SCHEMA,
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TEST_SECRETS,
  startLocalBackend,
  type LocalBackend,
} from 'local-supabase';
import { insertAsScript, insertInquiry, notifyTeam, type VisitorRow } from 'local-supabase/visitor';
import { preflight } from './support/site-backend';

let backend: LocalBackend;

const client = (key: string, url = backend.url) =>
  new PostgrestClient(`${url}/rest/v1`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    retry: false,
  });

// Each call a visitor of its own: the table takes 3 inquiries an hour per email address.
const submission = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  name: 'Sari Wijaya',
  email: `sari.${crypto.randomUUID().slice(0, 8)}@example.test`,
  company: null,
  message: 'We run a sorting line in Bekasi.',
  type: 'contact',
  ...overrides,
});

const insertFrom = (localAddress: string) =>
  insertInquiry(backend.url, backend.anonKey, submission() as unknown as VisitorRow, localAddress);

beforeAll(async () => {
  backend = await startLocalBackend();
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(() => {
  backend.failReads(false);
  backend.failWrites(false);
  backend.hang(false);
  backend.intercept(null);
  backend.loseAnswer(null);
  backend.requests.length = 0;
});

describe('request shapes', () => {
  it('answers a shape it does not know with 400 naming method, path and query keys', async () => {
    const response = await fetch(`${backend.url}/rest/v1/material_coverage?select=*&name=eq.PET`, {
      headers: { apikey: backend.anonKey },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'LOCAL_UNKNOWN_SHAPE',
      message: 'local backend: unknown request shape GET /rest/v1/material_coverage ?name&select',
      shape: { method: 'GET', path: '/rest/v1/material_coverage', queryKeys: ['name', 'select'] },
    });
  });

  it('refuses a delete, a known table under another path and an unknown path alike', async () => {
    const { status } = await client(backend.serviceKey).from('contact_submissions').delete().eq('id', crypto.randomUUID());
    expect(status).toBe(400);
    // Auth serves the editors' sign-in and its settings (editors-sign-in.test.ts, sign-in-code.test.ts); its other routes are not.
    for (const path of ['/rest/v1/rpc/anything', '/auth/v1/factors', '/storage/v1/object']) {
      const response = await fetch(`${backend.url}${path}`, { headers: { apikey: backend.anonKey } });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
  });

  it('exposes only the public schema, as Supabase does', async () => {
    const response = await fetch(`${backend.url}/rest/v1/timeline?select=id&is_active=eq.true&order=order_index.asc`, {
      headers: { apikey: backend.anonKey, 'Accept-Profile': 'vault' },
    });
    expect(response.status).toBe(406);
  });

  it('serves the page read in order with the Content-Range PostgREST sends', async () => {
    const { data, error, status } = await client(backend.anonKey)
      .from('timeline')
      .select('id,title,order_index')
      .eq('is_active', true)
      .order('order_index', { ascending: true });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const orders = (data ?? []).map((row) => row.order_index as number);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(backend.requests[0]).toMatchObject({ method: 'GET', path: '/rest/v1/timeline', role: 'anon', status: 200 });
  });
});

describe('keys and roles', () => {
  it('answers 401 to an unknown key, as the gateway does', async () => {
    const { status, error } = await client('not-a-project-key').from('timeline').select('id').eq('is_active', true).order('order_index');
    expect(status).toBe(401);
    expect(error?.message).toBe('Invalid API key');
  });

  it('does not show anon an inactive row, while the service role sees it', async () => {
    await backend.sql(
      `insert into material_coverage (name, description, status, is_active, order_index) values ('Hidden draft', 'not yet', 'live', false, 99)`,
    );
    const asAnon = await client(backend.anonKey).from('material_coverage').select('name').eq('is_active', false).order('order_index');
    expect(asAnon.status).toBe(200);
    expect(asAnon.data).toEqual([]);
    const asService = await client(backend.serviceKey).from('material_coverage').select('name').eq('is_active', false).order('order_index');
    expect(asService.data).toContainEqual({ name: 'Hidden draft' });
  });

  it("answers anon's connection test with a count of 0 and shows no submission", async () => {
    await client(backend.anonKey).from('contact_submissions').insert(submission());
    const { status, error, count } = await client(backend.anonKey)
      .from('contact_submissions')
      .select('id', { count: 'exact', head: true })
      .limit(1);
    expect({ status, error, count }).toEqual({ status: 200, error: null, count: 0 });
    const ids = await client(backend.anonKey).from('contact_submissions').select('id').limit(1);
    expect(ids).toMatchObject({ status: 200, data: [] });
  });

  it('refuses anon every submission column but id (the visitor text stays unreadable)', async () => {
    const { status, count } = await client(backend.anonKey)
      .from('contact_submissions')
      .select('*', { count: 'exact', head: true })
      .limit(1);
    expect(status).toBe(401);
    expect(count).toBeNull();
    // A HEAD answer has no body; the GET form shows the database's reason.
    const viaGet = await client(backend.anonKey).from('contact_submissions').select('*', { count: 'exact' }).limit(1);
    expect(viaGet.error).toMatchObject({ code: '42501' });
  });

  it('lets the service role count submissions through Content-Range', async () => {
    await backend.sql(`delete from contact_submissions`);
    await client(backend.anonKey).from('contact_submissions').insert(submission());
    const { status, count } = await client(backend.serviceKey)
      .from('contact_submissions')
      .select('*', { count: 'exact', head: true })
      .limit(1);
    expect(status).toBe(200);
    expect(count).toBe(1);
  });
});

describe("an editor's change", () => {
  const id = '20000000-0000-4000-8000-000000000002';
  const title = async () => (await backend.sql<{ title: string }>(`select title from timeline where id = $1`, [id]))[0]?.title;

  it('is a PATCH of one row by id with the service key, as supabase-js sends it, and the triggers run', async () => {
    await backend.db.exec(
      `delete from net.http_post_calls; select vault.create_secret('https://hooks.example.test/build', 'site_build_hook_url');`,
    );
    try {
      const { data, status } = await client(backend.serviceKey)
        .from('timeline')
        .update({ title: 'Edited by hand' })
        .eq('id', id)
        .select('id,title');
      expect({ status, data }).toEqual({ status: 200, data: [{ id, title: 'Edited by hand' }] });
      const calls = await backend.db.query<{ url: string; body: unknown }>('select url, body from net.http_post_calls');
      expect(calls.rows).toEqual([{ url: 'https://hooks.example.test/build', body: { table: 'timeline', op: 'UPDATE' } }]);
    } finally {
      await backend.db.exec(`delete from vault.secrets where name = 'site_build_hook_url'; delete from net.http_post_calls;`);
    }
  });

  it('is refused with the anon key, as the grants decide, and changes nothing', async () => {
    const before = await title();
    const { status, error } = await client(backend.anonKey).from('timeline').update({ title: 'Edited by a visitor' }).eq('id', id);
    expect({ status, code: error?.code }).toEqual({ status: 401, code: '42501' });
    expect(await title()).toBe(before);
  });

  it('is refused as an unknown shape when it names rows by anything but id', async () => {
    const { status } = await client(backend.serviceKey).from('timeline').update({ title: 'Everything' }).eq('is_active', true);
    expect(status).toBe(400);
  });
});

describe('the content revision', () => {
  const revisionUrl = (query = '') => `${backend.url}/rest/v1/rpc/content_revision${query}`;
  const stored = async () =>
    Number((await backend.db.query<{ r: string }>('select revision::text as r from private.content_revision')).rows[0]?.r);

  it('answers a GET with the key as the apikey URL parameter and no header, as anon, with the bare number', async () => {
    const response = await fetch(revisionUrl(`?apikey=${backend.anonKey}`));
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(await stored());
    // The gateway leaves the parameter in: the function takes it as an argument and ignores it.
    expect(backend.requests.map((r) => [r.method, r.path, r.query, r.role])).toEqual([
      ['GET', '/rest/v1/rpc/content_revision', { apikey: backend.anonKey }, 'anon'],
    ]);
  });

  it('answers the build, which sends the key in the headers, the same', async () => {
    const { data, status } = await client(backend.anonKey).rpc('content_revision', {}, { get: true }).overrideTypes<number>();
    expect({ status, data }).toEqual({ status: 200, data: await stored() });
  });

  it("moves with an editor's PATCH, and not with a read", async () => {
    const before = await stored();
    await client(backend.anonKey).from('timeline').select('id,title,is_active,order_index').eq('is_active', true).order('order_index');
    expect(await stored()).toBe(before);
    const { status } = await client(backend.serviceKey)
      .from('timeline')
      .update({ title: 'Edited for the revision' })
      .eq('id', '20000000-0000-4000-8000-000000000002');
    expect(status).toBe(204);
    expect(await (await fetch(revisionUrl(`?apikey=${backend.anonKey}`))).json()).toBe(before + 1);
  });

  it('is refused without a key, with an unknown parameter, and to a POST', async () => {
    expect((await fetch(revisionUrl())).status).toBe(401);
    expect((await fetch(revisionUrl(`?apikey=${backend.anonKey}&since=3`))).status).toBe(404);
    const post = await fetch(revisionUrl(), {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(400);
  });

  it('fails with the other reads while reads are failing', async () => {
    backend.failReads(true);
    expect((await fetch(revisionUrl(`?apikey=${backend.anonKey}`))).status).toBe(500);
  });
});

describe('submissions', () => {
  it('inserts with return=minimal: 201, no body, one stored row', async () => {
    const row = submission({ message: '<script>alert(1)</script> stays text' });
    const { status, data, error } = await client(backend.anonKey).from('contact_submissions').insert(row);
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const stored = await backend.sql<{ message: string }>(`select message from contact_submissions where id = $1`, [row.id]);
    expect(stored).toEqual([{ message: row.message }]);
  });

  it('lets the database refuse what the constraints refuse (anon, bad email)', async () => {
    const { status, error } = await client(backend.anonKey)
      .from('contact_submissions')
      .insert(submission({ email: 'not an address' }));
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
  });

  it('serves the claim functions to the service role only, by name, under /rpc', async () => {
    const row = submission();
    await client(backend.anonKey).from('contact_submissions').insert(row);
    const claim = (key: string) => client(key).rpc('inquiry_notify_claim_one', { p_id: row.id, p_max_age_seconds: 900 });
    const first = await claim(backend.serviceKey);
    expect(first.data).toMatchObject({ outcome: 'claimed', row: { id: row.id, name: row.name, attempts: 0 } });
    expect((await claim(backend.serviceKey)).data).toEqual({ outcome: 'busy' });
    const released = await client(backend.serviceKey).rpc('inquiry_notify_release', {
      p_claim: (first.data as { claim: string }).claim,
      p_ids: [row.id],
    });
    expect(released.data).toBe(1);
    expect((await claim(backend.anonKey)).status).toBe(401);
    const unknown = await client(backend.serviceKey).rpc('check_request');
    expect(unknown.status).toBe(400);
  });

  it('limits inserts per address in the table, as PostgREST runs them: the 11th from one address gets 429, another address gets in', async () => {
    await backend.sql('delete from contact_submissions');
    await backend.db.query('delete from private.inquiry_writes');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await insertFrom('127.0.0.1')).status);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    const refused = backend.requests.at(-1);
    expect(refused?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(JSON.parse((await insertFrom('127.0.0.1')).body)).toMatchObject({
      code: 'PT429',
      message: 'Too many inquiries from this address',
    });
    expect((await insertFrom('127.0.0.2')).status).toBe(201);
    expect(await backend.sql('select count(*)::int as n from contact_submissions')).toEqual([{ n: 11 }]);
    await backend.db.query('delete from private.inquiry_writes');
  });
});

describe('the client address, as Cloudflare sets it in front of Supabase', () => {
  beforeEach(async () => {
    await backend.sql('delete from contact_submissions');
    await backend.db.query('delete from private.inquiry_writes');
  });

  it('is cf-connecting-ip, the connecting address over any value the client sent, and reaches the database as request.headers', async () => {
    const response = await insertAsScript(backend.url, backend.anonKey, submission() as unknown as VisitorRow, {
      headers: { 'cf-connecting-ip': '192.0.2.1', 'x-forwarded-for': '192.0.2.2' },
    });
    expect(response.status).toBe(201);
    expect(backend.requests[0]?.headers).toMatchObject({ 'cf-connecting-ip': '127.0.0.1', 'x-forwarded-for': '192.0.2.2, 127.0.0.1' });
    // The table's limit counted the row under the address the trigger read from request.headers.
    expect((await backend.db.query('select client from private.inquiry_writes')).rows).toEqual([{ client: '127.0.0.1' }]);
  });

  it('tells clients apart by the loopback address they connect from, as the benchmark does', async () => {
    for (const address of ['127.0.0.1', '127.0.0.7', '127.0.0.7']) expect((await insertFrom(address)).status).toBe(201);
    const counted = await backend.db.query('select client, count(*)::int as n from private.inquiry_writes group by client order by client');
    expect(counted.rows).toEqual([
      { client: '127.0.0.1', n: 1 },
      { client: '127.0.0.7', n: 2 },
    ]);
  });

  it('routes a percent-encoded path as PostgREST does, so the table’s limits count it like any other', async () => {
    const encoded = (row: Record<string, unknown>) =>
      fetch(`${backend.url}/rest/v1/contact%5Fsubmissions`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(row),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await encoded(submission())).status);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    expect(backend.requests[0]?.path).toBe('/rest/v1/contact%5Fsubmissions');
  });
});

describe('the verified store and the alerts', () => {
  it('serves inquiry_store_verified to the service role only, and stores past the ceiling', async () => {
    await backend.sql('delete from contact_submissions');
    await backend.db.exec(
      `delete from private.inquiry_writes; insert into private.inquiry_writes (client) select '198.51.100.1' from generate_series(1, 100)`,
    );
    const row = submission();
    const args = {
      p_id: row.id,
      p_name: row.name,
      p_email: row.email,
      p_company: null,
      p_message: row.message,
      p_type: 'contact',
      p_headers: { 'cf-connecting-ip': '203.0.113.5' },
    };
    expect((await client(backend.anonKey).rpc('inquiry_store_verified', args)).status).toBe(401);
    const stored: { status: number; data: unknown } = await client(backend.serviceKey).rpc('inquiry_store_verified', args);
    expect({ status: stored.status, data: stored.data }).toEqual({ status: 200, data: { outcome: 'stored' } });
    expect((await client(backend.serviceKey).rpc('inquiry_store_verified', args)).data).toEqual({ outcome: 'duplicate' });
    // Counted once, under the visitor's address the function passed on.
    expect(
      (await backend.db.query('select count(*)::int as n from private.inquiry_writes where client = $1', ['203.0.113.5'])).rows,
    ).toEqual([{ n: 1 }]);
    await backend.db.query('delete from private.inquiry_writes');
  });

  it('runs the alert job as pg_cron would and keeps what it posted (recorded, never sent)', async () => {
    await backend.db.query(`update private.inquiry_limits set inserts_overall = 1`);
    try {
      await backend.db.query('delete from private.inquiry_writes');
      expect((await insertFrom('127.0.0.1')).status).toBe(201);
      const refused = await insertFrom('127.0.0.2');
      expect(refused.status).toBe(503);
      await backend.runSweep();
      const posted = await backend.runAlerts();
      // The flood's count also holds the requests this file's earlier cases had refused by their own limits.
      expect(posted).toEqual([expect.objectContaining({ cause: 'flood', project: backend.url })]);
      expect(posted[0]?.text).toMatch(/: 1 inquiry was refused because the overall limit \(1 in 10 minutes\) held: a flood is under way/);
      expect(backend.alerts).toEqual(posted);
      // Once an hour per cause.
      expect(await backend.runAlerts()).toEqual([]);
      expect(await backend.db.query(`select 1 from net.http_post_calls where url = $1`, [LOCAL_ALERT_WEBHOOK])).toMatchObject({ rows: [] });
    } finally {
      await backend.db.exec(`update private.inquiry_limits set inserts_overall = 100; delete from private.inquiry_writes`);
      await backend.sql('delete from contact_submissions');
      backend.emails.length = 0;
    }
  });

  it('checks Turnstile with a siteverify stand-in when given a test secret', async () => {
    const checked = await startLocalBackend({ turnstileSecret: TURNSTILE_TEST_SECRETS.alwaysPasses });
    try {
      const row = submission() as unknown as VisitorRow;
      expect((await insertInquiry(checked.url, checked.anonKey, row, '127.0.0.9')).status).toBe(201);
      const answer = await notifyTeam(checked.url, checked.anonKey, row, '127.0.0.9', TURNSTILE_DUMMY_TOKEN);
      expect({ status: answer.status, output: answer.status === 200 ? '' : checked.functionOutput() }).toEqual({ status: 200, output: '' });
      expect(checked.siteverify?.requests).toEqual([
        { secret: TURNSTILE_TEST_SECRETS.alwaysPasses, response: TURNSTILE_DUMMY_TOKEN, remoteip: '127.0.0.9' },
      ]);
      expect(await checked.sql('select notify_verified_at is not null as verified from contact_submissions')).toEqual([{ verified: true }]);
    } finally {
      await checked.stop();
    }
  });
});

describe('test controls', () => {
  it('fails reads and writes on request', async () => {
    backend.failReads(true);
    const read = await client(backend.anonKey).from('timeline').select('id').eq('is_active', true).order('order_index');
    expect(read.status).toBe(500);
    backend.failReads(false);
    backend.failWrites(true);
    const write = await client(backend.anonKey).from('contact_submissions').insert(submission());
    expect(write.status).toBe(500);
  });

  it('accepts requests and never answers them while hanging, and records them', async () => {
    backend.hang(true);
    const read = fetch(`${backend.url}/rest/v1/timeline?select=id&is_active=eq.true&order=order_index.asc`, {
      headers: { apikey: backend.anonKey },
      signal: AbortSignal.timeout(500),
    });
    await expect(read).rejects.toThrow(/abort/i);
    expect(backend.requests.map((r) => [r.method, r.path, r.status])).toEqual([['GET', '/rest/v1/timeline', 0]]);
    backend.hang(false);
    const { status } = await client(backend.anonKey).from('timeline').select('id').eq('is_active', true).order('order_index');
    expect(status).toBe(200);
  });

  it('runs a request and loses its answer on request, as a connection cut on the way back', async () => {
    await backend.sql('delete from contact_submissions');
    await backend.db.query('delete from private.inquiry_writes');
    backend.loseAnswer((request) => request.method === 'POST');
    const row = submission();
    await expect(insertInquiry(backend.url, backend.anonKey, row as unknown as VisitorRow)).rejects.toThrow(/socket hang up/);
    expect(backend.requests.map((r) => [r.method, r.path, r.status])).toEqual([['POST', '/rest/v1/contact_submissions', 0]]);
    expect(await backend.sql('select id from contact_submissions')).toEqual([{ id: row.id }]);
    backend.loseAnswer(null);
    expect((await insertInquiry(backend.url, backend.anonKey, row as unknown as VisitorRow)).status).toBe(409);
  });

  it('lets a hook answer instead, request by request, and logs what it answered', async () => {
    backend.intercept((request) =>
      request.query.get('classification') === 'eq.worker'
        ? { status: 200, body: '<html>maintenance</html>', headers: { 'Content-Type': 'text/html' } }
        : undefined,
    );
    const read = (classification: string) =>
      fetch(`${backend.url}/rest/v1/feature_cards?select=id&is_active=eq.true&classification=eq.${classification}&order=order_index.asc`, {
        headers: { apikey: backend.anonKey },
      });
    const replaced = await read('worker');
    expect([replaced.status, replaced.headers.get('content-type'), await replaced.text()]).toEqual([
      200,
      'text/html',
      '<html>maintenance</html>',
    ]);
    const served = await read('adasorter');
    expect((await served.json()) as unknown[]).not.toHaveLength(0);
    expect(backend.requests.map((r) => [r.query.classification, r.role, r.status])).toEqual([
      ['eq.worker', null, 200],
      ['eq.adasorter', 'anon', 200],
    ]);
  });

  it('answers CORS preflights for the REST path and exposes Content-Range', async () => {
    const response = await preflight(
      `${backend.url}/rest/v1/contact_submissions`,
      'http://127.0.0.1:9000',
      'apikey,authorization,content-type,prefer',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9000');
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});

describe('cross-origin requests: pages on this machine only', () => {
  const LOOPBACK = ['http://localhost:8000', 'http://127.0.0.1:9000', 'https://localhost', 'http://127.8.9.10:3000', 'http://[::1]:8000'];
  const FOREIGN = [
    'https://evil.example',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io',
    'http://128.0.0.1',
    'http://[::2]:8000',
    'null',
    'file://',
    'http://127.1',
    'http://localhost:8000/edit/',
  ];
  const emails = (origin: string) => fetch(`${backend.url}/local/emails`, { headers: { Origin: origin } });

  beforeAll(async () => {
    // A code in the inbox, as a developer's would hold one.
    backend.emails.length = 0;
    await fetch(`${backend.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'cors@example.test' }),
    });
    await fetch(`${backend.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'cors@example.test', create_user: false }),
    });
    expect(backend.inbox()).toHaveLength(1);
  });
  afterAll(() => {
    backend.emails.length = 0;
  });

  it.each(LOOPBACK)('lets a page at %s read the inbox, naming its origin, never *', async (origin) => {
    const response = await emails(origin);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('vary')).toBe('Origin');
    expect(((await response.json()) as unknown[]).length).toBe(1);
  });

  it.each(FOREIGN)('answers a page at %s with a refusal and no CORS header, the inbox unread', async (origin) => {
    const response = await emails(origin);
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const body = await response.text();
    expect(body).toContain('LOCAL_FOREIGN_ORIGIN');
    expect(body).not.toContain('cors@example.test');
  });

  it('approves no preflight of a foreign page, to the Data API, Auth, Storage or the function', async () => {
    const paths = [
      '/rest/v1/contact_submissions',
      '/auth/v1/otp',
      '/storage/v1/object/site-pictures/a.jpg',
      '/functions/v1/inquiry-notif-resend',
    ];
    for (const path of paths) {
      const response = await preflight(`${backend.url}${path}`, 'https://evil.example', 'apikey,authorization,content-type');
      const cors = [...response.headers.keys()].filter((name) => name.startsWith('access-control-allow'));
      expect({ path, status: response.status, cors }).toEqual({ path, status: 403, cors: [] });
    }
    const approved = await preflight(`${backend.url}/auth/v1/otp`, 'http://localhost:8000', 'apikey,content-type');
    expect([approved.status, approved.headers.get('access-control-allow-origin')]).toEqual([200, 'http://localhost:8000']);
  });

  it("does no work for a foreign page's request: no row stored, no code sent", async () => {
    const row = submission();
    const stored = await fetch(`${backend.url}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', apikey: backend.anonKey, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify(row),
    });
    expect(stored.status).toBe(403);
    expect(await backend.sql('select id from contact_submissions where id = $1', [row.id])).toEqual([]);
    const asked = await fetch(`${backend.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', apikey: backend.anonKey, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ email: 'cors@example.test' }),
    });
    expect(asked.status).toBe(403);
    expect(backend.inbox()).toHaveLength(1);
  });

  it('answers a request without an Origin (a script, not a page) with no CORS header', async () => {
    const response = await fetch(`${backend.url}/local/emails`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the notify function under Deno', () => {
  it('sends one email for a stored submission, reached through /functions/v1 with the anon key', async () => {
    const row = submission({ name: 'Budi <b>Santoso</b>', type: 'investor' });
    await client(backend.anonKey).from('contact_submissions').insert(row);
    const call = () =>
      fetch(`${backend.url}/functions/v1/inquiry-notif-resend`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${backend.anonKey}`, apikey: backend.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(row),
      });
    const first = await call();
    expect({ status: first.status, output: first.ok ? '' : backend.functionOutput() }).toEqual({ status: 200, output: '' });
    expect((await call()).status).toBe(409);
    expect(backend.emails).toHaveLength(1);
    expect(backend.emails[0]?.idempotencyKey).toBe(row.id);
    expect(String(backend.emails[0]?.body.html)).toContain('Budi &lt;b&gt;Santoso&lt;/b&gt;');

    const unauthorised = await fetch(`${backend.url}/functions/v1/inquiry-notif-resend`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(row),
    });
    expect(unauthorised.status).toBe(401);
  });

  it('runs the sweep job as pg_cron would: the job SQL queues the call, which reaches the function with the service key', async () => {
    await backend.sql('delete from contact_submissions');
    backend.emails.length = 0;
    const row = submission({ name: 'Left Early' });
    await client(backend.anonKey).from('contact_submissions').insert(row);
    const run = await backend.runSweep();
    expect(run.call).toMatchObject({
      url: `${backend.url}/functions/v1/inquiry-notif-resend`,
      headers: { Authorization: `Bearer ${backend.serviceKey}` },
      body: { sweep: true },
    });
    expect({ status: run.status, body: run.body }).toEqual({
      status: 200,
      body: { sent: 1, retrying: 0, released: 0, digested: 0, decks: 0 },
    });
    expect(backend.emails.map((email) => email.idempotencyKey)).toEqual([row.id]);
    const calls = backend.requests.filter((r) => r.path.startsWith('/rest/v1/rpc/')).map((r) => `${r.role} ${r.path}`);
    expect(calls).toEqual([
      'service_role /rest/v1/rpc/inquiry_notify_claim_batch',
      // The action links' hashes, kept before the email that carries them.
      'service_role /rest/v1/rpc/inquiry_actions_store',
      'service_role /rest/v1/rpc/inquiry_notify_sent',
      'service_role /rest/v1/rpc/inquiry_deck_claim_retry',
      'service_role /rest/v1/rpc/inquiry_notify_claim_digest',
    ]);
  });

  it("runs the sweep on its own timer when asked to, the retention job on its first tick and the limit table's pruning on every tick, as pg_cron runs them", async () => {
    const timed = await startLocalBackend({ sweepIntervalMs: 250 });
    try {
      // An inquiry past the 12 months' retention, already notified: only the retention job touches it.
      await timed.db.query(
        `insert into public.contact_submissions (name, email, message, type, created_at, notified_at)
         values ('Last Year', 'last-year@example.com', 'Hello', 'contact', now() - interval '13 months', now() - interval '13 months')`,
      );
      const row = submission({ name: 'Never Notified' });
      await insertInquiry(timed.url, timed.anonKey, row as unknown as VisitorRow);
      const deadline = Date.now() + 60_000;
      while (timed.emails.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(timed.emails.map((email) => email.idempotencyKey)).toEqual([row.id]);
      const names = async () => (await timed.db.query<{ name: string }>('select name from public.contact_submissions')).rows;
      while ((await names()).length > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await names()).toEqual([{ name: 'Never Notified' }]);

      // A limit write past the hour, after the retention's first tick: a later tick's pruning deletes it.
      await timed.db.query(`insert into private.inquiry_writes (client, at) values ('198.51.100.99', now() - interval '61 minutes')`);
      const stale = async () =>
        (await timed.db.query<{ n: number }>(`select count(*)::int as n from private.inquiry_writes where client = '198.51.100.99'`))
          .rows[0]?.n;
      while ((await stale()) !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await stale()).toBe(0);
    } finally {
      await timed.stop();
    }
  });
});

describe('another schema', () => {
  it('serves the tables and request shapes it is given, with their own grants and RLS, and nothing of the site', async () => {
    const other = await startLocalBackend({
      paths: { bootstrap: PROJECT_SCHEMA.bootstrap, migrations: path.join(__dirname, 'fixtures', 'another-site') },
      api: { shapes: [{ name: 'the posts read', methods: ['GET'], table: 'posts', keys: ['select', 'order'] }], functions: {} },
    });
    try {
      const posts = await client(other.anonKey, other.url).from('posts').select('id,title').order('id');
      expect({ status: posts.status, data: posts.data }).toEqual({ status: 200, data: [{ id: 1, title: 'Hello' }] });
      const timeline = await fetch(`${other.url}/rest/v1/timeline?select=id&is_active=eq.true&order=order_index.asc`, {
        headers: { apikey: other.anonKey },
      });
      expect(timeline.status).toBe(400);
    } finally {
      await other.stop();
    }
  });
});
