// The scheduled sweep of inquiry-notif-resend (`{"sweep":true}` with the service key), and the hourly
// cap with its digest: the handler with PGlite (the real migrations and claim functions) behind its
// store, and a recording Resend stand-in that fails, rate-limits or stalls on demand.
import assert from 'node:assert/strict';
import { deliveryOf, makeRetriesDue, newSubmission, notifiedAt, type SubmissionFields, submitMinutesAgo } from './support/database.ts';
import { errorOf, postRequest, startHarness } from './support/harness.ts';

const h = await startHarness();
const { test } = h;

async function swept(): Promise<{ sent: number; retrying: number; released: number; digested: number; decks: number }> {
  const response = await h.sweep();
  assert.equal(response.status, 200, await response.clone().text());
  return await response.json();
}

const keys = () => h.resend.requests.map((request) => request.headers.get('idempotency-key'));

// Who may sweep ----------------------------------------------------------------------------------------

test('refuses a sweep with the anon key, a wrong key or none, and sends nothing', async () => {
  await submitMinutesAgo(h.db, newSubmission(), 30);
  for (const token of ['anon-key', `${h.env.SUPABASE_SERVICE_ROLE_KEY}x`, h.env.SUPABASE_SERVICE_ROLE_KEY!.slice(0, -1), '']) {
    await errorOf(await h.sweep(token), 401);
  }
  const noHeader = await h.send(postRequest('{"sweep":true}'));
  await errorOf(noHeader, 401);
  assert.equal(h.resend.requests.length, 0);
  assert.deepEqual(h.storeOpenings, [], 'not even the store is opened');
});

test('refuses a sweep field other than true', async () => {
  for (const sweep of [false, 'true', 1, null]) {
    const response = await h.send(
      postRequest(JSON.stringify({ sweep }), {
        'content-type': 'application/json',
        authorization: `Bearer ${h.env.SUPABASE_SERVICE_ROLE_KEY}`,
      }),
    );
    assert.match(await errorOf(response, 400), /'sweep'/);
  }
});

// What a sweep sends -----------------------------------------------------------------------------------

test('emails what the browser never announced and a two-day-old pending one, once each, oldest first', async () => {
  const closedTab = await h.stored();
  const twoDaysOld = newSubmission();
  await submitMinutesAgo(h.db, twoDaysOld, 2 * 24 * 60);
  const notified = await h.stored();
  assert.equal((await h.post(notified)).status, 200);
  h.resend.reset();

  assert.deepEqual(await swept(), { sent: 2, retrying: 0, released: 0, digested: 0, decks: 0 });
  assert.deepEqual(keys(), [twoDaysOld.id, closedTab.id]);
  assert.equal(h.resend.requests[0]!.body.subject, `New contact message from "${twoDaysOld.name}"`);
  for (const submission of [closedTab, twoDaysOld]) {
    assert.equal((await deliveryOf(h.db, submission.id)).status, 'sent');
  }

  assert.deepEqual(await swept(), { sent: 0, retrying: 0, released: 0, digested: 0, decks: 0 });
  assert.equal(h.resend.requests.length, 2, 'nothing is sent twice');
});

test('sends a bounded batch per call; the next call takes the rest', async () => {
  const rows: SubmissionFields[] = [];
  for (let i = 0; i < 12; i++) {
    const submission = newSubmission();
    await submitMinutesAgo(h.db, submission, 60 - i);
    rows.push(submission);
  }
  assert.equal((await swept()).sent, 10);
  assert.equal((await swept()).sent, 2);
  assert.deepEqual(keys(), rows.map((row) => row.id));
});

test('two sweeps at once, and a sweep racing the browser, send each inquiry once', async () => {
  const rows = [await h.stored(), await h.stored(), await h.stored()];
  const results = await Promise.all([h.sweep(), h.sweep(), h.post(rows[0]), h.post(rows[2])]);
  assert.deepEqual(results.map((response) => response.status).slice(0, 2), [200, 200]);
  assert.deepEqual(keys().sort(), rows.map((row) => row.id).sort());
  for (const row of rows) assert.ok(await notifiedAt(h.db, row.id));
});

