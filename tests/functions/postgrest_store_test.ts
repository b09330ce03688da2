// The production store speaks PostgREST: these are the exact requests it makes (calls of the claim
// functions under /rest/v1/rpc/, which any stand-in for Supabase's Data API must answer), checked
// against a recording server on 127.0.0.1.
import assert from 'node:assert/strict';
import {
  createPostgrestStore,
  STORE_FUNCTIONS,
  StoreError,
  type SubmissionRow,
} from '../../supabase/functions/inquiry-notif-resend/store.ts';
import { createPostgrestTeamStore, SessionRefused, TEAM_DECK_FUNCTION } from '../../supabase/functions/inquiry-notif-resend/team.ts';

interface Recorded {
  method: string;
  path: string;
  query: Array<[string, string]>;
  headers: Headers;
  body: string;
}

const KEY = 'service-role-key-for-tests';
const ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const CLAIM = '0b9e4c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c';
const ROW: SubmissionRow = {
  id: ID,
  name: 'Ada',
  email: 'ada@example.com',
  company: null,
  message: 'Hello',
  type: 'contact',
  language: 'en',
  created_at: '2026-11-23T01:00:00.123456+00:00',
  notified_at: null,
  attempts: 0,
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

function assertRpc(request: Recorded | undefined, name: string, args: Record<string, unknown>) {
  assert.equal(request!.method, 'POST');
  assert.equal(request!.path, `/rest/v1/rpc/${name}`);
  assert.deepEqual(request!.query, []);
  assert.equal(request!.headers.get('apikey'), KEY);
  assert.equal(request!.headers.get('authorization'), `Bearer ${KEY}`);
  assert.equal(request!.headers.get('content-type'), 'application/json');
  assert.deepEqual(JSON.parse(request!.body), args);
}

Deno.test('claimOne: POST /rest/v1/rpc/inquiry_notify_claim_one with the id, the age limit and the check', async () => {
  const answer = { outcome: 'claimed', claim: CLAIM, row: ROW };
  await withPostgrest(
    () => Response.json(answer),
    async (baseUrl, recorded) => {
      const store = createPostgrestStore(baseUrl, KEY);
      assert.deepEqual(await store.claimOne(ID, 900, null), answer);
      await store.claimOne(ID, 900, false);
      assertRpc(recorded[0], STORE_FUNCTIONS.claimOne, { p_id: ID, p_max_age_seconds: 900, p_verified: null });
      assertRpc(recorded[1], STORE_FUNCTIONS.claimOne, { p_id: ID, p_max_age_seconds: 900, p_verified: false });
    },
  );
});

Deno.test('claimBatch and claimDigest: whether only verified rows get emails, the claim token and rows back', async () => {
  await withPostgrest(
    () => Response.json({ claim: CLAIM, rows: [ROW] }),
    async (baseUrl, recorded) => {
      const store = createPostgrestStore(baseUrl, KEY);
      assert.deepEqual(await store.claimBatch(false), { claim: CLAIM, rows: [ROW] });
      assert.deepEqual(await store.claimDigest(true), { claim: CLAIM, rows: [ROW] });
      assertRpc(recorded[0], STORE_FUNCTIONS.claimBatch, { p_verified_only: false });
      assertRpc(recorded[1], STORE_FUNCTIONS.claimDigest, { p_verified_only: true });
    },
  );
});

Deno.test('markSent, recordFailure and release: the claim token, the ids, and the count back', async () => {
  await withPostgrest(
    () => Response.json(1),
    async (baseUrl, recorded) => {
      const store = createPostgrestStore(baseUrl, KEY);
      assert.equal(await store.markSent(CLAIM, [ID]), 1);
      assert.equal(await store.recordFailure(CLAIM, [ID], 'resend:429', 30), 1);
      assert.equal(await store.release(CLAIM, [ID]), 1);
      assertRpc(recorded[0], STORE_FUNCTIONS.markSent, { p_claim: CLAIM, p_ids: [ID] });
      assertRpc(recorded[1], STORE_FUNCTIONS.recordFailure, {
        p_claim: CLAIM,
        p_ids: [ID],
        p_error: 'resend:429',
        p_retry_after_seconds: 30,
      });
      assertRpc(recorded[2], STORE_FUNCTIONS.release, { p_claim: CLAIM, p_ids: [ID] });
    },
  );
});

Deno.test('a PostgREST error becomes a StoreError keeping only its code', async () => {
  await withPostgrest(
    () =>
      Response.json(
        { code: '42501', message: 'permission denied for function inquiry_notify_claim_one', details: 'Ada', hint: null },
        { status: 403 },
      ),
    async (baseUrl) => {
      const store = createPostgrestStore(baseUrl, KEY);
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['claim', () => store.claimOne(ID, 900, null)],
        ['claim', () => store.claimBatch(false)],
        ['sent', () => store.markSent(CLAIM, [ID])],
        ['failed', () => store.recordFailure(CLAIM, [ID], 'resend:500', null)],
        ['release', () => store.release(CLAIM, [ID])],
      ];
      for (const [operation, attempt] of calls) {
        await assert.rejects(attempt(), (error: unknown) => {
          assert.ok(error instanceof StoreError);
          assert.equal(error.operation, operation);
          assert.equal(error.code, '42501');
          assert.ok(!error.message.includes('Ada'));
          return true;
        });
      }
    },
  );
});

