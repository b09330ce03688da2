// The inquiry jobs, as pg_cron runs them on Supabase: the sweep's SQL queues a call to the notify
// function (URL and service key from Vault), and the call is sent as pg_net would send it; the alert
// job's SQL queues its webhook calls, which are recorded here rather than sent.
import type { PGlite } from '@electric-sql/pglite';
import { replayNetCall, takeNetCalls, type NetCall } from './net';

export interface SweepRun {
  /** The call the database queued (private.request_inquiry_sweep() through net.http_post). */
  call: NetCall;
  status: number;
  body: unknown;
}

/** One alert the job posted (private.send_inquiry_alerts(), the body it gave net.http_post). */
export interface InquiryAlert {
  text: string;
  cause: string;
  count: number;
  since: string | null;
  project: string | null;
}

/**
 * Where the local backend's Vault points the alert webhook: a name that never resolves (the
 * `.invalid` top-level domain), so the calls are only recorded and shown, never sent.
 */
export const LOCAL_ALERT_WEBHOOK = 'https://alerts.local-supabase.invalid/webhook';

export interface Sweep {
  /** One run of the job; a run asked for while one is going shares it. */
  run: () => Promise<SweepRun>;
  /** One run of the alert job: the alerts it posted (none while nothing is wrong, or within the hour). */
  alerts: () => Promise<InquiryAlert[]>;
  /**
   * One run of the promises job (private.keep_inquiry_promises()): its reminder call sent to the
   * function, its "reply overdue" alert recorded.
   */
  promises: () => Promise<InquiryAlert[]>;
  /** One run of the retention job (private.apply_inquiry_retention()), which pg_cron runs daily. */
  retention: () => Promise<void>;
  /** Stops the timer and waits for a run that is going. */
  stop: () => Promise<void>;
}

/** The retention job runs on the timer's first tick and then once a day, as pg_cron runs it daily. */
const RETENTION_EVERY_MS = 24 * 3600 * 1000;

export interface SweepOptions {
  /** The notify function's URL, which the job's call goes to. */
  functionUrl: string;
  /**
   * Runs the sweep, then the alert and promises jobs, this often, as pg_cron runs them every minute,
   * the limit table's pruning on every tick too (pg_cron: every 5 minutes), and the retention job on
   * the first tick and daily (off when absent: callers run them when they mean it).
   */
  intervalMs?: number;
  /** Another minute job, run after the alert job on each tick (the site watch). */
  afterTick?: () => Promise<unknown>;
  onAlert: (alert: InquiryAlert) => void;
  onFailure: (error: unknown) => void;
}

export function sweeper(db: PGlite, { functionUrl, intervalMs, afterTick, onAlert, onFailure }: SweepOptions): Sweep {
  let running: Promise<SweepRun> | null = null;
  const run = (): Promise<SweepRun> => {
    // One at a time, like pg_cron, which never starts a job while its previous run is going.
    running ??= (async () => {
      try {
        // The job's SQL, run as the owner (as pg_cron runs it).
        await db.query('select private.request_inquiry_sweep()');
        const calls = await takeNetCalls(db, functionUrl);
        if (calls.length !== 1) throw new Error(`local backend: the sweep queued ${calls.length} calls, expected 1`);
        const call = calls[0]!;
        return { call, ...(await replayNetCall(call)) };
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const alerts = async (): Promise<InquiryAlert[]> => {
    await db.query('select private.send_inquiry_alerts()');
    const posted = (await takeNetCalls(db, LOCAL_ALERT_WEBHOOK)).map((call) => call.body as InquiryAlert);
    posted.forEach(onAlert);
    return posted;
  };
  const promises = async (): Promise<InquiryAlert[]> => {
    await db.query('select private.keep_inquiry_promises()');
    for (const call of await takeNetCalls(db, functionUrl)) await replayNetCall(call);
    const posted = (await takeNetCalls(db, LOCAL_ALERT_WEBHOOK)).map((call) => call.body as InquiryAlert);
    posted.forEach(onAlert);
    return posted;
  };
  const retention = async (): Promise<void> => {
    await db.query('select private.apply_inquiry_retention()');
  };
  const prune = async (): Promise<void> => {
    await db.query('select private.prune_inquiry_writes()');
  };
  let retentionDue = 0;
  const retentionWhenDue = async () => {
    if (Date.now() < retentionDue) return;
    retentionDue = Date.now() + RETENTION_EVERY_MS;
    await retention();
  };
  // After the sweep, so that its run counts before the alert job asks whether the sweep is silent;
  // the next job runs whatever became of these, as pg_cron's jobs do.
  const tick = () =>
    run()
      .then(alerts)
      .then(promises)
      .catch(onFailure)
      .then(retentionWhenDue)
      .catch(onFailure)
      .then(prune)
      .catch(onFailure)
      .then(() => afterTick?.())
      .catch(onFailure);
  const timer = intervalMs ? setInterval(() => void tick(), intervalMs) : null;
  return {
    run,
    alerts,
    promises,
    retention,
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
