// A local stand-in for a Supabase project, for tests and for trying the site by hand: the HTTP
// surface the site and its edge function use (see postgrest.ts for the request shapes), backed by
// PGlite holding the project's bootstrap, migrations and seed. Each request runs as the role its
// key maps to, so the migrations' grants and RLS decide every answer, as on Supabase.
// Test support, not product code.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase, withRole, type EmbeddedPaths, type EmbeddedRole } from 'gatsby-source-supabase-content/embedded-db';
import {
  RPC_FUNCTIONS,
  RestError,
  TABLES,
  callFunction as callDatabaseFunction,
  describeShape,
  execute,
  json,
  matchShape,
  statusForSqlState,
  type ColumnMap,
  type FunctionArguments,
  type RestResponse,
} from './postgrest';
import { REPO_ROOT, edgeFunction } from './functions';
import { startResendStandIn, type RecordedEmail, type ResendStandIn } from './resend';
import { replayNetCall, takeNetCalls, type NetCall } from './net';

export { replayNetCall, takeNetCalls, type NetCall } from './net';

export const DEFAULT_ANON_KEY = 'local-anon-key';
export const DEFAULT_SERVICE_KEY = 'local-service-role-key';
export const FUNCTION_NAME = 'inquiry-notif-resend';
export const NOTIFY_TO = 'team@example.test';
export const NOTIFY_FROM = 'AdaSorter site <site@example.test>';

export const PROJECT_PATHS: EmbeddedPaths = {
  bootstrap: path.join(REPO_ROOT, 'supabase', 'local', 'bootstrap.sql'),
  migrations: path.join(REPO_ROOT, 'supabase', 'migrations'),
  seed: path.join(REPO_ROOT, 'supabase', 'seed.sql'),
};

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body is JSON, the raw text otherwise, null when empty. */
  body: unknown;
  /** The role the key mapped to, when it mapped to one. */
  role: EmbeddedRole | null;
  status: number;
}

export interface LocalBackendOptions {
  /** 0 (default) picks a free port; a fixed port lets a build's baked-in URL meet a later backend. */
  port?: number;
  anonKey?: string;
  serviceKey?: string;
  paths?: EmbeddedPaths;
  /** Extra environment for the edge function (overrides the defaults below). */
  functionEnv?: Record<string, string>;
  /**
   * Runs the inquiry sweep this often, as pg_cron does every minute on Supabase (off when absent:
   * tests call runSweep() when they mean it).
   */
  sweepIntervalMs?: number;
}

export interface SweepRun {
  /** The call the database queued (private.request_inquiry_sweep() through net.http_post). */
  call: NetCall;
  status: number;
  body: unknown;
}

export interface LocalBackend {
  url: string;
  port: number;
  anonKey: string;
  serviceKey: string;
  db: PGlite;
  /** Every request, in arrival order (also the edge function's own calls). */
  requests: LoggedRequest[];
  /** What the Resend stand-in received. */
  emails: RecordedEmail[];
  /** The Resend stand-in, for outages (failWith). */
  resend: ResendStandIn;
  /**
   * One run of the scheduled job: the database queues its call (the job's own SQL, with the URL and
   * service key from Vault), and the call is sent to the function as pg_net would send it.
   */
  runSweep(): Promise<SweepRun>;
  /** While on, every PostgREST read (GET/HEAD) answers 500. */
  failReads(on: boolean): void;
  /** While on, every PostgREST write (POST/PATCH) answers 500. */
  failWrites(on: boolean): void;
  /**
   * Serves `file` at `/storage/v1/object/public/<bucket>/<name>`, as Storage serves an object of a
   * public bucket; returns its URL. Any other object path answers 404 as Storage does.
   */
  putPublicObject(bucket: string, name: string, file: string, contentType: string): string;
  /** Runs SQL as service_role (editing rows as an editor's tooling would). */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Deno's output for the edge function, for failure messages. */
  functionOutput(): string;
  stop(): Promise<void>;
}

// Supabase answers the browser's preflight at its gateway and exposes Content-Range for counts.
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit',
};

