// Whether the live site shows the database's content, and whether anything watches that it does.
// The site's address is `--site URL` or the Vault secret site_url; the live revision is read from the
// site's own page data (as the preview and the site-watch job read it), and the database says how far
// that is behind (private.site_live_state, 20261126001100_site_live_watch.sql). The address may come
// from Vault, so it is never printed.
import { fail, minutesSince, ok, plural, skip, warn, type CheckResult } from './report';

/** What the check needs of the database: node-postgres' Client, or PGlite in tests. */
export interface SqlClient {
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface LiveSiteOptions {
  /** The live site's address from the command line (--site); Vault's site_url otherwise. */
  site?: string;
  /** How long the site's page data may take to answer. */
  timeoutMs?: number;
}

const PAGE_DATA_PATH = '/page-data/index/page-data.json';
const SITE_URL_FIX = "select vault.create_secret('https://<the live site>', 'site_url');";

const utc = (time: Date) => `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

interface WatchRow {
  site_url: string | null;
  checked_at: Date | null;
  live_revision: string | null;
  check_error: string | null;
  alerted_at: Date | null;
}

interface LiveStateRow {
  state: 'live' | 'pending' | 'stale';
  revision: string;
  edits_since: string;
  live_saved_at: Date | null;
  behind_since: Date | null;
  max_wait_minutes: number;
}

/** The live site's revision from its page data; throws with what went wrong. */
async function liveRevision(site: string, timeoutMs: number): Promise<string> {
  const url = `${site.trim().replace(/\/+$/, '')}${PAGE_DATA_PATH}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'Cache-Control': 'no-cache' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new Error(`the live site did not answer (${cause ?? (error instanceof Error ? error.name : String(error))})`);
  }
  if (!response.ok) throw new Error(`the live site's ${PAGE_DATA_PATH} answered HTTP ${response.status}`);
  let body: { result?: { data?: { supabaseContentRevision?: { revision?: unknown } | null } } };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new Error(`the live site's ${PAGE_DATA_PATH} is not JSON`);
  }
  const revision = body.result?.data?.supabaseContentRevision?.revision;
  if (typeof revision !== 'string' || !/^\d{1,18}$/.test(revision)) {
    throw new Error(`the live site's ${PAGE_DATA_PATH} carries no content revision (built without backend settings?)`);
  }
  return revision;
}

/** The site-watch job: whether it runs, and what it last saw. */
function watchRow(watch: WatchRow): CheckResult {
  const name = 'site watch';
  if (!watch.site_url) {
    return warn(name, 'site_url is unset in Vault: nothing watches whether the live site shows the saved content', SITE_URL_FIX);
  }
  const alert = watch.alerted_at ? `last "site behind" alert ${utc(watch.alerted_at)}` : 'no "site behind" alert sent';
  if (!watch.checked_at) {
    return warn(
      name,
      `has not read the live site yet; ${alert}`,
      'the pg_cron job site-watch reads it every minute (scheduled jobs above)',
    );
  }
  if (watch.check_error) {
    return warn(
      name,
      `its last read (${utc(watch.checked_at)}) failed: ${watch.check_error}; ${alert}`,
      'npm run doctor -- --site <the live site> reads it now',
    );
  }
  if (minutesSince(watch.checked_at) > 5) {
    return warn(
      name,
      `has not read the live site since ${utc(watch.checked_at)}; ${alert}`,
      "select * from cron.job_run_details where jobid = (select jobid from cron.job where jobname = 'site-watch') order by runid desc limit 5;",
    );
  }
  return ok(name, `read revision ${watch.live_revision} at ${utc(watch.checked_at)}; ${alert}`);
}

function liveRow(live: string, state: LiveStateRow): CheckResult {
  const name = 'live site';
  if (state.state === 'live') return ok(name, `shows revision ${live}, the database's: every saved edit is live`);
  const edits = Number(state.edits_since);
  const saved = state.live_saved_at ? `the content of ${utc(state.live_saved_at)}` : 'an earlier save';
  const behind = state.behind_since
    ? `behind since ${utc(state.behind_since)} (${plural(Math.max(0, minutesSince(state.behind_since)), 'minute')})`
    : 'behind';
  const detail =
    `shows revision ${live} (${saved}); the database is at ${state.revision}, ${plural(edits, 'edit')} since: ${behind}; ` +
    `the rebuild's maximum wait is ${plural(state.max_wait_minutes, 'minute')}`;
  if (state.state === 'pending')
    return warn(name, `${detail}; waiting for the build`, 'nothing yet: the site is rebuilt after a quiet minute');
  return fail(
    name,
    `${detail}; the last build may have failed`,
    "look at the host's deploys (the build hook row shows the hook's last call)",
  );
}

/** The doctor's rows for the live site: the watch job, then the live site itself. */
export async function checkLiveSite(db: SqlClient, options: LiveSiteOptions = {}): Promise<CheckResult[]> {
  const { rows: present } = await db.query<{ ready: boolean }>(
    `select pg_catalog.to_regprocedure('private.site_live_state(bigint)') is not null
            and pg_catalog.to_regclass('private.site_watch') is not null as ready`,
  );
  if (!present[0]?.ready) {
    return [fail('live site', '20261126001100_site_live_watch.sql is not applied', 'supabase db push')];
  }
  const { rows } = await db.query<WatchRow>(
    `select (select nullif(pg_catalog.btrim(s.decrypted_secret), '') from vault.decrypted_secrets as s where s.name = 'site_url' limit 1) as site_url,
            w.checked_at, w.live_revision::text as live_revision, w.check_error, w.alerted_at
       from private.site_watch as w where w.id`,
  );
  const watch = rows[0] ?? { site_url: null, checked_at: null, live_revision: null, check_error: null, alerted_at: null };
  const results = [watchRow(watch)];

  const site = options.site ?? watch.site_url;
  if (!site) {
    results.push(skip('live site', 'no address to read it at', `npm run doctor -- --site https://<the live site>, or ${SITE_URL_FIX}`));
    return results;
  }
  let live: string;
  try {
    live = await liveRevision(site, options.timeoutMs ?? 15_000);
  } catch (error) {
    results.push(
      fail('live site', error instanceof Error ? error.message : String(error), "look at the host's deploys, or the address given"),
    );
    return results;
  }
  const { rows: states } = await db.query<LiveStateRow>(
    `select s.state, s.revision::text as revision, s.edits_since::text as edits_since, s.live_saved_at, s.behind_since,
            round(extract(epoch from s.max_wait) / 60)::int as max_wait_minutes
       from private.site_live_state($1::bigint) as s`,
    [live],
  );
  results.push(liveRow(live, states[0] as LiveStateRow));
  return results;
}