// Failures and retries -----------------------------------------------------------------------------------

test('a 429 with Retry-After waits at least that long, stops the batch, and the retry sends the same email once', async () => {
  const first = newSubmission();
  const second = newSubmission();
  await submitMinutesAgo(h.db, first, 20);
  await submitMinutesAgo(h.db, second, 10);
  h.resend.failNext(429, 1, { 'retry-after': '600' });

  assert.deepEqual(await swept(), { sent: 0, retrying: 1, released: 1, digested: 0, decks: 0 });
  assert.equal(h.resend.requests.length, 1, 'the rest of the batch is not tried while Resend says slow down');
  const waiting = await deliveryOf(h.db, first.id);
  assert.equal(waiting.last_error, 'resend:429');
  assert.ok(waiting.next_attempt_at!.getTime() >= Date.now() + 590_000, `retry at ${waiting.next_attempt_at}`);
  assert.deepEqual(await deliveryOf(h.db, second.id), { ...(await deliveryOf(h.db, second.id)), status: 'pending', attempts: 0 });

  // The untried one goes out on the next sweep; the rate-limited one only once it is due.
  assert.equal((await swept()).sent, 1);
  assert.deepEqual(keys(), [first.id, second.id]);
  await makeRetriesDue(h.db);
  assert.equal((await swept()).sent, 1);
  assert.deepEqual(keys(), [first.id, second.id, first.id]);
  assert.deepEqual(h.resend.requests[2]!.body, h.resend.requests[0]!.body, 'the same payload under the same key');
  assert.equal(h.resend.delivered().length, 2);
});

test('5xx failures are retried with growing delay', async () => {
  const submission = newSubmission();
  await submitMinutesAgo(h.db, submission, 30);
  const delays: number[] = [];
  for (const status of [500, 503, 502]) {
    h.resend.failNext(status);
    const before = Date.now();
    assert.equal((await swept()).retrying, 1);
    const delivery = await deliveryOf(h.db, submission.id);
    assert.equal(delivery.last_error, `resend:${status}`);
    delays.push(delivery.next_attempt_at!.getTime() - before);
    await makeRetriesDue(h.db);
  }
  // One, two, four minutes.
  assert.deepEqual(delays.map((ms) => Math.round(ms / 60_000)), [1, 2, 4]);
  assert.equal((await deliveryOf(h.db, submission.id)).attempts, 3);
  assert.equal((await swept()).sent, 1);
  assert.ok(new Set(keys()).size === 1 && keys().length === 4, 'one key for every try');
});

test('a send that times out counts as failed and is retried under the same key', async () => {
  const submission = newSubmission();
  await submitMinutesAgo(h.db, submission, 30);
  h.resend.delayNext(6_000);
  assert.deepEqual(await swept(), { sent: 0, retrying: 1, released: 0, digested: 0, decks: 0 });
  assert.equal((await deliveryOf(h.db, submission.id)).last_error, 'resend:timeout');
  await makeRetriesDue(h.db);
  assert.equal((await swept()).sent, 1);
  assert.deepEqual(keys(), [submission.id, submission.id]);
});

test('after a day of failures the inquiry is marked failed, listed for the team, and never swept again', async () => {
  const submission = newSubmission();
  await submitMinutesAgo(h.db, submission, 3 * 24 * 60);
  h.resend.failNext(500);
  await swept();
  // A day of failures later.
  await h.db.query(`update public.contact_submissions set notify_failing_since = now() - interval '25 hours' where id = $1`, [
    submission.id,
  ]);
  await makeRetriesDue(h.db);
  h.resend.failNext(500);
  await swept();

  assert.equal((await deliveryOf(h.db, submission.id)).status, 'failed');
  const { rows } = await h.db.query<{ id: string; attempts: number }>('select id, attempts from private.failed_inquiries');
  assert.deepEqual(rows, [{ id: submission.id, attempts: 2 }]);
  await makeRetriesDue(h.db);
  assert.deepEqual(await swept(), { sent: 0, retrying: 0, released: 0, digested: 0, decks: 0 });
  assert.equal(h.resend.requests.length, 2);
});

