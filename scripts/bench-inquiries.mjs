#!/usr/bin/env node
// The flood the inquiry limits are for, measured against the local backend (PostgREST on PGlite
// with the real migrations and pre-request hook, the real function under Deno, a Resend stand-in):
// one script files 500 inquiries from one address, each followed by its notify call, while five
// visitors on other addresses file one each; then the scheduled sweep runs as pg_cron would.
// Prints what was stored, refused and emailed, and how long it took.
// With --addresses N the flood comes from N addresses in turn (a script posing as many visitors):
// then the overall ceiling and the hourly email cap with its digest are what hold.
//   npm run bench:inquiries [-- --flood 500 --others 5 --concurrency 8 --addresses 1]
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
require('./register-ts.cjs');
const { startLocalBackend } = require('local-supabase');
const { insertInquiry, notifyTeam, visitorRow } = require('local-supabase/visitor');

function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const FLOOD = flag('flood', 500);
const OTHERS = flag('others', 5);
const CONCURRENCY = flag('concurrency', 8);
const ADDRESSES = flag('addresses', 1);
// The flood's addresses are 127.0.1.x, the other visitors' 127.0.0.x: never the same.
const floodAddress = (n) => `127.0.1.${(n % ADDRESSES) + 1}`;

/** One visitor's two calls: the insert, then (only if stored) the notify call. */
async function file(backend, address, tally) {
  const row = visitorRow();
  const stored = await insertInquiry(backend.url, backend.anonKey, row, address);
  tally.insert[stored.status] = (tally.insert[stored.status] ?? 0) + 1;
  if (stored.status !== 201) return;
  const notified = await notifyTeam(backend.url, backend.anonKey, row, address);
  tally.notify[notified.status] = (tally.notify[notified.status] ?? 0) + 1;
}

async function main() {
  const backend = await startLocalBackend();
  try {
    // Start Deno before the clock: the first call of a cold function is not what is measured.
    await fetch(`${backend.url}/functions/v1/inquiry-notif-resend`, { method: 'OPTIONS' });

    const flood = { insert: {}, notify: {} };
    const others = { insert: {}, notify: {} };
    const started = performance.now();
    let next = 0;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (next < FLOOD) {
        next += 1;
        await file(backend, floodAddress(next), flood);
      }
    });
    // The other visitors arrive in the middle of the flood.
    const visitors = Array.from({ length: OTHERS }, (_, index) =>
      new Promise((resolve) => setTimeout(resolve, 200 * (index + 1))).then(() => file(backend, `127.0.0.${index + 2}`, others)),
    );
    await Promise.all([...workers, ...visitors]);
    const filedMs = performance.now() - started;

    const sweeps = [await backend.runSweep(), await backend.runSweep()];
    const totalMs = performance.now() - started;

    /** @type {Array<{ stored: number; emailed: number; digested: number; waiting: number }>} */
    const [counts] = await backend.sql(
      `select count(*)::int as stored,
              count(*) filter (where notify_channel = 'email' and notified_at is not null)::int as emailed,
              count(*) filter (where notify_channel = 'digest' and notified_at is not null)::int as digested,
              count(*) filter (where notified_at is null)::int as waiting
         from contact_submissions`,
    );
    const digests = backend.emails.filter((email) => String(email.idempotencyKey).startsWith('digest-')).length;
    const result = {
      filed: { flood: FLOOD, floodAddresses: ADDRESSES, fromOthers: OTHERS, concurrency: CONCURRENCY },
      stored: counts.stored,
      storedFromFlood: flood.insert[201] ?? 0,
      storedFromOthers: others.insert[201] ?? 0,
      refused429: (flood.insert[429] ?? 0) + (others.insert[429] ?? 0),
      insertAnswers: { flood: flood.insert, others: others.insert },
      notifyAnswers: { flood: flood.notify, others: others.notify },
      sweeps: sweeps.map((run) => run.body),
      emails: { total: backend.emails.length, individual: backend.emails.length - digests, digests },
      inquiriesEmailedAlone: counts.emailed,
      inquiriesInDigest: counts.digested,
      inquiriesWaiting: counts.waiting,
      timeMs: { filing: Math.round(filedMs), withSweeps: Math.round(totalMs) },
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(
      `bench-inquiries: ${FLOOD} from ${ADDRESSES} address(es) + ${OTHERS} others filed in ${(filedMs / 1000).toFixed(1)} s: ` +
        `${result.stored} stored (${result.storedFromFlood} of the flood, ${result.storedFromOthers} of ${OTHERS} others), ` +
        `${result.refused429} refused with 429, ${result.emails.total} emails ` +
        `(${result.emails.individual} individual, ${result.emails.digests} digest), ${result.inquiriesWaiting} waiting`,
    );
  } finally {
    await backend.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
