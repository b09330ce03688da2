// The inquiry-notif-resend function end to end: its handler with PGlite (the real migrations) behind
// the store and a recording Resend stand-in, as the browser would call it after storing an inquiry.
import assert from 'node:assert/strict';
import { MAX_BODY_BYTES } from '../../supabase/functions/inquiry-notif-resend/http.ts';
import { REQUIRED_SETTINGS } from '../../supabase/functions/inquiry-notif-resend/settings.ts';
import { StoreError, type SubmissionStore } from '../../supabase/functions/inquiry-notif-resend/store.ts';
import { deliveryOf, makeRetriesDue, newSubmission, notifiedAt, submitMinutesAgo } from './support/database.ts';
import { errorOf, FUNCTION_URL, postRequest, startHarness } from './support/harness.ts';

const h = await startHarness();
const { test } = h;

// The request shape ---------------------------------------------------------------------------------

test('answers the browser preflight with the CORS headers and no body', async () => {
  const response = await h.send(
    new Request(FUNCTION_URL, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-client-info, apikey',
      },
    }),
  );
  assert.ok(response.status === 200 || response.status === 204);
  assert.equal(await response.text(), '');
  assert.match(response.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
  for (const header of ['authorization', 'content-type', 'x-client-info', 'apikey']) {
    assert.match(response.headers.get('access-control-allow-headers') ?? '', new RegExp(`\\b${header}\\b`));
  }
  assert.equal(h.resend.requests.length, 0);
});

test('refuses every method but POST with 405 and says which are allowed', async () => {
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
    const response = await h.send(new Request(FUNCTION_URL, { method }));
    await errorOf(response, 405);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
  }
});

test('refuses a body that is not JSON with 415', async () => {
  const submission = newSubmission();
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', null]) {
    const headers = new Headers();
    if (contentType) headers.set('content-type', contentType);
    const response = await h.send(postRequest(JSON.stringify(submission), headers));
    await errorOf(response, 415);
  }
  assert.equal(h.resend.requests.length, 0);
});

test('accepts a JSON content type with parameters', async () => {
  const response = await h.send(
    postRequest(JSON.stringify(newSubmission()), { 'content-type': 'Application/JSON; charset=utf-8' }),
  );
  // Never stored, so the request got past every check on its shape.
  await errorOf(response, 404);
});

function bodyOfSize(bytes: number): string {
  const padding = 'x'.repeat(bytes - JSON.stringify({ ...newSubmission(), padding: '' }).length);
  const body = JSON.stringify({ ...newSubmission(), padding });
  assert.equal(new TextEncoder().encode(body).byteLength, bytes);
  return body;
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 1024));
      offset += 1024;
    },
  });
}

test('refuses a body over 16 KB with 413, whatever Content-Length says', async () => {
  const tooBig = bodyOfSize(MAX_BODY_BYTES + 1);
  const cases: Array<[string, Request]> = [
    ['declared', postRequest(tooBig)],
    ['streamed without a length', postRequest(streamOf(tooBig))],
    ['with a Content-Length that lies', postRequest(streamOf(tooBig), { 'content-type': 'application/json', 'content-length': '200' })],
  ];
  for (const [label, request] of cases) {
    const response = await h.send(request);
    assert.equal(response.status, 413, label);
    await errorOf(response, 413);
  }
  assert.equal(h.resend.requests.length, 0);
});

test('accepts a body of exactly 16 KB', async () => {
  const response = await h.send(postRequest(streamOf(bodyOfSize(MAX_BODY_BYTES))));
  await errorOf(response, 404);
});

test('refuses a body that is not a JSON object with 400', async () => {
  for (const body of ['{"id": ', '[]', '"text"', 'null', '']) {
    const response = await h.send(postRequest(body));
    await errorOf(response, 400);
  }
});

test('refuses each invalid field with 400 naming it', async () => {
  const cases: Array<[field: string, value: unknown]> = [
    ['id', undefined],
    ['id', 'not-a-uuid'],
    ['id', 42],
    ['name', undefined],
    ['name', '   '],
    ['email', 'not an address'],
    ['email', ''],
    ['company', 7],
    ['message', undefined],
    ['message', '\n'],
    ['type', 'newsletter'],
    ['type', undefined],
  ];
  for (const [field, value] of cases) {
    const body: Record<string, unknown> = { ...newSubmission() };
    if (value === undefined) delete body[field];
    else body[field] = value;
    const error = await errorOf(await h.post(body), 400);
    assert.match(error, new RegExp(`'${field}'`), `${field} = ${JSON.stringify(value)}: ${error}`);
  }
  assert.equal(h.resend.requests.length, 0);
});

