// A local stand-in for a Supabase project, for developers (npm run backend) and for tests: the HTTP
// surface the site and its edge function use, backed by PGlite holding the project's bootstrap,
// migrations and seed (or another schema). Each request runs as the role its key maps to, so the
// migrations' grants, RLS and triggers decide every answer, as on Supabase.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { withRole, type EmbeddedPaths, type EmbeddedRole } from 'gatsby-source-supabase-content/embedded-db';
import { openDatabase, setVaultSecrets } from './database';
import { edgeFunction, type FunctionProcess } from './edge-function';
import { gateway, type GatewayControls, type Intercept, type LoggedRequest, type LoseAnswer, type ClientAddress } from './gateway';
import { replayNetCall, takeNetCalls } from './net';
import { FUNCTION_NAME, PROJECT_SCHEMA } from './project';
import { startResendStandIn, type RecordedEmail, type ResendStandIn } from './resend';
import { runRest, type Failures } from './rest';
import { SITE_API, type ServedApi } from './site-api';
import { servePostgres } from './postgres-port';
import { publicObjects } from './storage';
import { startSiteverifyStandIn, type SiteverifyStandIn } from './siteverify';
import { runSiteWatch } from './site-watch';
import { LOCAL_ALERT_WEBHOOK, sweeper, type InquiryAlert, type SweepRun } from './sweep';

export { freePort } from './edge-function';
export { replayNetCall, takeNetCalls, type NetCall } from './net';
export { FUNCTION_NAME, PROJECT_SCHEMA } from './project';
export { startResendStandIn, type RecordedEmail, type ResendPayload, type ResendStandIn } from './resend';
export { SITE_API, SITE_SHAPES, type ServedApi } from './site-api';
export type { ShapeSpec } from './postgrest';
export type { Answer, GatewayRequest, Intercept, LoggedRequest, LoseAnswer, ClientAddress } from './gateway';
export { LOCAL_ALERT_WEBHOOK, type InquiryAlert, type SweepRun } from './sweep';
export {
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TEST_SECRETS,
  TURNSTILE_TEST_SITE_KEY,
  startSiteverifyStandIn,
  type SiteverifyRequest,
  type SiteverifyStandIn,
} from './siteverify';

export const DEFAULT_ANON_KEY = 'local-anon-key';
export const DEFAULT_SERVICE_KEY = 'local-service-role-key';
export const NOTIFY_TO = 'team@example.test';
export const NOTIFY_FROM = 'AdaSorter site <site@example.test>';

export interface BuildHook {
  /** Where the rebuild trigger's calls go, e.g. `gatsby develop`'s /__refresh. */
  url: string;
  /** Sent as the Authorization header (`gatsby develop` compares it with GATSBY_REFRESH_TOKEN). */
  authorization?: string;
}

export interface LocalBackendOptions {
  /** 0 (default) picks a free port; a fixed port lets a build's baked-in URL meet a later backend. */
  port?: number;
  anonKey?: string;
  serviceKey?: string;
  /** The schema to load (bootstrap, migrations, seed): the project's by default. */
  paths?: EmbeddedPaths;
  /** The requests and database functions served: the site's by default (site-api.ts). */
  api?: ServedApi;
  /** Extra environment for the edge function (overrides the defaults below). */
  functionEnv?: Record<string, string>;
  /**
   * Turnstile for the function: one of Cloudflare's test secrets (TURNSTILE_TEST_SECRETS), checked
   * by a siteverify stand-in that answers as Cloudflare does for it. Off when absent.
   */
  turnstileSecret?: string;
  /**
   * Runs the inquiry sweep, the alert job and the site watch this often, as pg_cron runs them every
   * minute on Supabase (off when absent: tests call runSweep(), runAlerts() and runSiteWatch()).
   */
  sweepIntervalMs?: number;
  /** The live site's address (Vault secret site_url), which the site watch reads; unset when absent. */
  siteUrl?: string;
  /** Sends the rebuild trigger's calls here after each write, as pg_net does (else they are only recorded). */
  buildHook?: BuildHook;
  /** Told of every request once it is answered (the command's log). */
  onRequest?: (request: LoggedRequest) => void;
  /** Told of every email the Resend stand-in accepts. */
  onEmail?: (email: RecordedEmail) => void;
  /** Told of every alert the alert job posts (recorded, never sent: LOCAL_ALERT_WEBHOOK). */
  onAlert?: (alert: InquiryAlert) => void;
  /** Told of every call sent to the build hook, with the hook's status (0: it could not be reached). */
  onBuildHookCall?: (status: number) => void;
  /** Also serves the database on this PostgreSQL port (0 picks a free one), for SUPABASE_DB_URL. */
  dbPort?: number;
}

