// pg_net's side of a scheduled call, for databases that only record it: the bootstrap's stand-in
// net.http_post writes each call into net.http_post_calls; these read them back and send them as
// pg_net would (after commit, with the recorded URL, headers, body and timeout).

export interface NetCall {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeout_milliseconds: number;
}

/** Anything that runs SQL as the owner: PGlite, or node-postgres's Client. */
export interface SqlRunner {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The recorded calls (only those to `url` when given), oldest first, removed so that each is sent once. */
export async function takeNetCalls(db: SqlRunner, url?: string): Promise<NetCall[]> {
  const { rows } = await db.query<NetCall>(
    `with taken as (delete from net.http_post_calls where $1::text is null or url = $1
                    returning id, url, headers, body, timeout_milliseconds)
     select * from taken order by id`,
    [url ?? null],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Sends one recorded call: POST with its headers and JSON body, cut off at its timeout. */
export async function replayNetCall(call: NetCall): Promise<{ status: number; body: unknown }> {
  const response = await fetch(call.url, {
    method: 'POST',
    headers: call.headers,
    body: JSON.stringify(call.body),
    signal: AbortSignal.timeout(call.timeout_milliseconds),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Kept as text: the caller's assertion shows it.
  }
  return { status: response.status, body };
}
