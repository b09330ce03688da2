// Cloudflare Turnstile, where configured: the browser's notify call carries the widget's token and
// the function checks it with siteverify (a local stand-in answering Cloudflare's test secrets). A
// call without a valid token leaves the inquiry stored, but it reaches the team only in the digest.
import assert from 'node:assert/strict';
import { deliveryOf, type SubmissionFields } from './support/database.ts';
import { errorOf, startHarness } from './support/harness.ts';
import { startSiteverifyStandIn, TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SECRETS } from '../../tools/local-supabase/src/siteverify.ts';

const h = await startHarness();
const siteverify = await startSiteverifyStandIn();

function test(name: string, fn: () => Promise<void>) {
  h.test(name, async () => {
    siteverify.requests.length = 0;
    await fn();
  });
}

const withSecret = (secret: string) => h.deps({ env: { ...h.env, TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: siteverify.url } });

function notify(body: unknown, deps: ReturnType<typeof withSecret>): Promise<Response> {
  return h.post(body, deps, {
    // The visitor's address is the one Cloudflare sets; the first X-Forwarded-For entry is the client's own.
    'cf-connecting-ip': '203.0.113.5',
    'x-forwarded-for': '198.51.100.77, 10.0.0.1',
  });
}

async function sweep(deps: ReturnType<typeof withSecret>) {
  const response = await h.sweep(undefined, deps);
  assert.equal(response.status, 200);
  return await response.json();
}

test('a token siteverify accepts (the always-pass test secret) gets the email of its own', async () => {
  const submission = await h.stored();
  const deps = withSecret(TURNSTILE_TEST_SECRETS.alwaysPasses);
  const response = await notify({ ...submission, turnstileToken: TURNSTILE_DUMMY_TOKEN }, deps);
  assert.equal(response.status, 200, await response.clone().text());
  assert.deepEqual(siteverify.requests, [
    { secret: TURNSTILE_TEST_SECRETS.alwaysPasses, response: TURNSTILE_DUMMY_TOKEN, remoteip: '203.0.113.5' },
  ]);
  assert.deepEqual(h.resend.requests.map((request) => request.headers.get('idempotency-key')), [submission.id]);
});

test('a token siteverify refuses (always-fail, already spent) or none at all: stored, then sent only in the digest', async () => {
  const cases: Array<[string, string | undefined]> = [
    [TURNSTILE_TEST_SECRETS.alwaysFails, TURNSTILE_DUMMY_TOKEN],
    [TURNSTILE_TEST_SECRETS.tokenSpent, TURNSTILE_DUMMY_TOKEN],
    [TURNSTILE_TEST_SECRETS.alwaysPasses, undefined],
  ];
  const rows: SubmissionFields[] = [];
  for (const [secret, token] of cases) {
    const submission = await h.stored();
    rows.push(submission);
    const response = await notify({ ...submission, ...(token ? { turnstileToken: token } : {}) }, withSecret(secret));
    assert.equal(response.status, 202);
    assert.deepEqual(await response.json(), { sent: false, queued: 'digest' });
    assert.equal((await deliveryOf(h.db, submission.id)).status, 'pending');
  }
  assert.equal(h.resend.requests.length, 0, 'no email of their own');

  // The sweep never emails them alone, even with the hour's emails to spare; the digest lists them.
  const summary = await sweep(withSecret(TURNSTILE_TEST_SECRETS.alwaysPasses));
  assert.deepEqual(summary, { sent: 0, retrying: 0, released: 0, digested: 3, decks: 0 });
  assert.equal(h.resend.requests.length, 1);
  for (const row of rows) assert.ok(h.resend.requests[0]!.body.text.includes(row.email));
  const logs = h.logs.map((line) => JSON.parse(line)).filter((entry) => entry.event === 'queued');
  assert.deepEqual(logs.map((entry) => entry.reason), [
    'turnstile:invalid-input-response',
    'turnstile:timeout-or-duplicate',
    'turnstile:no-token',
  ]);
});

test('where Turnstile is configured, a row whose browser call never came (a closed tab) goes to the digest', async () => {
  const verified = await h.stored();
  const closedTab = await h.stored();
  // The verified one's email fails; the retry by the sweep is still an email of its own.
  h.resend.failNext(500);
  const deps = withSecret(TURNSTILE_TEST_SECRETS.alwaysPasses);
  await errorOf(await notify({ ...verified, turnstileToken: TURNSTILE_DUMMY_TOKEN }, deps), 502);
  await h.db.query('update public.contact_submissions set notify_next_at = now()');
  assert.deepEqual(await sweep(deps), { sent: 1, retrying: 0, released: 0, digested: 1, decks: 0 });
  const keys = h.resend.requests.map((request) => request.headers.get('idempotency-key') ?? '');
  assert.deepEqual(keys.map((key) => (key.startsWith('digest-') ? 'digest' : key)), [verified.id, verified.id, 'digest']);
  assert.ok(h.resend.requests[2]!.body.text.includes(closedTab.email));
});

test('siteverify out of reach counts as not verified: the inquiry still reaches the digest', async () => {
  const submission = await h.stored();
  // Nothing listens on port 9 (discard) of this machine's loopback.
  const env = { ...h.env, TURNSTILE_SECRET_KEY: TURNSTILE_TEST_SECRETS.alwaysPasses, TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/' };
  const deps = h.deps({ env });
  assert.equal((await notify({ ...submission, turnstileToken: TURNSTILE_DUMMY_TOKEN }, deps)).status, 202);
  assert.equal((await sweep(deps)).digested, 1);
});

test('without TURNSTILE_SECRET_KEY a token is ignored and nothing asks siteverify', async () => {
  const submission = await h.stored();
  const response = await notify({ ...submission, turnstileToken: 'anything' }, h.deps());
  assert.equal(response.status, 200);
  assert.equal(siteverify.requests.length, 0);
});

test('refuses a token that is not a string or too long to be one', async () => {
  const submission = await h.stored();
  for (const turnstileToken of [42, 'x'.repeat(2049)]) {
    const response = await notify({ ...submission, turnstileToken }, withSecret(TURNSTILE_TEST_SECRETS.alwaysPasses));
    const error = await errorOf(response, 400);
    assert.match(error, /'turnstileToken'/);
  }
});
