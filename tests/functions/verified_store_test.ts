// The verified path past the overall ceiling: the Data API refused the visitor's row with PT503
// (others filled the ceiling) and the visitor passed Turnstile, so the browser sends the row to the
// function. Siteverify (a local stand-in answering Cloudflare's test secrets) must accept the token
// before anything is stored; then the row is stored through public.inquiry_store_verified with the
// visitor's address headers and the team is emailed once.
import assert from 'node:assert/strict';
import { startSiteverifyStandIn, TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SECRETS } from '../../tools/local-supabase/src/siteverify.ts';
import { deliveryOf, newSubmission, type SubmissionFields } from './support/database.ts';
import { errorOf, startHarness } from './support/harness.ts';

const h = await startHarness();
const siteverify = await startSiteverifyStandIn();

// The ceiling, low and full: two admissions from others in the window.
async function fillCeiling(): Promise<void> {
  await h.db.exec(`
    update private.inquiry_limits set inserts_overall = 2;
    insert into private.inquiry_writes (client) values ('198.51.100.1'), ('198.51.100.2');`);
}

function test(name: string, fn: () => Promise<void>) {
  h.test(name, async () => {
    siteverify.requests.length = 0;
    await h.db.exec('update private.inquiry_limits set inserts_overall = 100, inserts_per_address = 10');
    await fillCeiling();
    await fn();
  });
}

const withSecret = (secret: string = TURNSTILE_TEST_SECRETS.alwaysPasses) =>
  h.deps({ env: { ...h.env, TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: siteverify.url } });

const VISITOR = '203.0.113.5';

function store(body: Record<string, unknown>, deps = withSecret()): Promise<Response> {
  return h.post({ store: true, ...body }, deps, {
    'cf-connecting-ip': VISITOR,
    // Written by the client: it names no one the limits or siteverify believe.
    'x-forwarded-for': '192.0.2.99, 10.0.0.1',
  });
}

const rowsWithId = async (id: string) =>
  (await h.db.query<{ verified: boolean }>(
    'select notify_verified_at is not null as verified from public.contact_submissions where id = $1',
    [id],
  ))
    .rows;

const admissions = async () => (await h.db.query<{ client: string }>('select client from private.inquiry_writes order by at, client')).rows;

test('a token siteverify accepts stores the row past the full ceiling, verified, and emails the team once', async () => {
  const inquiry: SubmissionFields = newSubmission({ company: 'Bank Sampah Maju' });
  const response = await store({ ...inquiry, turnstileToken: TURNSTILE_DUMMY_TOKEN });
  assert.equal(response.status, 200, await response.clone().text());
  assert.deepEqual(await response.json(), { sent: true, stored: true });

  assert.deepEqual(await rowsWithId(inquiry.id), [{ verified: true }]);
  assert.deepEqual(siteverify.requests, [
    { secret: TURNSTILE_TEST_SECRETS.alwaysPasses, response: TURNSTILE_DUMMY_TOKEN, remoteip: VISITOR },
  ]);
  // Admitted under the address Cloudflare saw, past the ceiling of two.
  assert.deepEqual((await admissions()).map((row) => row.client), ['198.51.100.1', '198.51.100.2', VISITOR]);
  assert.deepEqual(h.resend.requests.map((request) => request.headers.get('idempotency-key')), [inquiry.id]);
  assert.equal(h.resend.requests[0]!.body.reply_to, inquiry.email);
  assert.equal((await deliveryOf(h.db, inquiry.id)).status, 'sent');
});

test('a retry of the same inquiry (its first answer lost) stores no second row and sends no second email', async () => {
  const inquiry = newSubmission();
  assert.equal((await store({ ...inquiry, turnstileToken: TURNSTILE_DUMMY_TOKEN })).status, 200);
  const retry = await store({ ...inquiry, turnstileToken: TURNSTILE_DUMMY_TOKEN });
  assert.equal(retry.status, 409);
  assert.deepEqual(await retry.json(), { error: 'This submission was already notified', stored: true });
  assert.equal((await h.db.query('select 1 from public.contact_submissions')).rows.length, 1);
  assert.equal(h.resend.requests.length, 1);
  assert.equal((await admissions()).length, 3, 'the duplicate is not counted again');
});

