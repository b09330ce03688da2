// The request's shape, apart from the database: the byte-counted body limit, the JSON body, and the
// answer and log line of each refusal.
import assert from 'node:assert/strict';
import {
  addressHeaders,
  clientAddress,
  MAX_BODY_BYTES,
  readBodyWithin,
  readJsonObject,
} from '../../supabase/functions/inquiry-notif-resend/http.ts';

const URL = 'http://127.0.0.1/functions/v1/inquiry-notif-resend';

function post(body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }): Request {
  return new Request(URL, { method: 'POST', headers, body });
}

/** Runs `fn` with the console captured: its result and the JSON lines logged meanwhile. */
async function logged<T>(fn: () => Promise<T>): Promise<[T, unknown[]]> {
  const lines: unknown[] = [];
  const saved = { warn: console.warn, error: console.error, info: console.info };
  for (const level of ['warn', 'error', 'info'] as const) console[level] = (line: string) => lines.push(JSON.parse(line));
  try {
    return [await fn(), lines];
  } finally {
    Object.assign(console, saved);
  }
}

async function refusal(result: Record<string, unknown> | Response): Promise<[number, string]> {
  assert.ok(result instanceof Response, `a refusal, not ${JSON.stringify(result)}`);
  assert.equal(result.headers.get('access-control-allow-origin'), '*');
  return [result.status, (await result.json()).error];
}

Deno.test('the limit counts bytes, not characters', async () => {
  const limit = 10;
  assert.deepEqual(await readBodyWithin(post('x'.repeat(limit)), limit), new TextEncoder().encode('x'.repeat(limit)));
  assert.equal(await readBodyWithin(post('x'.repeat(limit + 1)), limit), null);
  // Six characters, twelve bytes.
  assert.equal(await readBodyWithin(post('é'.repeat(6)), limit), null);
});

Deno.test('a declared length past the limit is refused before the body is read', async () => {
  let pulled = false;
  // No buffering ahead (highWaterMark 0): pull runs only when the body is read.
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled = true;
      controller.close();
    },
  }, { highWaterMark: 0 });
  const request = post(stream, { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1) });
  assert.equal(await readBodyWithin(request, MAX_BODY_BYTES), null);
  assert.equal(pulled, false);
});

Deno.test('a JSON object comes back as the object', async () => {
  const [body, lines] = await logged(() =>
    readJsonObject(post('{"id":"x","nested":{"a":[1]}}', { 'content-type': 'application/json; charset=utf-8' }))
  );
  assert.deepEqual(body, { id: 'x', nested: { a: [1] } });
  assert.deepEqual(lines, []);
});

Deno.test('each refusal: its status, its error and one log line with its reason', async () => {
  const cases: Array<[Request, number, string, string]> = [
    [post('{}', { 'content-type': 'text/json' }), 415, 'The body must be application/json', 'media-type'],
    [post(`"${'x'.repeat(MAX_BODY_BYTES - 1)}"`), 413, `The body must be at most ${MAX_BODY_BYTES} bytes`, 'body-size'],
    [post('{"id": '), 400, 'The body is not valid JSON', 'json'],
    // Not UTF-8 (a lone 0xff): refused, not read with a replacement character.
    [post(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])), 400, 'The body is not valid JSON', 'json'],
    [post('[{"id":"x"}]'), 400, 'The body must be a JSON object', 'json'],
    [post('null'), 400, 'The body must be a JSON object', 'json'],
  ];
  for (const [request, status, error, reason] of cases) {
    const [result, lines] = await logged(() => readJsonObject(request));
    assert.deepEqual(await refusal(result), [status, error], reason);
    assert.deepEqual(lines, [{ fn: 'inquiry-notif-resend', event: 'rejected', status, reason }]);
  }
});

Deno.test('the client address is cf-connecting-ip, else the last x-forwarded-for entry, or none, as the database reads it', () => {
  const from = (headers: Record<string, string>) => clientAddress(new Request(URL, { headers }));
  // The first X-Forwarded-For entry is whatever the client wrote: it never decides.
  assert.equal(from({ 'cf-connecting-ip': '203.0.113.5', 'x-forwarded-for': '192.0.2.99, 10.0.0.1' }), '203.0.113.5');
  assert.equal(from({ 'x-forwarded-for': '192.0.2.99, 203.0.113.5' }), '203.0.113.5');
  assert.equal(from({ 'cf-connecting-ip': ' ', 'x-forwarded-for': '2001:db8::1' }), '2001:db8::1');
  assert.equal(from({}), null);
});

Deno.test('the address headers passed on for a stored row are the two the database reads, as sent', () => {
  const request = new Request(URL, {
    headers: { 'cf-connecting-ip': '203.0.113.5', 'x-forwarded-for': '192.0.2.99, 10.0.0.1', authorization: 'Bearer anon', cookie: 'a=b' },
  });
  assert.deepEqual(addressHeaders(request), { 'cf-connecting-ip': '203.0.113.5', 'x-forwarded-for': '192.0.2.99, 10.0.0.1' });
  assert.deepEqual(addressHeaders(new Request(URL)), {});
});