test('accepts company as null, empty, absent or text', async () => {
  for (const company of [null, '', undefined, 'Acme']) {
    const body: Record<string, unknown> = { ...newSubmission(), company };
    if (company === undefined) delete body.company;
    await errorOf(await h.post(body), 404);
  }
});

// The stored row ------------------------------------------------------------------------------------

test('answers 404 for an id that was never stored, and sends nothing', async () => {
  await errorOf(await h.post(newSubmission()), 404);
  assert.equal(h.resend.requests.length, 0);
});

test('refuses a row older than 15 minutes with 410 and leaves it unclaimed', async () => {
  const old = newSubmission();
  await submitMinutesAgo(h.db, old, 16);
  await errorOf(await h.post(old), 410);
  assert.equal(await notifiedAt(h.db, old.id), null);
  assert.equal(h.resend.requests.length, 0);

  const recent = newSubmission();
  await submitMinutesAgo(h.db, recent, 14);
  assert.equal((await h.post(recent)).status, 200);
});

test('opens its store with SUPABASE_URL and the service-role key', async () => {
  await h.post(newSubmission());
  assert.deepEqual(h.storeOpenings, [[h.env.SUPABASE_URL, h.env.SUPABASE_SERVICE_ROLE_KEY]]);
});

// The email ------------------------------------------------------------------------------------------

test('emails the team once about a stored contact message and marks the row notified', async () => {
  const submission = await h.stored({ company: 'Acme Recycling' });
  const response = await h.post(submission);
  assert.equal(response.status, 200, await response.clone().text());
  assert.deepEqual(await response.json(), { sent: true });

  assert.equal(h.resend.requests.length, 1);
  const [email] = h.resend.requests;
  assert.equal(email!.method, 'POST');
  assert.equal(email!.path, '/emails');
  assert.equal(email!.headers.get('authorization'), `Bearer ${h.env.RESEND_API_KEY}`);
  assert.equal(email!.headers.get('content-type'), 'application/json');
  assert.equal(email!.headers.get('idempotency-key'), submission.id);
  assert.deepEqual(email!.body.to, ['team@example.com']);
  assert.equal(email!.body.from, 'Website <inquiries@example.com>');
  assert.equal(email!.body.reply_to, submission.email);
  assert.equal(email!.body.subject, `New contact message from "${submission.name}"`);
  for (const part of [email!.body.text, email!.body.html]) {
    for (const value of [submission.name, submission.email, 'Acme Recycling', submission.message, submission.id]) {
      assert.ok(part.includes(value), `${value} in ${part}`);
    }
  }
  assert.ok((await notifiedAt(h.db, submission.id)) instanceof Date);
});

test('names an investor deck request as such in the subject', async () => {
  const submission = await h.stored({ type: 'investor' });
  assert.equal((await h.post(submission)).status, 200);
  assert.equal(h.resend.requests[0]!.body.subject, `New investor deck request from "${submission.name}"`);
});

test('sends to every address of a comma-separated INQUIRY_NOTIFY_TO and nobody else', async () => {
  const submission = await h.stored();
  const env = { ...h.env, INQUIRY_NOTIFY_TO: 'team@example.com, founders@example.com' };
  assert.equal((await h.post(submission, h.deps({ env }))).status, 200);
  assert.deepEqual(h.resend.requests[0]!.body.to, ['team@example.com', 'founders@example.com']);
  assert.equal(h.resend.requests[0]!.body.reply_to, submission.email);
});

test('writes the email from the stored row, never from the request body', async () => {
  const submission = await h.stored();
  const forged = {
    ...submission,
    name: 'Forged Name',
    email: 'forged@attacker.example',
    message: 'Click https://attacker.example',
    type: 'investor',
  };
  assert.equal((await h.post(forged)).status, 200);
  const [email] = h.resend.requests;
  assert.equal(email!.body.reply_to, submission.email);
  assert.equal(email!.body.subject, `New contact message from "${submission.name}"`);
  for (const part of [email!.body.text, email!.body.html, email!.body.subject]) {
    assert.ok(!part.includes('Forged') && !part.includes('attacker.example'), part);
  }
});