export interface LocalBackend {
  url: string;
  port: number;
  /** The database's connection string when `dbPort` was given (npm run preview-link reads it). */
  dbUrl: string | null;
  anonKey: string;
  serviceKey: string;
  db: PGlite;
  /** Every request, in arrival order (also the edge function's own calls). */
  requests: LoggedRequest[];
  /** What the Resend stand-in accepted. */
  emails: RecordedEmail[];
  /** The Resend stand-in, for outages (failWith). */
  resend: ResendStandIn;
  /** The siteverify stand-in, when `turnstileSecret` was given: what the function asked it. */
  siteverify: SiteverifyStandIn | null;
  /** Every alert the alert job posted, in order. */
  alerts: InquiryAlert[];
  /**
   * One run of the scheduled job: the database queues its call (the job's own SQL, with the URL and
   * service key from Vault), and the call is sent to the function as pg_net would send it.
   */
  runSweep(): Promise<SweepRun>;
  /** One run of the alert job (private.send_inquiry_alerts()): the alerts it posted. */
  runAlerts(): Promise<InquiryAlert[]>;
  /**
   * One run of the site watch (private.watch_live_site()): the alert it posted, if any. The GET of
   * the live page data it queued is answered at once; the next run reads the answer, as with pg_net.
   */
  runSiteWatch(): Promise<InquiryAlert[]>;
  /** While on, every Data API read (GET/HEAD) answers 500. */
  failReads(on: boolean): void;
  /** While on, every Data API write (POST/PATCH) answers 500. */
  failWrites(on: boolean): void;
  /** While on, every request is accepted and never answered, like a backend stuck behind a dead proxy. */
  hang(on: boolean): void;
  /**
   * From now on `hook` sees every request first, and its answer, when it gives one, replaces the
   * backend's (an outage of one table, a body that is not JSON); null removes it.
   */
  intercept(hook: Intercept | null): void;
  /**
   * From now on every request `hook` returns true for is run, and its answer is never sent: the
   * connection is cut, as when an answer is lost on its way back; null removes it.
   */
  loseAnswer(hook: LoseAnswer | null): void;
  /** From now on `hook` says which address each request connected from, where it names one; null removes it. */
  clientAddress(hook: ClientAddress | null): void;
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

/** Serves `handle` on 127.0.0.1; `port` 0 picks a free one. */
async function listen(handle: ReturnType<typeof gateway>, port: number): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * pg_net's worker for the rebuild trigger: after a write has committed, sends the calls it queued for
 * the hook, one batch at a time, without holding up the write's answer.
 */
function buildHookSender(db: PGlite, hook: BuildHook | undefined, report: (status: number) => void): () => Promise<void> {
  let sending = Promise.resolve();
  return () => {
    if (!hook) return sending;
    sending = sending
      .then(async () => {
        for (const call of await takeNetCalls(db, hook.url)) {
          report(
            await replayNetCall(call).then(
              ({ status }) => status,
              () => 0,
            ),
          );
        }
      })
      .catch((error: unknown) => console.error('local backend: build hook calls not sent', error));
    return sending;
  };
}

export async function startLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const anonKey = options.anonKey ?? DEFAULT_ANON_KEY;
  const serviceKey = options.serviceKey ?? DEFAULT_SERVICE_KEY;
  const api = options.api ?? SITE_API;
  const requests: LoggedRequest[] = [];
  const controls: Failures & GatewayControls = {
    reads: false,
    writes: false,
    hang: false,
    intercept: null,
    loseAnswer: null,
    clientAddress: null,
  };
  const alerts: InquiryAlert[] = [];
  const objects = publicObjects();
  let url = '';