Deno.test('storeVerified: POST /rest/v1/rpc/inquiry_store_verified with the row and the visitor’s address headers', async () => {
  const row = {
    id: ID,
    name: 'Ada',
    email: 'ada@example.com',
    company: null,
    message: 'Hello',
    type: 'contact' as const,
    language: 'id' as const,
  };
  const headers = { 'cf-connecting-ip': '203.0.113.5', 'x-forwarded-for': '192.0.2.99, 10.0.0.1' };
  await withPostgrest(
    () => Response.json({ outcome: 'duplicate' }),
    async (baseUrl, recorded) => {
      assert.equal(await createPostgrestStore(baseUrl, KEY).storeVerified(row, headers), 'duplicate');
      assertRpc(recorded[0], STORE_FUNCTIONS.storeVerified, {
        p_id: ID,
        p_name: 'Ada',
        p_email: 'ada@example.com',
        p_company: null,
        p_message: 'Hello',
        p_type: 'contact',
        p_language: 'id',
        p_headers: headers,
      });
    },
  );
  // A limit's refusal keeps its code, which the function passes on to the browser.
  await withPostgrest(
    () => Response.json({ code: 'PT429', message: 'Too many inquiries from this address' }, { status: 429 }),
    async (baseUrl) => {
      await assert.rejects(createPostgrestStore(baseUrl, KEY).storeVerified(row, headers), (error: unknown) => {
        assert.ok(error instanceof StoreError);
        assert.equal(error.operation, 'store');
        assert.equal(error.code, 'PT429');
        return true;
      });
    },
  );
});

Deno.test("the team's press: POST /rest/v1/rpc/team_deck_claim with the member's token as bearer, never the service key", async () => {
  const member = 'eyJhbGciOiJIUzI1NiJ9.member.session';
  const claimed = { outcome: 'claimed', claim: CLAIM, row: { id: ID, name: 'Ada', email: 'ada@example.com', language: 'en' }, link: null };
  await withPostgrest(
    () => Response.json(claimed),
    async (baseUrl, recorded) => {
      assert.deepEqual(await createPostgrestTeamStore(baseUrl, 'anon-key', member).claimDeck(ID), claimed);
      assert.equal(recorded[0]!.method, 'POST');
      assert.equal(recorded[0]!.path, `/rest/v1/rpc/${TEAM_DECK_FUNCTION}`);
      assert.equal(recorded[0]!.headers.get('apikey'), 'anon-key');
      assert.equal(recorded[0]!.headers.get('authorization'), `Bearer ${member}`);
      assert.deepEqual(JSON.parse(recorded[0]!.body), { p_id: ID });
    },
  );
  // PostgREST's refusals: a token it cannot use (401), an anonymous 42501 (401), a signed-in one (403).
  const refusals: Array<[number, string, number]> = [[401, 'PGRST301', 401], [401, 'PGRST303', 401], [401, '42501', 401], [
    403,
    '42501',
    403,
  ]];
  for (const [status, code, expected] of refusals) {
    await withPostgrest(
      () => Response.json({ code, message: 'refused', details: null, hint: null }, { status }),
      async (baseUrl) => {
        await assert.rejects(createPostgrestTeamStore(baseUrl, 'anon-key', member).claimDeck(ID), (error: unknown) => {
          assert.ok(error instanceof SessionRefused, `${status} ${code}`);
          assert.equal(error.status, expected);
          return true;
        });
      },
    );
  }
  // Anything else is the database being unavailable, as for the service role's calls.
  await withPostgrest(
    () => Response.json({ code: '57014', message: 'canceling statement due to statement timeout' }, { status: 500 }),
    async (baseUrl) => {
      await assert.rejects(createPostgrestTeamStore(baseUrl, 'anon-key', member).claimDeck(ID), (error: unknown) => {
        assert.ok(error instanceof StoreError);
        assert.equal(error.code, '57014');
        return true;
      });
    },
  );
});
