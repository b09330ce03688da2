// The site watch, as pg_cron and pg_net run it on Supabase: the job's SQL (private.watch_live_site())
// reads the answer to its previous request and queues the next GET of the live page data; here the
// queued GETs are sent and their answers written where pg_net writes them (net._http_response), and
// the alert it posts is recorded like the inquiry alerts.
import type { PGlite } from '@electric-sql/pglite';
import { takeNetCalls } from './net';
import { LOCAL_ALERT_WEBHOOK, type InquiryAlert } from './sweep';

interface GetCall {
  id: number;
  url: string;
  headers: Record<string, string> | null;
  timeout_milliseconds: number;
}

interface Answer {
  status: number | null;
  contentType: string | null;
  content: string | null;
  timedOut: boolean;
  error: string | null;
}

async function send(call: GetCall): Promise<Answer> {
  try {
    const response = await fetch(call.url, { headers: call.headers ?? {}, signal: AbortSignal.timeout(call.timeout_milliseconds) });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      content: await response.text(),
      timedOut: false,
      error: null,
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { status: null, contentType: null, content: null, timedOut, error: error instanceof Error ? error.message : String(error) };
  }
}

/** One run of the job; the alert it posted, if any. The GET it queued is answered before this returns. */
export async function runSiteWatch(db: PGlite): Promise<InquiryAlert[]> {
  await db.query('select private.watch_live_site()');
  const posted = (await takeNetCalls(db, LOCAL_ALERT_WEBHOOK)).map((call) => call.body as InquiryAlert);
  const { rows } = await db.query<GetCall>(
    `with taken as (delete from net.http_get_calls returning id, url, headers, timeout_milliseconds) select * from taken order by id`,
  );
  for (const call of rows) {
    const answer = await send(call);
    await db.query(
      `insert into net._http_response (id, status_code, content_type, content, timed_out, error_msg) values ($1, $2, $3, $4, $5, $6)`,
      [call.id, answer.status, answer.contentType, answer.content, answer.timedOut, answer.error],
    );
  }
  return posted;
}