  // 1. The database, with what the Data API needs to know of it.
  const { db, catalog } = await openDatabase(options.paths ?? PROJECT_SCHEMA, api);
  // 2. Resend, which the edge function sends its emails to, and Turnstile's siteverify where asked for.
  const resend = await startResendStandIn({ onEmail: options.onEmail });
  const siteverify = options.turnstileSecret ? await startSiteverifyStandIn() : null;
  // 3. The edge function under Deno, started when first called (it needs the URL chosen in 4).
  const fn: FunctionProcess = edgeFunction(FUNCTION_NAME, () => ({
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceKey,
    RESEND_API_KEY: resend.apiKey,
    RESEND_API_URL: resend.url,
    INQUIRY_NOTIFY_TO: NOTIFY_TO,
    INQUIRY_NOTIFY_FROM: NOTIFY_FROM,
    ...(siteverify && { TURNSTILE_SECRET_KEY: options.turnstileSecret!, TURNSTILE_VERIFY_URL: siteverify.url }),
    ...options.functionEnv,
  }));
  const sendBuildHookCalls = buildHookSender(db, options.buildHook, options.onBuildHookCall ?? (() => undefined));

  // 4. HTTP, routed as Supabase's gateway routes a project's requests.
  const handle = gateway({
    api,
    roles: new Map<string, EmbeddedRole>([
      [anonKey, 'anon'],
      [serviceKey, 'service_role'],
    ]),
    functionName: FUNCTION_NAME,
    fn,
    objects,
    async rest(call) {
      const response = await runRest(db, catalog, api, controls, call);
      if (call.method !== 'GET' && call.method !== 'HEAD') void sendBuildHookCalls();
      return response;
    },
    controls,
    onRequest(request) {
      requests.push(request);
      options.onRequest?.(request);
    },
  });
  let served: Awaited<ReturnType<typeof listen>>;
  try {
    served = await listen(handle, options.port ?? 0);
  } catch (error) {
    await resend.stop();
    await siteverify?.stop();
    await db.close();
    throw error;
  }
  const { server, port } = served;
  url = `http://127.0.0.1:${port}`;
  let database: Awaited<ReturnType<typeof servePostgres>> | null = null;
  try {
    if (options.dbPort !== undefined) database = await servePostgres(db, options.dbPort);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await resend.stop();
    await db.close();
    throw error;
  }

  // 5. Vault pointing at this backend: the sweep job's project URL and key, the alert webhook (only
  // recorded), the rebuild trigger's hook.
  await setVaultSecrets(db, {
    project_url: url,
    service_role_key: serviceKey,
    inquiry_alert_webhook_url: LOCAL_ALERT_WEBHOOK,
    ...(options.buildHook && { site_build_hook_url: options.buildHook.url }),
    ...(options.buildHook?.authorization && { site_build_hook_authorization: options.buildHook.authorization }),
    ...(options.siteUrl && { site_url: options.siteUrl }),
  });
  const recordAlert = (alert: InquiryAlert) => {
    alerts.push(alert);
    options.onAlert?.(alert);
  };
  const watchSite = async () => {
    const posted = await runSiteWatch(db);
    posted.forEach(recordAlert);
    return posted;
  };
  // 6. The inquiry sweep and alerts and the site watch, on demand or on a timer.
  const sweep = sweeper(db, {
    functionUrl: `${url}/functions/v1/${FUNCTION_NAME}`,
    intervalMs: options.sweepIntervalMs,
    afterTick: watchSite,
    onAlert: recordAlert,
    onFailure: (error) => console.error('local backend: sweep failed', error),
  });

  return {
    url,
    port,
    dbUrl: database?.url ?? null,
    anonKey,
    serviceKey,
    db,
    requests,
    emails: resend.emails,
    resend,
    siteverify,
    alerts,
    runSweep: sweep.run,
    runAlerts: sweep.alerts,
    runSiteWatch: watchSite,
    failReads(on) {
      controls.reads = on;
    },
    failWrites(on) {
      controls.writes = on;
    },
    hang(on) {
      controls.hang = on;
    },
    intercept(hook) {
      controls.intercept = hook;
    },
    loseAnswer(hook) {
      controls.loseAnswer = hook;
    },
    clientAddress(hook) {
      controls.clientAddress = hook;
    },
    putPublicObject: (bucket, name, file, contentType) => url + objects.put(bucket, name, file, contentType),
    sql: <T>(query: string, params: unknown[] = []) => withRole(db, 'service_role', async (tx) => (await tx.query<T>(query, params)).rows),
    functionOutput: () => fn.output.join(''),
    async stop() {
      await sweep.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => (database ? database.server.close(() => resolve()) : resolve()));
      await sendBuildHookCalls();
      await fn.stop();
      await resend.stop();
      await siteverify?.stop();
      await db.close();
    },
  };
}
