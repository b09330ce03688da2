// The inquiry sweep, as pg_cron runs it on Supabase: the job's SQL queues a call to the notify
// function (URL and service key from Vault), and the call is sent as pg_net would send it.
import type { PGlite } from '@electric-sql/pglite';
import { replayNetCall, takeNetCalls, type NetCall } from './net';

export interface SweepRun {
  /** The call the database queued (private.request_inquiry_sweep() through net.http_post). */
  call: NetCall;
  status: number;
  body: unknown;
}

export interface Sweep {
  /** One run of the job; a run asked for while one is going shares it. */
  run: () => Promise<SweepRun>;
  /** Stops the timer and waits for a run that is going. */
  stop: () => Promise<void>;
}

export interface SweepOptions {
  /** The notify function's URL, which the job's call goes to. */
  functionUrl: string;
  /** Runs every so often, as pg_cron does every minute (off when absent: callers run it when they mean it). */
  intervalMs?: number;
  onFailure: (error: unknown) => void;
}

export function sweeper(db: PGlite, { functionUrl, intervalMs, onFailure }: SweepOptions): Sweep {
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
  const timer = intervalMs ? setInterval(() => void run().catch(onFailure), intervalMs) : null;
  return {
    run,
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
