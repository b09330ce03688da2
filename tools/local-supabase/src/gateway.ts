// The HTTP front of the backend, as Supabase's gateway routes a project's requests: /rest/v1 to the
// Data API, /functions/v1/<name> to the edge function, public Storage objects; CORS as Supabase
// answers it, but for pages on this machine only. Every request is logged with the role its key gave
// it and the status it got.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { EmbeddedRole } from 'gatsby-source-supabase-content/embedded-db';
import type { AuthStandIn } from './auth';
import type { FunctionProcess } from './edge-function';
import { json, type RestResponse } from './postgrest';
import { authorize, unknownShape, type Authorized, type KeyRoles, type RestCall } from './rest';
import { servedTables, type ServedApi } from './site-api';
import { INBOX_PATH } from './inbox';
import type { SignedObjects } from './signed-objects';
import { PUBLIC_OBJECT_PATH, UPLOAD_PATH, type PublicObjects, type Upload } from './storage';

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, the raw text otherwise, null when empty. */
  body: unknown;
  /** The role the key mapped to, when it mapped to one. */
  role: EmbeddedRole | null;
  /** 0 for a request that was never answered (the hang mode, or an answer lost on purpose). */
  status: number;
}

/** A request as `npm run backend` prints it: status, method, path, query and role; never its body. */
export function describeRequest(request: LoggedRequest): string {
  const query = new URLSearchParams(request.query).toString();
  return `${request.status || 'no answer'} ${request.method} ${request.path}${query ? `?${query}` : ''} (${request.role ?? 'no role'})`;
}

/** A request as an interception hook sees it. */
export interface GatewayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body as it arrived (an uploaded photo). */
  bytes?: Buffer;
}

/** An answer that replaces the backend's own; JSON unless its headers say otherwise. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface GatewayOptions {
  api: ServedApi;
  roles: KeyRoles;
  functionName: string;
  fn: FunctionProcess;
  objects: PublicObjects;
  privateObjects: SignedObjects;
  /** What GET /local/emails lists. */
  inbox(): unknown[];
  auth: AuthStandIn;
  /** An upload to Storage (POST /storage/v1/object/<bucket>/<name>) by the request's role. */
  upload(who: Authorized, upload: Upload): Promise<RestResponse>;
  rest(call: RestCall): Promise<RestResponse>;
  /** Read on every request, so that tests can change them while the backend runs. */
  controls: GatewayControls;
  onRequest(request: LoggedRequest): void;
}

export interface GatewayControls {
  /** Accept every request and never answer it, like a backend stuck behind a dead proxy. */
  hang: boolean;
  /** Answers instead of the backend when it returns an answer (an outage of one table, a body that is not JSON). */
  intercept: Intercept | null;
  /** Runs a request it matches, then cuts the connection unanswered: an answer lost on its way back. */
  loseAnswer: LoseAnswer | null;
  /** The address a request connected from, where the machine cannot hold it (the bench's IPv6 networks). */
  clientAddress: ClientAddress | null;
}

export type Intercept = (request: GatewayRequest) => Answer | undefined;
export type LoseAnswer = (request: GatewayRequest) => boolean;
export type ClientAddress = (headers: IncomingHttpHeaders) => string | undefined;

/**
 * Whether `origin` (a request's Origin header) is a page on this machine: http or https on localhost,
 * 127.0.0.0/8 or [::1], any port. Supabase answers every origin with `*`; this backend holds one-time
 * codes and action links in its inbox and a service-role key anyone may know, so a website a
 * developer happens to visit must not read or call it from their browser.
 */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // An Origin header is scheme://host[:port] as the browser spells it, nothing more (`null` is not one).
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return false;
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

// Supabase answers the browser's preflight at its gateway and exposes Content-Range for counts; the
// allowed origin is the page's own, and only for a page on this machine.
function corsHeaders(origin: string | undefined): Record<string, string> {
  return {
    ...(origin !== undefined && isLoopbackOrigin(origin) && { 'Access-Control-Allow-Origin': origin }),
    'Access-Control-Expose-Headers':
      'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit',
    Vary: 'Origin',
  };
}

