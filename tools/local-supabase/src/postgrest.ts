// The slice of PostgREST the site uses, executed on PGlite. Only the request shapes the backend is
// given (site-api.ts by default) are served; anything else is refused with 400 naming the shape, so
// that a new call in the site (or the function) fails a test instead of being answered by a
// too-generous stand-in.
//
// SQL is built the way PostgREST builds it (json_agg over a subselect for reads,
// json_populate_recordset for inserts, json_populate_record for updates), so grants and RLS give
// the answers Supabase would. Identifiers come only from the served tables and functions and the
// tables' real columns; every value travels as a bind parameter.
import type { Transaction } from '@electric-sql/pglite';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';

export interface ShapeSpec {
  name: string;
  methods: Method[];
  table: string;
  /** The exact query keys the call sends, a key listed twice where the call repeats it. */
  keys: string[];
}

/** Argument names and types per function, read from the database like the columns. */
export type FunctionArguments = ReadonlyMap<string, ReadonlyArray<{ name: string; type: string }>>;

/** Column names per table, read from the database so the whitelist follows the migrations. */
export type ColumnMap = ReadonlyMap<string, ReadonlySet<string>>;

export interface RestRequest {
  method: string;
  table: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  /** Text for the API, bytes for a stored picture. */
  body?: string | Buffer;
}

/** A PostgREST-style error body; `status` is the HTTP status it is sent with. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toResponse(extra: Record<string, unknown> = {}): RestResponse {
    return json(this.status, { code: this.code, details: this.details, hint: this.hint, message: this.message, ...extra });
  }
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): RestResponse {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) };
}

export function describeShape(method: string, path: string, query: URLSearchParams): string {
  const keys = [...query.keys()].sort();
  return `${method} ${path}${keys.length ? ` ?${keys.join('&')}` : ''}`;
}

/**
 * The shape a request matches, or null. A key may repeat only as often as the shape lists it (two
 * filters on one column, as `.gte(c, a).lt(c, b)` sends them).
 */
export function matchShape(shapes: ShapeSpec[], method: string, table: string, query: URLSearchParams): ShapeSpec | null {
  const sorted = [...query.keys()].sort().join('&');
  return (
    shapes.find(
      (shape) => shape.table === table && (shape.methods as string[]).includes(method) && [...shape.keys].sort().join('&') === sorted,
    ) ?? null
  );
}

const ident = (name: string): string => `"${name}"`;

function column(columns: ReadonlySet<string>, table: string, name: string): string {
  if (!columns.has(name)) {
    throw new RestError(400, '42703', `column ${table}.${name} does not exist`);
  }
  return ident(name);
}

function selectList(columns: ReadonlySet<string>, table: string, select: string | null): string {
  if (select === null || select === '*') return '*';
  return select
    .split(',')
    .map((name) => column(columns, table, name))
    .join(', ');
}

/** The Prefer header as PostgREST reads it: comma-separated key=value items. */
export function parsePrefer(header: string | undefined): Map<string, string> {
  const prefer = new Map<string, string>();
  for (const item of (header ?? '').split(',')) {
    const [key, value] = item.trim().split('=');
    if (key && value) prefer.set(key, value);
  }
  return prefer;
}

const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const IS_VALUES: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns']);

/** One filter's condition: `op.value`, or `not.op.value` as PostgREST negates one. */
function condition(col: string, raw: string, params: unknown[]): string {
  const dot = raw.indexOf('.');
  const operator = dot < 0 ? raw : raw.slice(0, dot);
  const value = dot < 0 ? '' : raw.slice(dot + 1);
  if (operator === 'not' && !value.startsWith('not.')) return `not (${condition(col, value, params)})`;
  if (operator === 'is') {
    const literal = IS_VALUES[value.toLowerCase()];
    if (!literal) throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column 4)`);
    return `${col} is ${literal}`;
  }
  if (COMPARISONS[operator]) {
    params.push(value);
    return `${col} ${COMPARISONS[operator]} $${params.length}`;
  }
  throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})" (line 1, column ${operator.length + 1})`);
}

/** WHERE clause from the filter keys (every key that is not a reserved PostgREST parameter). */
function whereClause(columns: ReadonlySet<string>, table: string, query: URLSearchParams, params: unknown[], qualifier = ''): string {
  const conditions: string[] = [];
  for (const [key, raw] of query) {
    if (RESERVED.has(key)) continue;
    conditions.push(condition(qualifier + column(columns, table, key), raw, params));
  }
  return conditions.length ? ` where ${conditions.join(' and ')}` : '';
}

function orderClause(columns: ReadonlySet<string>, table: string, order: string | null): string {
  if (!order) return '';
  const terms = order.split(',').map((term) => {
    const [name = '', ...modifiers] = term.split('.');
    const parts = [column(columns, table, name)];
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') parts.push(modifier);
      else if (modifier === 'nullsfirst') parts.push('nulls first');
      else if (modifier === 'nullslast') parts.push('nulls last');
      else throw new RestError(400, 'PGRST100', `"failed to parse order (${order})"`);
    }
    return parts.join(' ');
  });
  return ` order by ${terms.join(', ')}`;
}