test('escapes every stored text in the HTML part', async () => {
  const submission = await h.stored({
    name: 'Eve <img src=x onerror=alert(1)>',
    company: 'Tom & "Jerry" <Ltd>',
    message: `<script>alert('stolen')</script>\nSecond line`,
  });
  assert.equal((await h.post(submission)).status, 200);
  const { html, text } = h.resend.requests[0]!.body;
  assert.ok(html.includes('&lt;script&gt;alert(&#39;stolen&#39;)&lt;/script&gt;'), html);
  assert.ok(html.includes('Eve &lt;img src=x onerror=alert(1)&gt;'), html);
  assert.ok(html.includes('Tom &amp; &quot;Jerry&quot; &lt;Ltd&gt;'), html);
  assert.ok(!/<script|<img/i.test(html), html);
  // The plain-text part is not markup: it carries the text as typed, each line set apart.
  assert.ok(text.includes(`| <script>alert('stolen')</script>\n| Second line`), text);
});

// At most one email per row ---------------------------------------------------------------------------

test('answers 409 to a second call for the same row and sends nothing more', async () => {
  const submission = await h.stored();
  assert.equal((await h.post(submission)).status, 200);
  await errorOf(await h.post(submission), 409);
  assert.equal(h.resend.requests.length, 1);
});

test('sends one email for two concurrent calls about the same row', async () => {
  const submission = await h.stored();
  const responses = await Promise.all([h.post(submission), h.post(submission)]);
  assert.deepEqual(responses.map((response) => response.status).sort(), [200, 409]);
  assert.equal(h.resend.requests.length, 1);
  assert.equal(h.resend.requests[0]!.headers.get('idempotency-key'), submission.id);
});

test('sends one email for many concurrent calls, and one per row across rows', async () => {
  const rows = await Promise.all([h.stored(), h.stored(), h.stored()]);
  const responses = await Promise.all(rows.flatMap((row) => [h.post(row), h.post(row), h.post(row)]));
  assert.equal(responses.filter((response) => response.status === 200).length, rows.length);
  assert.equal(responses.filter((response) => response.status === 409).length, rows.length * 2);
  assert.deepEqual(
    h.resend.requests.map((request) => request.headers.get('idempotency-key')).sort(),
    rows.map((row) => row.id).sort(),
  );
});

// Failures --------------------------------------------------------------------------------------------

test('answers 502 when Resend fails, schedules a retry, and the retry sends once with the same key', async () => {
  const submission = await h.stored();
  h.resend.failNext(500);
  await errorOf(await h.post(submission), 502);
  assert.equal(await notifiedAt(h.db, submission.id), null);
  const delivery = await deliveryOf(h.db, submission.id);
  assert.equal(delivery.status, 'retrying');
  assert.equal(delivery.attempts, 1);
  assert.equal(delivery.last_error, 'resend:500');
  assert.ok(delivery.next_attempt_at! > new Date(), 'the retry waits');

  // A replay of the browser's call does not jump the queue; the sweep retries once it is due.
  await errorOf(await h.post(submission), 409);
  await makeRetriesDue(h.db);
  assert.equal((await h.sweep()).status, 200);
  await errorOf(await h.post(submission), 409);
  assert.equal(h.resend.delivered().length, 1);
  assert.deepEqual(
    h.resend.requests.map((request) => [request.status, request.headers.get('idempotency-key')]),
    [[500, submission.id], [200, submission.id]],
  );
  assert.deepEqual(h.resend.requests[1]!.body, h.resend.requests[0]!.body, 'the same payload on the retry');
});

test('answers 502 and schedules a retry when Resend refuses the email or cannot be reached', async () => {
  const refused = await h.stored();
  h.resend.failNext(422);
  await errorOf(await h.post(refused), 502);
  assert.equal(await notifiedAt(h.db, refused.id), null);
  assert.equal((await deliveryOf(h.db, refused.id)).last_error, 'resend:422');

  const unreachable = await h.stored();
  // Nothing listens on port 9 (discard) of this machine's loopback.
  const env = { ...h.env, RESEND_API_URL: 'http://127.0.0.1:9' };
  await errorOf(await h.post(unreachable, h.deps({ env })), 502);
  assert.equal(await notifiedAt(h.db, unreachable.id), null);
  assert.equal((await deliveryOf(h.db, unreachable.id)).last_error, 'resend:network');
});

