// The local backend is what the browser tests trust to behave like Supabase: it must refuse calls
// it does not know, let the real grants and RLS decide per key, and answer the site's and the
// notify function's calls in PostgREST's shapes (asserted here through postgrest-js itself).
import { PostgrestClient } from '@supabase/postgrest-js';
import { startLocalBackend, type LocalBackend } from '../support/backend';

let backend: LocalBackend;

const client = (key: string) =>
  new PostgrestClient(`${backend.url}/rest/v1`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    retry: false,
  });

const submission = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  name: 'Sari Wijaya',
  email: 'sari@example.test',
  company: null,
  message: 'We run a sorting line in Bekasi.',
  type: 'contact',
  ...overrides,
});

beforeAll(async () => {
  backend = await startLocalBackend();
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(() => {
  backend.failReads(false);
  backend.failWrites(false);
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
    for (const path of ['/rest/v1/rpc/anything', '/auth/v1/user', '/storage/v1/object']) {
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

  it('claims a row once for the notify function and releases it', async () => {
    const row = submission();
    await client(backend.anonKey).from('contact_submissions').insert(row);
    const service = client(backend.serviceKey);
    const claim = () =>
      service
        .from('contact_submissions')
        .update({ notified_at: new Date().toISOString() })
        .eq('id', row.id)
        .is('notified_at', null)
        .select('id,notified_at');
    const first = await claim();
    expect(first.data).toHaveLength(1);
    expect((await claim()).data).toEqual([]);
    const released = await service.from('contact_submissions').update({ notified_at: null }).eq('id', row.id);
    expect(released.status).toBe(204);
    expect((await claim()).data).toHaveLength(1);
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

  it('answers CORS preflights for the REST path and exposes Content-Range', async () => {
    const response = await fetch(`${backend.url}/rest/v1/contact_submissions`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:9000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey,authorization,content-type,prefer',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
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
  }, 120_000);
});