async function readColumns(db: PGlite): Promise<ColumnMap> {
  const result = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and table_name = any($1::text[])`,
    [TABLES],
  );
  const map = new Map<string, Set<string>>();
  for (const row of result.rows) {
    const columns = map.get(row.table_name) ?? new Set<string>();
    columns.add(row.column_name);
    map.set(row.table_name, columns);
  }
  return map;
}

async function readFunctions(db: PGlite): Promise<FunctionArguments> {
  const result = await db.query<{ name: string; names: string[] | null; types: string[] | null }>(
    `select p.proname as name, p.proargnames as names,
            array(select pg_catalog.format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality as u(t, o) order by o) as types
       from pg_catalog.pg_proc as p join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = any($1::text[])`,
    [Object.keys(RPC_FUNCTIONS)],
  );
  return new Map(
    result.rows.map((row) => [row.name, (row.types ?? []).map((type, index) => ({ name: row.names?.[index] ?? `arg${index}`, type }))]),
  );
}

/** PostgREST's pre-request function as configured on `authenticator` (pgrst.db_pre_request), or null. */
async function preRequestFunction(db: PGlite): Promise<string | null> {
  const result = await db.query<{ name: string }>(
    `select split_part(setting, '=', 2) as name
       from pg_catalog.pg_roles as r, unnest(r.rolconfig) as setting
      where r.rolname = 'authenticator' and setting like 'pgrst.db_pre_request=%'`,
  );
  const name = result.rows[0]?.name ?? null;
  // Spliced into SQL as PostgREST does with its setting: a schema-qualified identifier only.
  if (name !== null && !/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(name)) {
    throw new Error(`local backend: pgrst.db_pre_request is not a function name: ${name}`);
  }
  return name;
}

/**
 * The client address as Supabase's edge passes it on: X-Forwarded-For with the connecting address
 * appended to whatever the client sent (which is why the first entry is only as good as the client).
 */
function forwardedFor(req: IncomingMessage): string {
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const sent = req.headers['x-forwarded-for'];
  const prior = Array.isArray(sent) ? sent.join(', ') : sent;
  return prior ? `${prior}, ${peer}` : peer;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
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

function bearer(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const anonKey = options.anonKey ?? DEFAULT_ANON_KEY;
  const serviceKey = options.serviceKey ?? DEFAULT_SERVICE_KEY;
  const roles = new Map<string, EmbeddedRole>([
    [anonKey, 'anon'],
    [serviceKey, 'service_role'],
  ]);
  const db = await openEmbeddedDatabase(options.paths ?? PROJECT_PATHS);
  const columns = await readColumns(db);
  const functions = await readFunctions(db);
  const resend = await startResendStandIn();
  const requests: LoggedRequest[] = [];
  const publicObjects = new Map<string, { file: string; contentType: string }>();
  let readsFail = false;
  let writesFail = false;
  let baseUrl = '';

  const fn = edgeFunction(FUNCTION_NAME, () => ({
    SUPABASE_URL: baseUrl,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceKey,
    RESEND_API_KEY: resend.apiKey,
    RESEND_API_URL: resend.url,
    INQUIRY_NOTIFY_TO: NOTIFY_TO,
    INQUIRY_NOTIFY_FROM: NOTIFY_FROM,
    ...options.functionEnv,
  }));

  /** The role for a request: Kong checks `apikey`, PostgREST and the functions gateway the bearer. */
  function authorize(headers: IncomingHttpHeaders, query: URLSearchParams, gateway: 'rest' | 'functions'): EmbeddedRole | RestResponse {
    const token = bearer(headers);
    if (gateway === 'functions') {
      // Functions are deployed with verify_jwt (Supabase's default): a valid project key as bearer.
      const role = token ? roles.get(token) : undefined;
      return role ?? json(401, { code: 401, message: 'Invalid JWT' });
    }
    const apikey = (headers.apikey as string | undefined) ?? query.get('apikey') ?? undefined;
    if (!apikey) return json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    const keyRole = roles.get(apikey);
    if (!keyRole) return json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    if (token === undefined) return keyRole;
    return roles.get(token) ?? new RestError(401, 'PGRST301', 'No suitable key or wrong key type').toResponse();
  }

  /**
   * One Data API request as PostgREST runs it: in one transaction, switch to the request's role, set
   * the request.* settings (as set_config(..., true), so they end with the transaction), call the
   * configured pre-request function, then run the statement. An error anywhere rolls it all back.
   */
  async function rest(
    req: IncomingMessage,
    target: { table: string } | { rpc: string },
    query: URLSearchParams,
    body: string,
    role: EmbeddedRole,
  ): Promise<RestResponse> {
    const method = req.method ?? 'GET';
    const path = 'table' in target ? `/${target.table}` : `/rpc/${target.rpc}`;
    if ('table' in target && !matchShape(method, target.table, query)) return unknownShape(method, `/rest/v1${path}`, query);
    const isRead = method === 'GET' || method === 'HEAD';
    // supabase-js names the schema in these headers; only `public` is exposed, as on Supabase.
    const profile = req.headers[isRead ? 'accept-profile' : 'content-profile'];
    if (profile !== undefined && profile !== 'public') {
      return new RestError(406, 'PGRST106', `The schema must be one of the following: public`).toResponse();
    }
    if ((isRead && readsFail) || (!isRead && writesFail)) {
      return new RestError(500, 'LOCAL_FAILING', `local backend: ${isRead ? 'reads' : 'writes'} are failing (test control)`).toResponse();
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
    );
    try {
      const preRequest = await preRequestFunction(db);
      return await withRole(db, role, async (tx) => {
        await tx.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.method', $2, true),
                  set_config('request.path', $3, true), set_config('request.headers', $4, true)`,
          [JSON.stringify({ role }), method, path, JSON.stringify(headers)],
        );
        if (preRequest) await tx.query(`select ${preRequest}()`);
        if ('rpc' in target) return callDatabaseFunction(tx, functions, target.rpc, body);
        const requestHeaders = req.headers as Record<string, string | undefined>;
        return execute(tx, columns, { method, table: target.table, query, headers: requestHeaders, body });
      });
    } catch (error) {
      if (error instanceof RestError) return error.toResponse();
      const pg = error as { code?: string; message?: string; detail?: string; hint?: string };
      if (typeof pg.code === 'string') {
        return new RestError(
          statusForSqlState(pg.code, role),
          pg.code,
          pg.message ?? 'database error',
          pg.detail ?? null,
          pg.hint ?? null,
        ).toResponse();
      }
      throw error;
    }
  }

  async function callFunction(req: IncomingMessage, query: URLSearchParams, body: string): Promise<RestResponse> {
    let target: string;
    try {
      target = await fn.url();
    } catch (error) {
      return json(502, { code: 'LOCAL_FUNCTION_DOWN', message: String(error instanceof Error ? error.message : error) });
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || ['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const search = query.toString();
    const response = await fetch(`${target}/${FUNCTION_NAME}${search ? `?${search}` : ''}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    });
    const out: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
    });
    return { status: response.status, headers: out, body: await response.text() };
  }

  /** A public bucket's object: no key needed, long caching, as Storage answers. */
  async function publicObject(key: string): Promise<RestResponse> {
    const object = publicObjects.get(key);
    if (!object) return json(404, { statusCode: '404', error: 'not_found', message: 'Object not found' });
    const body = await readFile(object.file);
    return {
      status: 200,
      headers: { 'Content-Type': object.contentType, 'Content-Length': String(body.length), 'Cache-Control': 'max-age=3600' },
      body,
    };
  }

  function unknownShape(method: string, pathname: string, query: URLSearchParams): RestResponse {
    const shape = describeShape(method, pathname, query);
    return json(400, {
      code: 'LOCAL_UNKNOWN_SHAPE',
      message: `local backend: unknown request shape ${shape}`,
      shape: { method, path: pathname, queryKeys: [...query.keys()].sort() },
    });
  }

  async function route(
    req: IncomingMessage,
    pathname: string,
    query: URLSearchParams,
    body: string,
  ): Promise<{ response: RestResponse; role: EmbeddedRole | null }> {
    const method = req.method ?? 'GET';
    const restMatch = /^\/rest\/v1\/([a-z_]+)$/.exec(pathname);
    const rpcMatch = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(pathname);
    const isFunction = pathname === `/functions/v1/${FUNCTION_NAME}`;
    const objectMatch = /^\/storage\/v1\/object\/public\/(.+)$/.exec(pathname);

    if (objectMatch?.[1] && (method === 'GET' || method === 'HEAD')) {
      return { role: null, response: await publicObject(decodeURIComponent(objectMatch[1])) };
    }

    if ((restMatch || rpcMatch) && method === 'OPTIONS') {
      const allowHeaders =
        req.headers['access-control-request-headers'] ??
        'authorization, x-client-info, apikey, content-type, prefer, accept-profile, content-profile, range';
      return {
        role: null,
        response: {
          status: 200,
          headers: {
            'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS',
            'Access-Control-Allow-Headers': String(allowHeaders),
            'Access-Control-Max-Age': '3600',
          },
        },
      };
    }
    // The function answers its own preflight, as on Supabase, where OPTIONS passes the gateway.
    if (isFunction && method === 'OPTIONS') return { role: null, response: await callFunction(req, query, body) };

    if (restMatch?.[1] && TABLES.includes(restMatch[1])) {
      const role = authorize(req.headers, query, 'rest');
      if (typeof role !== 'string') return { role: null, response: role };
      query.delete('apikey');
      return { role, response: await rest(req, { table: restMatch[1] }, query, body, role) };
    }
    if (rpcMatch?.[1] && rpcMatch[1] in RPC_FUNCTIONS && method === 'POST' && [...query.keys()].every((key) => key === 'apikey')) {
      const role = authorize(req.headers, query, 'rest');
      if (typeof role !== 'string') return { role: null, response: role };
      return { role, response: await rest(req, { rpc: rpcMatch[1] }, new URLSearchParams(), body, role) };
    }
    if (isFunction) {
      const role = authorize(req.headers, query, 'functions');
      if (typeof role !== 'string') return { role: null, response: role };
      return { role, response: await callFunction(req, query, body) };
    }
    return { role: null, response: unknownShape(method, pathname, query) };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    const query = new URLSearchParams(url.searchParams);
    req.headers['x-forwarded-for'] = forwardedFor(req);
    let outcome: { response: RestResponse; role: EmbeddedRole | null };
    try {
      outcome = await route(req, url.pathname, query, body);
    } catch (error) {
      outcome = { role: null, response: json(500, { code: 'LOCAL_CRASH', message: String(error instanceof Error ? error.stack : error) }) };
    }
    const { response, role } = outcome;
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: parseLogged(body),
      role,
      status: response.status,
    });
    const isFunction = url.pathname.startsWith('/functions/');
    res.writeHead(response.status, { ...(isFunction ? {} : CORS_HEADERS), ...response.headers });
    res.end(req.method === 'HEAD' ? undefined : response.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await resend.stop();
    await db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  // The two Vault secrets the sweep job reads (docs/backend.md), pointing at this backend.
  await db.query(`delete from vault.secrets where name in ('project_url', 'service_role_key')`);
  await db.query(`select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`, [baseUrl, serviceKey]);

  let sweeping: Promise<SweepRun> | null = null;
  /** The job's SQL, run as the owner (as pg_cron runs it), then its queued call sent. */
  const runSweep = (): Promise<SweepRun> => {
    // One at a time, like pg_cron, which never starts a job while its previous run is going.
    sweeping ??= (async () => {
      try {
        await db.query('select private.request_inquiry_sweep()');
        const calls = await takeNetCalls(db);
        if (calls.length !== 1) throw new Error(`local backend: the sweep queued ${calls.length} calls, expected 1`);
        const call = calls[0]!;
        return { call, ...(await replayNetCall(call)) };
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  };
  const sweepTimer = options.sweepIntervalMs
    ? setInterval(() => {
        runSweep().catch((error: unknown) => console.error('local backend: sweep failed', error));
      }, options.sweepIntervalMs)
    : null;

  return {
    url: baseUrl,
    port,
    anonKey,
    serviceKey,
    db,
    requests,
    emails: resend.emails,
    putPublicObject(bucket, name, file, contentType) {
      publicObjects.set(`${bucket}/${name}`, { file, contentType });
      return `${baseUrl}/storage/v1/object/public/${bucket}/${encodeURIComponent(name)}`;
    },
    resend,
    runSweep,
    failReads: (on) => {
      readsFail = on;
    },
    failWrites: (on) => {
      writesFail = on;
    },
    sql: <T>(query: string, params: unknown[] = []) => withRole(db, 'service_role', async (tx) => (await tx.query<T>(query, params)).rows),
    functionOutput: () => fn.output.join(''),
    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      await sweeping?.catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fn.stop();
      await resend.stop();
      await db.close();
    },
  };
}