/** The answer to a request a page of another site sent: refused before anything runs, with no CORS header. */
const FOREIGN_ORIGIN: RestResponse = json(403, {
  code: 'LOCAL_FOREIGN_ORIGIN',
  message: 'local backend: only pages on this machine (localhost, 127.0.0.0/8, [::1]) may call it from a browser',
});

const PREFLIGHT_HEADERS = 'authorization, x-client-info, apikey, content-type, prefer, accept-profile, content-profile, range';

/**
 * The client address as Supabase's edge passes it on: Cloudflare sets `cf-connecting-ip` to the
 * address that connected, over any value the client sent, and appends that address to whatever
 * X-Forwarded-For the client sent (which is why its first entry is only as good as the client).
 * A test or the benchmark is another client by connecting from another loopback address (127.0.0.x).
 */
function setClientAddress(req: IncomingMessage, connectedFrom: ClientAddress | null): void {
  const peer = connectedFrom?.(req.headers) ?? (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const sent = req.headers['x-forwarded-for'];
  const prior = Array.isArray(sent) ? sent.join(', ') : sent;
  req.headers['x-forwarded-for'] = prior ? `${prior}, ${peer}` : peer;
  req.headers['cf-connecting-ip'] = peer;
}

/** The path as PostgREST routes it: percent-decoded, so `contact%5Fsubmissions` is `contact_submissions`. */
function routedPath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseLogged(body: string): unknown {
  if (body === '') return null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

interface Routed {
  response: RestResponse;
  role: EmbeddedRole | null;
}

/** The request handler for the backend's HTTP server. */
export function gateway(options: GatewayOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { api, roles, fn, objects, auth } = options;
  const sessions = (token: string) => auth.verify(token);
  const tables = servedTables(api);
  const functionPath = `/functions/v1/${options.functionName}`;

  async function route(request: GatewayRequest): Promise<Routed> {
    const { method, query, headers, body } = request;
    const path = routedPath(request.path);
    const restMatch = /^\/rest\/v1\/([a-z_]+)$/.exec(path);
    const rpcMatch = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(path);
    const objectMatch = PUBLIC_OBJECT_PATH.exec(path);
    const isFunction = path === functionPath;

    const signed = options.privateObjects.answer(method, path, query, headers.authorization, body);
    if (signed) return { role: null, response: { ...signed, body: Buffer.from(signed.body) } };
    if (path === INBOX_PATH && method === 'GET') return { role: null, response: json(200, options.inbox()) };
    if (objectMatch?.[1] && (method === 'GET' || method === 'HEAD')) {
      return { role: null, response: await objects.answer(decodeURIComponent(objectMatch[1])) };
    }
    // Supabase's gateway answers every preflight of the Data API, a function call's included.
    const isAuth = path.startsWith('/auth/v1/');
    if ((restMatch || rpcMatch || isAuth) && method === 'OPTIONS') {
      const allowHeaders = headers['access-control-request-headers'] ?? PREFLIGHT_HEADERS;
      const preflight = {
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': String(allowHeaders),
        'Access-Control-Max-Age': '3600',
      };
      return { role: null, response: { status: 200, headers: preflight } };
    }
    // The function answers its own preflight, as on Supabase, where OPTIONS passes the gateway.
    if (isFunction && method === 'OPTIONS') return { role: null, response: await fn.forward(request) };

    const uploadMatch = UPLOAD_PATH.exec(path);
    if (uploadMatch?.[1] && uploadMatch[2] && method === 'OPTIONS') {
      const allowHeaders = String(headers['access-control-request-headers'] ?? PREFLIGHT_HEADERS);
      return {
        role: null,
        response: {
          status: 200,
          headers: { 'Access-Control-Allow-Methods': 'POST, PUT, OPTIONS', 'Access-Control-Allow-Headers': allowHeaders },
        },
      };
    }
    if (uploadMatch?.[1] && uploadMatch[2] && method === 'POST') {
      const who = authorize(roles, headers, query, 'rest', sessions);
      if (!('role' in who)) return { role: null, response: who };
      const upload = {
        bucket: uploadMatch[1],
        name: decodeURIComponent(uploadMatch[2]),
        headers,
        bytes: request.bytes ?? Buffer.from(body),
      };
      return { role: who.role, response: await options.upload(who, upload) };
    }
    if (isAuth) {
      // Kong asks every Auth request for a project key; Auth itself reads the bearer.
      const apikey = (headers.apikey as string | undefined) ?? query.get('apikey') ?? '';
      if (!roles.has(apikey)) return { role: null, response: json(401, { message: 'Invalid API key' }) };
      return { role: null, response: await auth.answer({ method, path, query, headers, body }) };
    }
    if (restMatch?.[1] && tables.includes(restMatch[1])) {
      const who = authorize(roles, headers, query, 'rest', sessions);
      if (!('role' in who)) return { role: null, response: who };
      query.delete('apikey');
      return { role: who.role, response: await options.rest({ method, headers, target: { table: restMatch[1] }, query, body, ...who }) };
    }
    if (rpcMatch?.[1] && rpcMatch[1] in api.functions && method === 'POST' && [...query.keys()].every((key) => key === 'apikey')) {
      const who = authorize(roles, headers, query, 'rest', sessions);
      if (!('role' in who)) return { role: null, response: who };
      return {
        role: who.role,
        response: await options.rest({ method, headers, target: { rpc: rpcMatch[1] }, query: new URLSearchParams(), body, ...who }),
      };
    }
    if (rpcMatch?.[1] && rpcMatch[1] in (api.readFunctions ?? {}) && method === 'GET') {
      const who = authorize(roles, headers, query, 'rest', sessions);
      if (!('role' in who)) return { role: null, response: who };
      // Whether Supabase's gateway removes an `apikey` URL parameter before PostgREST sees it is not
      // documented; this one leaves it in, so a function called that way must take the argument.
      return { role: who.role, response: await options.rest({ method, headers, target: { rpc: rpcMatch[1] }, query, body: '', ...who }) };
    }
    if (isFunction) {
      const who = authorize(roles, headers, query, 'functions', sessions);
      if (!('role' in who)) return { role: null, response: who };
      return { role: who.role, response: await fn.forward(request) };
    }
    return { role: null, response: unknownShape(method, path, query) };
  }

  async function answer(request: GatewayRequest): Promise<Routed> {
    const replaced = options.controls.intercept?.(request);
    if (replaced) {
      const headers = { 'Content-Type': 'application/json; charset=utf-8', ...replaced.headers };
      return { role: null, response: { status: replaced.status, headers, body: replaced.body } };
    }
    try {
      return await route(request);
    } catch (error) {
      return { role: null, response: json(500, { code: 'LOCAL_CRASH', message: String(error instanceof Error ? error.stack : error) }) };
    }
  }

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    setClientAddress(req, options.controls.clientAddress);
    const bytes = await readBody(req);
    const request: GatewayRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: new URLSearchParams(url.searchParams),
      headers: req.headers,
      body: bytes.toString('utf8'),
      bytes,
    };
    const log = (role: EmbeddedRole | null, status: number) =>
      options.onRequest({
        method: request.method,
        path: request.path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: parseLogged(request.body),
        role,
        status,
      });
    if (options.controls.hang) return log(null, 0);
    // A browser names the page's origin on every cross-origin call and preflight; a page of another
    // site gets no answer it may read and no work done (a simple request would otherwise run unseen).
    const origin = req.headers.origin;
    const foreign = origin !== undefined && !isLoopbackOrigin(origin);
    const { response, role } = foreign ? { response: FOREIGN_ORIGIN, role: null } : await answer(request);
    if (options.controls.loseAnswer?.(request)) {
      log(role, 0);
      req.socket.destroy();
      return;
    }
    log(role, response.status);
    const isFunction = request.path.startsWith('/functions/');
    // The function answers with CORS headers of its own, as on Supabase (only pages on this machine reach it).
    res.writeHead(response.status, { ...(isFunction && !foreign ? {} : corsHeaders(origin)), ...response.headers });
    res.end(request.method === 'HEAD' ? undefined : response.body);
  };
}
