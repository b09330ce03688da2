// The production store speaks PostgREST: these are the exact requests it makes (and that any stand-in
// for Supabase's Data API must answer), checked against a recording server on 127.0.0.1.
import assert from 'node:assert/strict';
import {
  createPostgrestStore,
  StoreError,
  SUBMISSION_COLUMNS,
  type SubmissionRow,
} from '../../supabase/functions/inquiry-notif-resend/store.ts';

interface Recorded {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: Headers;
  body: string;
}

const KEY = 'service-role-key-for-tests';
const ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const ROW: SubmissionRow = {
  id: ID,
  name: 'Ada',
  email: 'ada@example.com',
  company: null,
  message: 'Hello',
  type: 'contact',
  created_at: '2026-11-23T01:00:00.123456+00:00',
  notified_at: null,
};

/** A PostgREST stand-in answering with whatever `reply` returns, recording each request. */
async function withPostgrest(
  reply: (request: Recorded) => Response,
  fn: (baseUrl: string, recorded: Recorded[]) => Promise<void>,
): Promise<void> {
  const recorded: Recorded[] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    const entry = {
      method: request.method,
      path: url.pathname,
      query: [...url.searchParams.entries()],
      headers: request.headers,
      body: await request.text(),
    };
    recorded.push(entry);
    return reply(entry);
  });
  try {
    // A trailing slash, as a project URL is often pasted, must not double the path's slash.
    await fn(`http://127.0.0.1:${server.addr.port}/`, recorded);
  } finally {
    await server.shutdown();
  }
}

function assertServiceRoleHeaders(headers: Headers) {
  assert.equal(headers.get('apikey'), KEY);
  assert.equal(headers.get('authorization'), `Bearer ${KEY}`);
}

Deno.test('load: GET /rest/v1/contact_submissions?select=…&id=eq.<id>, the row or null', async () => {
  let rows: SubmissionRow[] = [ROW];
  await withPostgrest(
    () => Response.json(rows),
    async (baseUrl, recorded) => {
      const store = createPostgrestStore(baseUrl, KEY);
      assert.deepEqual(await store.load(ID), ROW);
      rows = [];
      assert.equal(await store.load(ID), null);

      const [request] = recorded;
      assert.equal(request!.method, 'GET');
      assert.equal(request!.path, '/rest/v1/contact_submissions');
      assert.deepEqual(request!.query, [['select', SUBMISSION_COLUMNS], ['id', `eq.${ID}`]]);
      assertServiceRoleHeaders(request!.headers);
      assert.equal(request!.headers.get('prefer'), null);
    },
  );
});

Deno.test('claim: PATCH …?id=eq.<id>&notified_at=is.null&select=… with Prefer: return=representation', async () => {
  const at = new Date('2026-11-23T01:05:00.000Z');
  let rows: SubmissionRow[] = [{ ...ROW, notified_at: at.toISOString() }];
  await withPostgrest(
    () => Response.json(rows),
    async (baseUrl, recorded) => {
      const store = createPostgrestStore(baseUrl, KEY);
      assert.equal((await store.claim(ID, at))?.id, ID);
      // PostgREST answers [] when the filter matched nothing: another call claimed the row first.
      rows = [];
      assert.equal(await store.claim(ID, at), null);

      const [request] = recorded;
      assert.equal(request!.method, 'PATCH');
      assert.equal(request!.path, '/rest/v1/contact_submissions');
      assert.deepEqual(request!.query, [['id', `eq.${ID}`], ['notified_at', 'is.null'], ['select', SUBMISSION_COLUMNS]]);
      assert.equal(request!.headers.get('prefer'), 'return=representation');
      assert.equal(request!.headers.get('content-type'), 'application/json');
      assertServiceRoleHeaders(request!.headers);
      assert.deepEqual(JSON.parse(request!.body), { notified_at: '2026-11-23T01:05:00.000Z' });
    },
  );
});

Deno.test('release: PATCH …?id=eq.<id> setting notified_at to null, no representation asked', async () => {
  await withPostgrest(
    () => new Response(null, { status: 204 }),
    async (baseUrl, recorded) => {
      await createPostgrestStore(baseUrl, KEY).release(ID);

      const [request] = recorded;
      assert.equal(request!.method, 'PATCH');
      assert.equal(request!.path, '/rest/v1/contact_submissions');
      assert.deepEqual(request!.query, [['id', `eq.${ID}`]]);
      assert.equal(request!.headers.get('prefer'), null);
      assertServiceRoleHeaders(request!.headers);
      assert.deepEqual(JSON.parse(request!.body), { notified_at: null });
    },
  );
});

Deno.test('a PostgREST error becomes a StoreError keeping only its code', async () => {
  await withPostgrest(
    () =>
      Response.json(
        { code: '42501', message: 'permission denied for table contact_submissions', details: 'Ada', hint: null },
        { status: 403 },
      ),
    async (baseUrl) => {
      const store = createPostgrestStore(baseUrl, KEY);
      for (const attempt of [() => store.load(ID), () => store.claim(ID, new Date()), () => store.release(ID)]) {
        await assert.rejects(attempt(), (error: unknown) => {
          assert.ok(error instanceof StoreError);
          assert.equal(error.code, '42501');
          assert.ok(!error.message.includes('Ada'));
          return true;
        });
      }
    },
  );
});
