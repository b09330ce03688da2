// What pg_net recorded as the answer to one of the database's own HTTP calls.
import type { Secrets } from './redact';
import type { Database } from './report';

export interface HttpAnswer {
  status_code: number | null;
  timed_out: boolean | null;
  error: string;
  content: string;
}

export async function lastResponse(db: Database, requestId: string | number | null, secrets: Secrets): Promise<HttpAnswer | null> {
  const { rows: present } = await db.query<{ present: boolean }>(
    `select pg_catalog.to_regclass('net._http_response') is not null as present`,
  );
  if (!present[0]?.present || requestId === null) return null;
  const { rows } = await db.query<HttpAnswer>(
    `select status_code, timed_out, coalesce(error_msg, '') as error, coalesce(content, '') as content
       from net._http_response where id = $1`,
    [requestId],
  );
  const answer = rows[0];
  return answer ? { ...answer, content: secrets.cut(answer.content, 300) } : null;
}
