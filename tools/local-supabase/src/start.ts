// Starts the local backend: the database, the stand-ins the edge function calls, the function under
// Deno, and the HTTP gateway in front of them, wired as a Supabase project is.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { withRole, type EmbeddedRole } from 'gatsby-source-supabase-content/embedded-db';
import { INQUIRY_FUNCTION } from '../../../supabase/paths';
import { authStandIn } from './auth';
import { admitLoopbackSite, openDatabase, setVaultSecrets } from './database';
import { edgeFunction, type FunctionProcess } from './edge-function';
import { gateway, type GatewayControls, type LoggedRequest } from './gateway';
import { replayNetCall, takeNetCalls } from './net';
import { DEFAULT_ACTION_TOKEN_KEY, DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET, DEFAULT_SERVICE_KEY, NOTIFY_FROM, NOTIFY_TO } from './options';
import type { BuildHook, LocalBackend, LocalBackendOptions } from './options';
import { PROJECT_SCHEMA } from './project';
import { startResendStandIn } from './resend';
import { runRest, type Failures } from './rest';
import { SITE_API } from './site-api';
import { servePostgres } from './postgres-port';
import { inboxEmail } from './inbox';
import { samplePdf, signedObjects } from './signed-objects';
import { publicObjects, uploadObject } from './storage';
import { runSiteWatch } from './site-watch';
import { startSiteverifyStandIn } from './siteverify';
import { LOCAL_ALERT_WEBHOOK, sweeper, type InquiryAlert } from './sweep';

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
  /** A test's switch: sets one of the controls the gateway and the Data API read at each request. */
  const setControl =
    <K extends keyof typeof controls>(key: K) =>
    (value: (typeof controls)[K]) => {
      controls[key] = value;
    };
  const alerts: InquiryAlert[] = [];
  const objects = publicObjects();
  // The deck the team's "Send the deck" links send (supabase/migrations/20261127000100_inquiry_promises.sql).
  const privateObjects = signedObjects(serviceKey);
  privateObjects.put('investor-deck', 'deck.pdf', samplePdf(), 'application/pdf');
  let url = '';

  // 1. The database, with what the Data API needs to know of it.
  const { db, catalog } = await openDatabase(options.paths ?? PROJECT_SCHEMA, api);
  // 2. Resend, which the edge function sends its emails to, and Turnstile's siteverify where asked for.
  const resend = await startResendStandIn({ onEmail: options.onEmail });
  const siteverify = options.turnstileSecret ? await startSiteverifyStandIn() : null;
  // 3. The edge function under Deno, started when first called (it needs the URL chosen in 4).
  const fn: FunctionProcess = edgeFunction(INQUIRY_FUNCTION, () => ({
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: anonKey,
    SUPABASE_SERVICE_ROLE_KEY: serviceKey,
    RESEND_API_KEY: resend.apiKey,
    RESEND_API_URL: resend.url,
    INQUIRY_NOTIFY_TO: NOTIFY_TO,
    INQUIRY_NOTIFY_FROM: NOTIFY_FROM,
    ACTION_TOKEN_KEY: DEFAULT_ACTION_TOKEN_KEY,
    ...(siteverify && { TURNSTILE_SECRET_KEY: options.turnstileSecret!, TURNSTILE_VERIFY_URL: siteverify.url }),
    ...options.functionEnv,
  }));
  // 3b. Auth: editors' one-time codes go out as emails through the same Resend stand-in.
  const auth = authStandIn({
    db,
    url: () => url,
    jwtSecret: options.jwtSecret ?? DEFAULT_JWT_SECRET,
    jwtExpirySeconds: options.jwtExpirySeconds ?? 3600,
    serviceKey,
    async sendEmail(to, { subject, text, html }) {
      const sent = await fetch(`${resend.url}/emails`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${resend.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ from: NOTIFY_FROM, to: [to], subject, text, html }),
      });
      if (!sent.ok) throw new Error(`local backend: the sign-in email to ${to} was refused (${sent.status})`);
    },
  });
  const sendBuildHookCalls = buildHookSender(db, options.buildHook, options.onBuildHookCall ?? (() => undefined));

  // 4. HTTP, routed as Supabase's gateway routes a project's requests.
  const handle = gateway({
    api,
    roles: new Map<string, EmbeddedRole>([
      [anonKey, 'anon'],
      [serviceKey, 'service_role'],
    ]),
    functionName: INQUIRY_FUNCTION,
    fn,
    objects,
    privateObjects,
    inbox: () => resend.emails.map(inboxEmail),
    auth,
    upload: (who, upload) => uploadObject(db, objects, who, upload),
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
  if (options.siteUrl) await admitLoopbackSite(db);
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
    functionUrl: `${url}/functions/v1/${INQUIRY_FUNCTION}`,
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
    runPromises: sweep.promises,
    privateObjects,
    inbox: () => resend.emails.map(inboxEmail),
    runSiteWatch: watchSite,
    failReads: setControl('reads'),
    failWrites: setControl('writes'),
    hang: setControl('hang'),
    intercept: setControl('intercept'),
    loseAnswer: setControl('loseAnswer'),
    clientAddress: setControl('clientAddress'),
    putPublicObject: (bucket, name, file, contentType) => url + objects.put(bucket, name, file, contentType),
    sql: <T>(query: string, params: unknown[] = []) => withRole(db, 'service_role', async (tx) => (await tx.query<T>(query, params)).rows),
    functionOutput: () => fn.output.join(''),
    startFunction: async () => void (await fn.url()),
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