test('answers 500 naming each missing setting, and sends nothing', async () => {
  const submission = await h.stored();
  for (const name of REQUIRED_SETTINGS) {
    for (const missing of [undefined, '', '  ']) {
      const env = { ...h.env, [name]: missing };
      const error = await errorOf(await h.post(submission, h.deps({ env })), 500);
      assert.ok(error.includes(name), error);
      for (const other of REQUIRED_SETTINGS.filter((setting) => setting !== name)) {
        assert.ok(!error.includes(other), `${other} is set: ${error}`);
      }
    }
  }
  const error = await errorOf(await h.post(submission, h.deps({ env: {} })), 500);
  for (const name of REQUIRED_SETTINGS) assert.ok(error.includes(name), error);

  assert.equal(h.resend.requests.length, 0);
  assert.deepEqual(h.storeOpenings, []);
  assert.equal(await notifiedAt(h.db, submission.id), null);
});

test('answers 500 for a RESEND_API_URL that is not a URL, and sends nothing', async () => {
  const submission = await h.stored();
  const error = await errorOf(await h.post(submission, h.deps({ env: { ...h.env, RESEND_API_URL: 'not a url' } })), 500);
  assert.match(error, /RESEND_API_URL/);
  assert.equal(await notifiedAt(h.db, submission.id), null);
});

test('answers 503 when the database cannot be reached, and sends nothing', async () => {
  const unreachable = () => Promise.reject(new StoreError('claim', ''));
  const down: SubmissionStore = {
    claimOne: unreachable,
    claimBatch: unreachable,
    claimDigest: unreachable,
    markSent: unreachable,
    recordFailure: unreachable,
    release: unreachable,
    storeVerified: unreachable,
    storeActions: unreachable,
    takeAction: unreachable,
    claimDeckAuto: unreachable,
    keepDeckLink: unreachable,
    deckSent: unreachable,
    deckFailed: unreachable,
    claimDeckRetry: unreachable,
    claimReminders: unreachable,
    reminded: unreachable,
  };
  await errorOf(await h.post(newSubmission(), h.deps({ store: down })), 503);
  await errorOf(await h.post({ act: 'a-token', action: 'answer' }, h.deps({ store: down })), 503);
  await errorOf(await h.sweep(undefined, h.deps({ store: down })), 503);
  assert.equal(h.resend.requests.length, 0);
});

// Logs ----------------------------------------------------------------------------------------------

test('logs ids and statuses, never what the visitor wrote', async () => {
  const secret = {
    name: 'Zelda Quixote',
    email: 'zelda.quixote@private.example',
    company: 'Hyrule Holdings',
    message: 'Confidential: our plant recovers 93 percent',
  };
  const sent = await h.stored(secret);
  const failed = await h.stored(secret);
  const old = newSubmission(secret);
  await submitMinutesAgo(h.db, old, 30);

  h.resend.failNext(500);
  const statuses = [
    (await h.post(failed)).status,
    (await h.post(sent)).status,
    (await h.post(sent)).status,
    (await h.post(old)).status,
    (await h.post(newSubmission(secret))).status,
    (await h.post({ ...secret, id: sent.id, email: 'Zelda Quixote <bad>' })).status,
  ];
  assert.deepEqual(statuses, [502, 200, 409, 410, 404, 400]);

  // One JSON line per answer, so a log search can count outcomes by status and find a row by id.
  const entries = h.logs.map((line) => JSON.parse(line));
  assert.deepEqual(entries.map((entry) => entry.status), statuses);
  assert.deepEqual(entries.slice(0, 4).map((entry) => entry.id), [failed.id, sent.id, sent.id, old.id]);
  const output = h.logs.join('\n');
  for (const fragment of ['Zelda', 'Quixote', 'private.example', 'Hyrule', 'Confidential', '93 percent']) {
    assert.ok(!output.includes(fragment), `"${fragment}" leaked into the logs:\n${output}`);
  }
});
