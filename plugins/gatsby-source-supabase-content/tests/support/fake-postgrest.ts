// A PostgREST stand-in on 127.0.0.1 for the plugin's remote driver: it answers
// GET /rest/v1/<table>?select=…&<column>=eq.<value>&order=<column>.asc and GET /rest/v1/rpc/<function>
// the way PostgREST does, checks the apikey header, and records every request so tests can assert
// what was asked.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRow = Record<string, string | number | boolean | null>;

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeResponse {
  status: number;
  body: string;
}

export interface FakePostgrestOptions {
  anonKey: string;
  tables: Record<string, FakeRow[]>;
  /** Functions by name and the JSON value each returns. */
  functions?: Record<string, unknown>;
  /** Accept requests and never answer, like a backend stuck behind a dead proxy. */
  hang?: boolean;
  /** Answer instead of the default PostgREST behaviour, e.g. a 500 on one table. */
  override?: (request: RecordedRequest) => FakeResponse | undefined;
}

export interface FakePostgrest {
  url: string;
  requests: RecordedRequest[];
  tables: Record<string, FakeRow[]>;
  close(): Promise<void>;
}

export async function startFakePostgrest(options: FakePostgrestOptions): Promise<FakePostgrest> {
  const requests: RecordedRequest[] = [];
  const state = { tables: options.tables };
  const server = createServer((req, res) => {
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = {
      method: req.method ?? '',
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: req.headers,
    };
    requests.push(request);
    if (options.hang) return;
    const answer = options.override?.(request) ?? postgrest(request, options.anonKey, state.tables, options.functions ?? {});
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get tables() {
      return state.tables;
    },
    set tables(tables) {
      state.tables = tables;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function postgrest(
  request: RecordedRequest,
  anonKey: string,
  tables: Record<string, FakeRow[]>,
  functions: Record<string, unknown>,
): FakeResponse {
  if (request.headers.apikey !== anonKey) {
    return json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
  const rpc = /^\/rest\/v1\/rpc\/([a-z_]+)$/.exec(request.path)?.[1];
  if (rpc !== undefined) {
    if (request.method !== 'GET' || !(rpc in functions)) {
      return json(404, { code: 'PGRST202', message: `Could not find the function public.${rpc} without parameters in the schema cache` });
    }
    return json(200, functions[rpc]);
  }
  const match = /^\/rest\/v1\/([a-z_]+)$/.exec(request.path);
  const rows = match?.[1] ? tables[match[1]] : undefined;
  if (request.method !== 'GET' || !rows) {
    return json(404, { code: 'PGRST205', message: `Could not find the table '${request.path}' in the schema cache` });
  }

  let result = rows;
  for (const [column, condition] of request.query) {
    if (column === 'select' || column === 'order') continue;
    if (!condition.startsWith('eq.')) return json(400, { code: 'PGRST100', message: `unsupported filter ${condition}` });
    const wanted = condition.slice(3);
    result = result.filter((row) => String(row[column]) === wanted);
  }
  const order = request.query.get('order');
  if (order) {
    const [column = '', direction] = order.split('.');
    const sign = direction === 'desc' ? -1 : 1;
    result = [...result].sort((a, b) => sign * (Number(a[column]) - Number(b[column])));
  }
  const select = request.query.get('select');
  const columns = select && select !== '*' ? select.split(',') : undefined;
  const projected = columns ? result.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]]))) : result;
  return json(200, projected);
}

function json(status: number, body: unknown): FakeResponse {
  return { status, body: JSON.stringify(body) };
}