test('a token siteverify refuses, or a function without the Turnstile secret, stores nothing', async () => {
  for (
    const [deps, reason] of [
      [withSecret(TURNSTILE_TEST_SECRETS.alwaysFails), 'store:turnstile:invalid-input-response'],
      [withSecret(TURNSTILE_TEST_SECRETS.tokenSpent), 'store:turnstile:timeout-or-duplicate'],
      [h.deps(), 'store:turnstile-off'],
    ] as const
  ) {
    const inquiry = newSubmission();
    const error = await errorOf(await store({ ...inquiry, turnstileToken: TURNSTILE_DUMMY_TOKEN }, deps), 403);
    assert.match(error, /Turnstile/);
    assert.deepEqual(await rowsWithId(inquiry.id), [], reason);
    assert.ok(h.logs.some((line) => line.includes(`"reason":"${reason}"`)), reason);
  }
  assert.equal(h.resend.requests.length, 0);
});

test('the visitor’s own limits still hold on this path, and say so with their code', async () => {
  await h.db.exec(`update private.inquiry_limits set inserts_per_address = 1`);
  await h.db.query(`insert into private.inquiry_writes (client) values ($1)`, [VISITOR]);
  const inquiry = newSubmission();
  const response = await store({ ...inquiry, turnstileToken: TURNSTILE_DUMMY_TOKEN });
  assert.equal(response.status, 429);
  assert.deepEqual(await response.json(), { error: 'Too many inquiries from this address or email address', code: 'PT429' });
  assert.deepEqual(await rowsWithId(inquiry.id), []);

  // Three from one email address in the hour, from another address: the fourth is refused too.
  await h.db.exec(
    `update private.inquiry_limits set inserts_per_address = 10; delete from private.inquiry_writes where client = '${VISITOR}'`,
  );
  const email = 'repeat@example.com';
  for (let i = 0; i < 3; i++) assert.equal((await store({ ...newSubmission({ email }), turnstileToken: 'token' })).status, 200);
  const fourth = await store({ ...newSubmission({ email }), turnstileToken: 'token' });
  assert.equal(fourth.status, 429);
  assert.equal((await fourth.json()).code, 'PT429');
});

test('a verified inquiry is stored whatever the unverified backlog', async () => {
  await h.db.exec(`update private.inquiry_limits set pending_max = 1`);
  try {
    for (let i = 0; i < 2; i++) {
      const waiting = newSubmission();
      await h.db.query(
        `insert into public.contact_submissions (id, name, email, company, message, type) values ($1, $2, $3, $4, $5, $6)`,
        [waiting.id, waiting.name, waiting.email, waiting.company, waiting.message, waiting.type],
      );
    }
    const inquiry = newSubmission();
    const response = await store({ ...inquiry, turnstileToken: TURNSTILE_DUMMY_TOKEN });
    assert.equal(response.status, 200);
    assert.equal((await rowsWithId(inquiry.id)).length, 1);
  } finally {
    await h.db.exec(`update private.inquiry_limits set pending_max = 500`);
  }
});

test('a store call needs the whole row and a token; the first bad field is named and nothing is stored', async () => {
  const inquiry = newSubmission();
  assert.match(await errorOf(await store({ ...inquiry }), 400), /'turnstileToken'/);
  assert.match(await errorOf(await store({ ...inquiry, turnstileToken: '' }), 400), /'turnstileToken'/);
  assert.match(await errorOf(await store({ ...inquiry, message: ' ', turnstileToken: 'token' }), 400), /'message'/);
  assert.match(await errorOf(await store({ ...inquiry, store: 'yes', turnstileToken: 'token' }), 400), /'store'/);
  // Longer than the table takes: the database refuses the value, after the challenge.
  assert.match(await errorOf(await store({ ...inquiry, name: 'x'.repeat(201), turnstileToken: 'token' }), 400), /refused a field/);
  assert.deepEqual(await rowsWithId(inquiry.id), []);
  assert.equal(h.resend.requests.length, 0);
});