function nonNegativeInt(name: string, value: string | null, params: unknown[]): string {
  if (value === null) return '';
  if (!/^\d+$/.test(value)) throw new RestError(400, 'PGRST100', `"failed to parse ${name} (${value})"`);
  params.push(Number(value));
  return ` ${name} $${params.length}`;
}

interface Prepared {
  columns: ReadonlySet<string>;
  table: string;
  qualified: string;
}

function prepare(columnMap: ColumnMap, table: string): Prepared {
  const columns = columnMap.get(table);
  if (!columns) throw new RestError(404, '42P01', `relation "public.${table}" does not exist`);
  return { columns, table, qualified: `public.${ident(table)}` };
}

/** Strips null members, as PostgREST does for Accept: …;nulls=stripped. */
function stripNulls(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null)));
}

/** Array or, for Accept: application/vnd.pgrst.object+json, exactly one object (else 406). */
function representation(
  rows: Record<string, unknown>[],
  accept: string | undefined,
  status: number,
  headers: Record<string, string>,
): RestResponse {
  const wanted = (accept ?? '').split(';')[0]?.trim();
  const shown = /nulls=stripped/.test(accept ?? '') ? stripNulls(rows) : rows;
  if (wanted === 'application/vnd.pgrst.object+json') {
    if (shown.length !== 1) {
      return new RestError(
        406,
        'PGRST116',
        'Cannot coerce the result to a single JSON object',
        `The result contains ${shown.length} rows`,
      ).toResponse();
    }
    return json(status, shown[0], headers);
  }
  return json(status, shown, headers);
}

// PostgREST builds the body in SQL (json_agg), which also gives its text forms for timestamps.
async function bodyRows(tx: Transaction, sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const result = await tx.query<{ body: string }>(sql, params);
  return JSON.parse(result.rows[0]?.body ?? '[]') as Record<string, unknown>[];
}

const jsonRows = (tx: Transaction, select: string, params: unknown[]) =>
  bodyRows(tx, `select coalesce(json_agg(_postgrest_t), '[]')::text as body from (${select}) _postgrest_t`, params);

// A data-modifying statement may only sit in a top-level WITH, as PostgREST places it.
const changedRows = (tx: Transaction, dml: string, params: unknown[]) =>
  bodyRows(tx, `with _changed as (${dml}) select coalesce(json_agg(_changed), '[]')::text as body from _changed`, params);