// The hourly cap and the digest ----------------------------------------------------------------------------

test('a burst of 30 costs 20 individual emails and one digest naming the other 10', async () => {
  const burst: SubmissionFields[] = [];
  for (let i = 0; i < 30; i++) burst.push(await h.stored({ company: i % 2 ? `Company ${i}` : null, type: i % 3 ? 'contact' : 'investor' }));
  const statuses = [];
  for (const submission of burst) statuses.push((await h.post(submission)).status);
  assert.deepEqual(statuses, [...Array(20).fill(200), ...Array(10).fill(202)]);

  assert.deepEqual(await swept(), { sent: 0, retrying: 0, released: 0, digested: 10, decks: 0 });
  assert.deepEqual(await swept(), { sent: 0, retrying: 0, released: 0, digested: 0, decks: 0 }, 'one digest an hour');
  assert.equal(h.resend.requests.length, 21);

  const digest = h.resend.requests[20]!;
  assert.match(digest.body.subject, /^Inquiry digest: 10 inquiries/);
  assert.equal(digest.body.reply_to, undefined);
  assert.match(digest.headers.get('idempotency-key') ?? '', /^digest-[0-9a-f]{64}$/);
  const individually = new Set(keys().slice(0, 20));
  for (const submission of burst) {
    if (individually.has(submission.id)) continue;
    for (const part of [digest.body.text, digest.body.html]) {
      const typeLabel = submission.type === 'contact' ? 'Contact message' : 'Investor deck request';
      for (const value of [submission.name, submission.email, submission.message, typeLabel]) {
        assert.ok(part.includes(value), `${value} of ${submission.id} in the digest`);
      }
      if (submission.company) assert.ok(part.includes(submission.company));
    }
  }
  const { rows } = await h.db.query<{ channel: string; n: number }>(
    `select notify_channel as channel, count(*)::int as n from public.contact_submissions
     where notified_at is not null group by 1 order by 1`,
  );
  assert.deepEqual(rows, [{ channel: 'digest', n: 10 }, { channel: 'email', n: 20 }]);
});

test('the digest shows the start of a long message, escaped', async () => {
  await h.db.query(`update private.inquiry_limits set emails_per_hour = 0`);
  try {
    const long = await h.stored({ name: 'Eve <b>', message: `<script>x</script> ${'word '.repeat(200)}` });
    assert.equal((await h.post(long)).status, 202);
    assert.equal((await swept()).digested, 1);
    const { html, text } = h.resend.requests[0]!.body;
    assert.ok(html.includes('Eve &lt;b&gt;') && html.includes('&lt;script&gt;'), html);
    assert.ok(!html.includes('<script>'));
    const line = text.split('\n').find((entry) => entry.startsWith('Message: '))!;
    assert.ok(line.length < 300 && line.endsWith('…'), line);
  } finally {
    await h.db.query(`update private.inquiry_limits set emails_per_hour = 20`);
  }
});

test('a failed digest is retried with the same rows, key and payload, and sent once', async () => {
  await h.db.query(`update private.inquiry_limits set emails_per_hour = 0`);
  try {
    const rows = [await h.stored(), await h.stored()];
    h.resend.failNext(503);
    assert.deepEqual(await swept(), { sent: 0, retrying: 2, released: 0, digested: 0, decks: 0 });
    await makeRetriesDue(h.db);
    assert.equal((await swept()).digested, 2);
    assert.equal(h.resend.requests[0]!.headers.get('idempotency-key'), h.resend.requests[1]!.headers.get('idempotency-key'));
    assert.deepEqual(h.resend.requests[0]!.body, h.resend.requests[1]!.body);
    for (const row of rows) assert.equal((await deliveryOf(h.db, row.id)).channel, 'digest');
  } finally {
    await h.db.query(`update private.inquiry_limits set emails_per_hour = 20`);
  }
});
