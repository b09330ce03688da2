import { isEmailAddress, renderNotification } from './email.ts';
import { DEFAULT_RESEND_API_URL, type ResendSettings, sendWithResend } from './resend.ts';
import { StoreError, type SubmissionStore } from './store.ts';

/** The largest body accepted: the five form fields and an id fit many times over. */
export const MAX_BODY_BYTES = 16 * 1024;
/** The browser calls right after its insert; an older row is a replay, not a new inquiry. */
export const MAX_ROW_AGE_MS = 15 * 60 * 1000;

export const REQUIRED_SETTINGS = [
  'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY',
  'RESEND_API_KEY',
  'INQUIRY_NOTIFY_TO',
  'INQUIRY_NOTIFY_FROM',
] as const;

export interface Dependencies {
  /** Read per request, so a secret set after deploy applies without a restart. */
  env(name: string): string | undefined;
  openStore(supabaseUrl: string, serviceRoleKey: string): SubmissionStore;
}

// The anon key is public and sent as a bearer token, never as a cookie, so any origin may call:
// CORS is not this function's protection (the stored row and the one-time claim are).
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  // What supabase-js's functions.invoke and a plain fetch with the anon key send.
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Max-Age': '86400',
};

function json(status: number, body: Record<string, unknown>, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...extra },
  });
}

/** One JSON line per request outcome: ids, statuses and codes only, never the visitor's text. */
function log(level: 'info' | 'warn' | 'error', event: string, details: Record<string, string | number | null> = {}) {
  console[level](JSON.stringify({ fn: 'inquiry-notif-resend', event, ...details }));
}

function reject(status: number, error: string, reason: string, details: Record<string, string | null> = {}): Response {
  log(status >= 500 ? 'error' : 'warn', 'rejected', { status, reason, ...details });
  return json(status, { error });
}

function isJsonMediaType(contentType: string | null): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * The body's bytes, or null past the limit. Content-Length is only a hint (it may be absent with
 * chunked encoding, or lie), so the bytes actually read are what count.
 */
async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array | null> {
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

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The spec's five fields plus the row id, checked in that order; the first bad one is named.
 * Only the id is used afterwards: the email is written from the stored row.
 */
function validate(body: Record<string, unknown>): { id: string } | { field: string; problem: string } {
  const { id, name, email, company, message, type } = body;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) return { field: 'id', problem: 'must be a UUID' };
  if (!isNonEmptyString(name)) return { field: 'name', problem: 'must be a non-empty string' };
  if (typeof email !== 'string' || !isEmailAddress(email)) return { field: 'email', problem: 'must be an email address' };
  if (company !== undefined && company !== null && typeof company !== 'string') {
    return { field: 'company', problem: 'must be a string or null' };
  }
  if (!isNonEmptyString(message)) return { field: 'message', problem: 'must be a non-empty string' };
  if (type !== 'contact' && type !== 'investor') return { field: 'type', problem: "must be 'contact' or 'investor'" };
  return { id: id.toLowerCase() };
}

type Settings = { supabaseUrl: string; serviceRoleKey: string; resend: ResendSettings };

function readSettings(env: Dependencies['env']): Settings | { missing: string[] } | { invalid: string } {
  const value = (name: string) => env(name)?.trim() || undefined;
  const missing: string[] = REQUIRED_SETTINGS.filter((name) => !value(name));
  // A list of only commas is as good as no recipient.
  const to = (value('INQUIRY_NOTIFY_TO') ?? '').split(',').map((address) => address.trim()).filter(Boolean);
  if (to.length === 0 && !missing.includes('INQUIRY_NOTIFY_TO')) missing.push('INQUIRY_NOTIFY_TO');
  if (missing.length > 0) return { missing };

  const apiUrl = value('RESEND_API_URL') ?? DEFAULT_RESEND_API_URL;
  if (!URL.canParse(apiUrl)) return { invalid: 'RESEND_API_URL' };
  if (!URL.canParse(value('SUPABASE_URL')!)) return { invalid: 'SUPABASE_URL' };
  return {
    supabaseUrl: value('SUPABASE_URL')!,
    serviceRoleKey: value('SUPABASE_SERVICE_ROLE_KEY')!,
    resend: { apiUrl, apiKey: value('RESEND_API_KEY')!, from: value('INQUIRY_NOTIFY_FROM')!, to },
  };
}

/** The whole function: every answer, errors included, is JSON with the CORS headers. */
export async function handler(request: Request, deps: Dependencies): Promise<Response> {
  try {
    return await respond(request, deps);
  } catch (error) {
    log('error', 'crashed', { status: 500, error: error instanceof Error ? error.name : typeof error });
    return json(500, { error: 'Internal error' });
  }
}

async function respond(request: Request, deps: Dependencies): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
  if (request.method !== 'POST') {
    log('warn', 'rejected', { status: 405, reason: 'method' });
    return json(405, { error: 'Only POST is allowed' }, { Allow: 'POST, OPTIONS' });
  }
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
  const checked = validate(body as Record<string, unknown>);
  if ('field' in checked) {
    return reject(400, `Invalid field '${checked.field}': ${checked.problem}`, `field:${checked.field}`);
  }
  const { id } = checked;

  const settings = readSettings(deps.env);
  if ('missing' in settings) {
    return reject(500, `The function is not configured: missing ${settings.missing.join(', ')}`, 'config', {
      missing: settings.missing.join(','),
    });
  }
  if ('invalid' in settings) {
    return reject(500, `The function is not configured: ${settings.invalid} is not a URL`, 'config', {
      invalid: settings.invalid,
    });
  }

  const store = deps.openStore(settings.supabaseUrl, settings.serviceRoleKey);
  try {
    const row = await store.load(id);
    if (!row) return reject(404, 'No submission with this id', 'not-found', { id });
    if (row.notified_at !== null) return reject(409, 'This submission was already notified', 'already-notified', { id });
    // 410, not 409: the row is intact and was never notified, but its window has closed for good,
    // and the distinct status tells a late retry apart from a duplicate in the logs.
    // Written to fail closed: a created_at that does not parse counts as too old.
    const age = Date.now() - Date.parse(row.created_at);
    if (!(age <= MAX_ROW_AGE_MS)) return reject(410, 'This submission is too old to notify', 'too-old', { id });

    const claimed = await store.claim(id, new Date());
    if (!claimed) return reject(409, 'This submission was already notified', 'already-notified', { id });

    const sent = await sendWithResend(settings.resend, renderNotification(claimed), claimed.id);
    if (!sent.ok) {
      await store.release(id).catch((error: unknown) => {
        // The row stays claimed and will never be emailed; an operator has to clear notified_at.
        log('error', 'release-failed', { id, code: error instanceof StoreError ? error.code : 'unknown' });
      });
      return reject(502, 'The email provider did not accept the notification', 'resend', {
        id,
        resendStatus: String(sent.status),
      });
    }
    log('info', 'sent', { id, status: 200, emailId: sent.emailId });
    return json(200, { sent: true });
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return reject(503, 'The submission store is unavailable', `store:${error.operation}`, { id, code: error.code });
  }
}