function contentRange(offset: number, shown: number, total: number | null): string {
  const range = shown > 0 ? `${offset}-${offset + shown - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

async function read(tx: Transaction, p: Prepared, request: RestRequest): Promise<RestResponse> {
  const params: unknown[] = [];
  const where = whereClause(p.columns, p.table, request.query, params);
  const countParams = [...params];
  const sql =
    `select ${selectList(p.columns, p.table, request.query.get('select'))} from ${p.qualified}${where}` +
    orderClause(p.columns, p.table, request.query.get('order')) +
    nonNegativeInt('limit', request.query.get('limit'), params) +
    nonNegativeInt('offset', request.query.get('offset'), params);
  const rows = await jsonRows(tx, sql, params);

  let total: number | null = null;
  if (parsePrefer(request.headers.prefer).get('count') === 'exact') {
    const counted = await tx.query<{ n: number }>(`select count(*)::int as n from ${p.qualified}${where}`, countParams);
    total = counted.rows[0]?.n ?? 0;
  }
  const offset = Number(request.query.get('offset') ?? 0);
  const headers = { 'Content-Range': contentRange(offset, rows.length, total) };
  const response = representation(rows, request.headers.accept, 200, headers);
  return request.method === 'HEAD' ? { ...response, body: undefined } : response;
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function bodyColumns(p: Prepared, rows: Record<string, unknown>[], columnsParam: string | null): string[] {
  const names = columnsParam
    ? columnsParam.split(',').map((name) => name.replace(/^"(.*)"$/, '$1'))
    : [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const name of names) column(p.columns, p.table, name);
  return names;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function insert(tx: Transaction, p: Prepared, request: RestRequest): Promise<RestResponse> {
  const parsed = parseBody(request.body);
  const rows = Array.isArray(parsed) ? parsed : [parsed];
  if (!rows.every(isRecord)) throw new RestError(400, 'PGRST102', 'All object keys must match');
  const names = bodyColumns(p, rows, request.query.get('columns'));
  const list = names.map(ident).join(', ');
  const insertSql = `insert into ${p.qualified} (${list}) ` + `select ${list} from json_populate_recordset(null::${p.qualified}, $1::json)`;
  const prefer = parsePrefer(request.headers.prefer);
  if (prefer.get('return') !== 'representation') {
    await tx.query(insertSql, [JSON.stringify(rows)]);
    return { status: 201, headers: { 'Content-Range': '*/*' } };
  }
  const returning = selectList(p.columns, p.table, request.query.get('select'));
  const inserted = await changedRows(tx, `${insertSql} returning ${returning}`, [JSON.stringify(rows)]);
  return representation(inserted, request.headers.accept, 201, { 'Content-Range': contentRange(0, inserted.length, null) });
}

async function update(tx: Transaction, p: Prepared, request: RestRequest): Promise<RestResponse> {
  const parsed = parseBody(request.body);
  if (!isRecord(parsed)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const names = bodyColumns(p, [parsed], null);
  const params: unknown[] = [JSON.stringify(parsed)];
  const assignments = names.map((name) => `${ident(name)} = _body.${ident(name)}`).join(', ');
  // The target is aliased because the body record has the same column names as the table.
  const where = whereClause(p.columns, p.table, request.query, params, '_target.');
  const updateSql =
    `update ${p.qualified} as _target set ${assignments} ` + `from json_populate_record(null::${p.qualified}, $1::json) _body${where}`;
  const prefer = parsePrefer(request.headers.prefer);
  if (prefer.get('return') !== 'representation') {
    await tx.query(updateSql, params);
    return { status: 204, headers: { 'Content-Range': '*/*' } };
  }
  const select = request.query.get('select');
  const returning =
    select === null || select === '*'
      ? '_target.*'
      : select
          .split(',')
          .map((name) => `_target.${column(p.columns, p.table, name)}`)
          .join(', ');
  const updated = await changedRows(tx, `${updateSql} returning ${returning}`, params);
  return representation(updated, request.headers.accept, 200, { 'Content-Range': contentRange(0, updated.length, null) });
}

async function remove(tx: Transaction, p: Prepared, request: RestRequest): Promise<RestResponse> {
  const params: unknown[] = [];
  const deleteSql = `delete from ${p.qualified}${whereClause(p.columns, p.table, request.query, params)}`;
  if (parsePrefer(request.headers.prefer).get('return') !== 'representation') {
    await tx.query(deleteSql, params);
    return { status: 204, headers: { 'Content-Range': '*/*' } };
  }
  const deleted = await changedRows(tx, `${deleteSql} returning ${selectList(p.columns, p.table, request.query.get('select'))}`, params);
  return representation(deleted, request.headers.accept, 200, { 'Content-Range': contentRange(0, deleted.length, null) });
}

/**
 * POST /rpc/<name> as PostgREST runs it: the body's members become named arguments (typed by
 * json_to_record with the function's own argument types), the result is sent as JSON.
 */
export async function callFunction(tx: Transaction, functions: FunctionArguments, name: string, body: string): Promise<RestResponse> {
  const args = functions.get(name);
  if (!args) throw new RestError(404, 'PGRST202', `Could not find the function public.${name} in the schema cache`);
  const parsed = body === '' ? {} : parseBody(body);
  if (!isRecord(parsed)) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  const unknown = Object.keys(parsed).filter((key) => !args.some((arg) => arg.name === key));
  if (unknown.length > 0) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${Object.keys(parsed).sort().join(', ')}) in the schema cache`,
    );
  }
  const given = args.filter((arg) => arg.name in parsed);
  const call = `public.${ident(name)}(${given.map((arg) => `${ident(arg.name)} := _args.${ident(arg.name)}`).join(', ')})`;
  const from = given.length
    ? ` from json_to_record($1::json) as _args(${given.map((arg) => `${ident(arg.name)} ${arg.type}`).join(', ')})`
    : '';
  const result = await tx.query<{ body: string }>(
    `select to_json(${call})::text as body${from}`,
    given.length ? [JSON.stringify(parsed)] : [],
  );
  return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: result.rows[0]?.body ?? 'null' };
}

/** Runs a request that matched a shape, inside the caller's role transaction. */
export function execute(tx: Transaction, columnMap: ColumnMap, request: RestRequest): Promise<RestResponse> {
  const p = prepare(columnMap, request.table);
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return read(tx, p, request);
    case 'POST':
      return insert(tx, p, request);
    case 'PATCH':
      return update(tx, p, request);
    case 'DELETE':
      return remove(tx, p, request);
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  }
}

/**
 * PostgreSQL error → PostgREST's HTTP status (PostgREST's error table): permission errors are 401
 * for the anonymous role and 403 otherwise, constraint violations 400/409, unknown objects 404.
 */
export function statusForSqlState(code: string, role: string): number {
  // RAISE sqlstate 'PTxyz' answers HTTP xyz (PostgREST's custom status codes).
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code.startsWith('08') || code.startsWith('53')) return 503;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0[0-9A-Z]|XX)/.test(code) && code !== 'P0001') return 500;
  return 400;
}
