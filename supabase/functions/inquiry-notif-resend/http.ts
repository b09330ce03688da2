// The HTTP side of the function: CORS, the method, the content type, the byte-counted body limit, the
// JSON body, and the answers, every one of them JSON with the CORS headers.
import { log, type LogDetails } from './log.ts';

/** The largest body accepted: the five form fields and an id fit many times over. */
export const MAX_BODY_BYTES = 16 * 1024;

// The anon key is public and sent as a bearer token, never as a cookie, so any origin may call:
// CORS is not this function's protection (the stored row and the one-time claim are).
const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  // What supabase-js's functions.invoke and a plain fetch with the anon key send.
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Max-Age': '86400',
};

export function json(status: number, body: Record<string, unknown>, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...extra },
  });
}

/**
 * A refusal: `{ error }` (and `extra`, such as the database's refusal code) for the caller, and a
 * log line with the reason code (an error from 500 up).
 */
export function reject(
  status: number,
  error: string,
  reason: string,
  details: LogDetails = {},
  extra: Record<string, unknown> = {},
): Response {
  log(status >= 500 ? 'error' : 'warn', 'rejected', { status, reason, ...details });
  return json(status, { error, ...extra });
}

/** The browser's CORS preflight. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS_HEADERS });
}

export function methodNotAllowed(): Response {
  log('warn', 'rejected', { status: 405, reason: 'method' });
  return json(405, { error: 'Only POST is allowed' }, { Allow: 'POST, OPTIONS' });
}

function isJsonMediaType(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * The body's bytes, or null past the limit. Content-Length is only a hint (it may be absent with
 * chunked encoding, or lie), so the bytes actually read are what count.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A POST's body as a JSON object, or the answer that refuses it (415, 413 or 400). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    return reject(415, 'The body must be application/json', 'media-type');
  }
  const bytes = await readBodyWithin(request, MAX_BODY_BYTES);
  if (bytes === null) return reject(413, `The body must be at most ${MAX_BODY_BYTES} bytes`, 'body-size');
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return reject(400, 'The body is not valid JSON', 'json');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return reject(400, 'The body must be a JSON object', 'json');
  }
  return body as Record<string, unknown>;
}

/**
 * The visitor's address by the database's rule (private.inquiry_client, docs/backend.md "Which
 * client address"): `cf-connecting-ip`, which Cloudflare sets itself, else the last `x-forwarded-for` entry,
 * the one the nearest proxy appended. The first entry is whatever the client wrote.
 */
export function clientAddress(request: Request): string | null {
  const connecting = request.headers.get('cf-connecting-ip')?.trim();
  if (connecting) return connecting;
  return request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || null;
}

/** The visitor's headers the database reads its address from, for a row the function stores on their behalf. */
export function addressHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['cf-connecting-ip', 'x-forwarded-for']) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return headers;
}
