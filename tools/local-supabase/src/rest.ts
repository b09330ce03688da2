// The Data API (/rest/v1): which role a request's keys give it, and one request run as PostgREST
// runs it, in a transaction as that role, so that the migrations' grants, RLS and triggers decide.
import type { IncomingHttpHeaders } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { withRole, type EmbeddedRole } from 'gatsby-source-supabase-content/embedded-db';
import type { Claims } from './auth';
import type { Catalog } from './database';
import { preRequestFunction } from './database';
import { RestError, callFunction, describeShape, execute, json, matchShape, statusForSqlState, type RestResponse } from './postgrest';
import type { ServedApi } from './site-api';

/** The project's two keys, and the role each stands for. */
export type KeyRoles = ReadonlyMap<string, EmbeddedRole>;

function bearer(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

/** A request's role and the JWT claims PostgREST gives the database (request.jwt.claims). */
export interface Authorized {
  role: EmbeddedRole;
  claims: Claims;
}

/** A signed-in user's access token: its role and claims, or the error PostgREST answers. */
export type SessionTokens = (token: string) => Authorized | RestResponse;

/** The role for a request: Kong checks `apikey`, PostgREST and the functions gateway the bearer. */
export function authorize(
  roles: KeyRoles,
  headers: IncomingHttpHeaders,
  query: URLSearchParams,
  gateway: 'rest' | 'functions',
  sessions?: SessionTokens,
): Authorized | RestResponse {
  const token = bearer(headers);
  const ofKey = (role: EmbeddedRole): Authorized => ({ role, claims: { role } });
  if (gateway === 'functions') {
    // Functions are deployed with verify_jwt (Supabase's default): a JWT the project signed as bearer,
    // a project key or a signed-in user's access token (the team's press), passed on to the function.
    const role = token ? roles.get(token) : undefined;
    if (role) return ofKey(role);
    const session = token ? sessions?.(token) : undefined;
    return session && 'role' in session ? session : json(401, { code: 401, message: 'Invalid JWT' });
  }
  const apikey = (headers.apikey as string | undefined) ?? query.get('apikey') ?? undefined;
  if (!apikey) return json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  const keyRole = roles.get(apikey);
  if (!keyRole) return json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  if (token === undefined) return ofKey(keyRole);
  const tokenRole = roles.get(token);
  if (tokenRole) return ofKey(tokenRole);
  return sessions?.(token) ?? new RestError(401, 'PGRST301', 'No suitable key or wrong key type').toResponse();
}

export function unknownShape(method: string, pathname: string, query: URLSearchParams): RestResponse {
  const shape = describeShape(method, pathname, query);
  return json(400, {
    code: 'LOCAL_UNKNOWN_SHAPE',
    message: `local backend: unknown request shape ${shape}`,
    shape: { method, path: pathname, queryKeys: [...query.keys()].sort() },
  });
}

export interface RestCall {
  method: string;
  headers: IncomingHttpHeaders;
  target: { table: string } | { rpc: string };
  query: URLSearchParams;
  body: string;
  role: EmbeddedRole;
  claims: Claims;
}

/** Test controls: while on, reads (GET/HEAD) or writes (POST/PATCH) answer 500. */
export interface Failures {
  reads: boolean;
  writes: boolean;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * One Data API request as PostgREST runs it: in one transaction, switch to the request's role, set
 * the request.* settings (as set_config(..., true), so they end with the transaction), call the
 * configured pre-request function, then run the statement. An error anywhere rolls it all back.
 */
export async function runRest(db: PGlite, catalog: Catalog, api: ServedApi, failures: Failures, call: RestCall): Promise<RestResponse> {
  const { method, target, query, body, role } = call;
  const path = 'table' in target ? `/${target.table}` : `/rpc/${target.rpc}`;
  if ('table' in target && !matchShape(api.shapes, method, target.table, query)) return unknownShape(method, `/rest/v1${path}`, query);
  const read = isRead(method);
  // supabase-js names the schema in these headers; only `public` is exposed, as on Supabase.
  const profile = call.headers[read ? 'accept-profile' : 'content-profile'];
  if (profile !== undefined && profile !== 'public') {
    return new RestError(406, 'PGRST106', `The schema must be one of the following: public`).toResponse();
  }
  if ((read && failures.reads) || (!read && failures.writes)) {
    return new RestError(500, 'LOCAL_FAILING', `local backend: ${read ? 'reads' : 'writes'} are failing (test control)`).toResponse();
  }
  const headers = Object.fromEntries(
    Object.entries(call.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]),
  );
  try {
    const preRequest = await preRequestFunction(db);
    return await withRole(db, role, async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', $1, true), set_config('request.method', $2, true),
                set_config('request.path', $3, true), set_config('request.headers', $4, true)`,
        [JSON.stringify(call.claims), method, path, JSON.stringify(headers)],
      );
      if (preRequest) await tx.query(`select ${preRequest}()`);
      // A GET's URL parameters are the function's arguments, as PostgREST reads them.
      const args = read ? JSON.stringify(Object.fromEntries(query)) : body;
      if ('rpc' in target) return callFunction(tx, catalog.functions, target.rpc, args);
      return execute(tx, catalog.columns, { method, table: target.table, query, headers, body });
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
