#!/usr/bin/env node
// The attacks the inquiry limits are for, each replayed against a fresh local backend (PostgREST on
// PGlite with the real migrations and their limits in the table, the real function under Deno with
// Turnstile checked by a siteverify stand-in, a Resend stand-in), with two real visitors arriving in
// the middle of each: one whose Turnstile challenge passed, one without a token (Turnstile blocked
// or not loaded). Each visitor calls as the site's modal does (the insert; the notify call, or past
// a full ceiling the function's verified store) and the text the modal would show is reported.
// Then the scheduled sweep runs as pg_cron would. Per attack: rows stored, emails sent, what each
// visitor saw. Attack addresses are 127.0.1.x-127.0.4.x, the visitors' 127.0.0.x: never the same.
//   npm run bench:inquiries [-- --only array,encoded,forwarded,ceiling,addresses]
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const { startLocalBackend, TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SECRETS } = require('local-supabase');
const { insertAsScript, insertInquiry, notifyTeam, storeVerified, visitorRow } = require('local-supabase/visitor');

const onlyIndex = process.argv.indexOf('--only');
const ONLY = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(',') : null;

/** Runs `count` calls of `one(i)`, `concurrency` at a time; the answers' statuses, counted. */
async function pool(count, concurrency, one) {
  const statuses = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const { status } = await one(i);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

const attackRow = (i) => visitorRow({ message: `${'x'.repeat(4900)} ${i}` });

const ATTACKS = {
  array: {
    what: 'one POST of a JSON array of 200 rows (4,900-character messages), from one address',
    run: (b) =>
      insertAsScript(
        b.url,
        b.anonKey,
        Array.from({ length: 200 }, (_, i) => attackRow(i)),
        { localAddress: '127.0.1.1' },
      ).then(({ status }) => ({ [status]: 1 })),
  },
  encoded: {
    what: '50 POSTs to contact%5Fsubmissions (the percent-encoded path), from one address',
    run: (b) =>
      pool(50, 4, (i) => insertAsScript(b.url, b.anonKey, attackRow(i), { localAddress: '127.0.1.1', path: 'contact%5Fsubmissions' })),
  },
  forwarded: {
    what: '200 POSTs, each with a new first X-Forwarded-For entry, from one real address',
    run: (b) =>
      pool(200, 4, (i) =>
        insertAsScript(b.url, b.anonKey, attackRow(i), {
          localAddress: '127.0.1.1',
          headers: { 'X-Forwarded-For': `198.51.${Math.floor(i / 250)}.${i % 250}` },
        }),
      ),
  },
  ceiling: {
    what:
      'the overall ceiling held: one request per 6 s (100 per 10 minutes) from ever new addresses, ' +
      'replayed within the window (the ceiling counts per window, so the pacing inside it changes nothing)',
    run: (b) => pool(100, 4, (i) => insertAsScript(b.url, b.anonKey, attackRow(i), { localAddress: `127.0.2.${i + 1}` })),
  },
  addresses: {
    what: '600 inquiries from 60 real addresses (10 each, the per-address limit), each followed by its notify call',
    run: (b) =>
      pool(600, 8, async (i) => {
        const row = attackRow(i);
        const address = `127.0.${3 + Math.floor(i / 250)}.${(i % 60) + 1}`;
        const stored = await insertAsScript(b.url, b.anonKey, row, { localAddress: address });
        if (stored.status === 201) await notifyTeam(b.url, b.anonKey, row, address);
        return stored;
      }),
  },
};

/**
 * A real visitor, as the modal calls: the insert; then the notify call, or after PT503 (others
 * filled the ceiling) the verified store where the visitor has a token. The modal's words for it.
 */
async function visitor(b, address, token) {
  const row = visitorRow();
  const insert = await insertInquiry(b.url, b.anonKey, row, address);
  if (insert.status === 201) {
    const notified = await notifyTeam(b.url, b.anonKey, row, address, token);
    return { saw: 'Message Sent!', insert: 201, notify: notified.status };
  }
  const code = JSON.parse(insert.body || '{}').code;
  if (code === 'PT503' && token) {
    const verified = await storeVerified(b.url, b.anonKey, row, token, address);
    const stored = JSON.parse(verified.body || '{}').stored === true;
    return {
      saw: stored ? 'Message Sent! (verified past the ceiling)' : 'the busy text and the mailto: link',
      insert: 503,
      verifiedStore: verified.status,
    };
  }
  if (code === 'PT503') return { saw: 'the busy text and the mailto: link', insert: insert.status };
  if (insert.status === 429) return { saw: 'the rate-limited text (told they sent too many)', insert: 429 };
  return { saw: 'the generic failure text', insert: insert.status };
}

async function replay(name, attack) {
  const backend = await startLocalBackend({ turnstileSecret: TURNSTILE_TEST_SECRETS.alwaysPasses });
  try {
    // Start Deno before the clock: the first call of a cold function is not what is measured.
    await fetch(`${backend.url}/functions/v1/inquiry-notif-resend`, { method: 'OPTIONS' });
    const started = performance.now();
    const attacking = attack.run(backend);
    // The visitors arrive in the middle: after a quarter of a second, and again once the attack is over.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const during = {
      withToken: await visitor(backend, '127.0.0.2', TURNSTILE_DUMMY_TOKEN),
      withoutToken: await visitor(backend, '127.0.0.3'),
    };
    const answers = await attacking;
    const after = {
      withToken: await visitor(backend, '127.0.0.4', TURNSTILE_DUMMY_TOKEN),
      withoutToken: await visitor(backend, '127.0.0.5'),
    };
    const filedMs = performance.now() - started;
    await backend.runSweep();
    await backend.runSweep();
    const alerts = await backend.runAlerts();

    const [counts] = await backend.sql(
      `select count(*)::int as stored,
              count(*) filter (where message like 'xxxx%')::int as fromAttack,
              count(*) filter (where notified_at is null)::int as waiting
         from contact_submissions`,
    );
    const digests = backend.emails.filter((email) => String(email.idempotencyKey).startsWith('digest-')).length;
    return {
      attack: name,
      what: attack.what,
      attackAnswers: answers,
      storedFromAttack: Number(counts.fromattack),
      storedInAll: Number(counts.stored),
      emails: { individual: backend.emails.length - digests, digests },
      waiting: Number(counts.waiting),
      alerts: alerts.map((alert) => alert.cause),
      visitorsDuring: during,
      visitorsAfter: after,
      seconds: Math.round(filedMs / 100) / 10,
    };
  } finally {
    await backend.stop();
  }
}

async function main() {
  const results = [];
  for (const [name, attack] of Object.entries(ATTACKS)) {
    if (ONLY && !ONLY.includes(name)) continue;
    const result = await replay(name, attack);
    results.push(result);
    console.log(JSON.stringify(result, null, 2));
  }
  console.log(
    '\n| attack | rows stored (of the attack) | emails (individual + digest) | visitor with a Turnstile pass saw | visitor without saw |',
  );
  console.log('|---|---|---|---|---|');
  for (const r of results) {
    const saw = (key) => `${r.visitorsDuring[key].saw} / after: ${r.visitorsAfter[key].saw}`;
    console.log(
      `| ${r.attack} | ${r.storedFromAttack} | ${r.emails.individual} + ${r.emails.digests} | ${saw('withToken')} | ${saw('withoutToken')} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
