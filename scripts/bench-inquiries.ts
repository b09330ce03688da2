// The attacks the inquiry limits are for, each replayed against a fresh local backend (PostgREST on
// PGlite with the real migrations and their limits in the table, the real function under Deno with
// Turnstile checked by a siteverify stand-in, a Resend stand-in), with two real visitors arriving in
// the middle of each: one whose Turnstile challenge passed, one without a token (Turnstile blocked
// or not loaded). Each visitor calls as the site's modal does (the insert; the notify call, or past
// a full ceiling the function's verified store) and the text the modal would show is reported.
// Then the scheduled sweep runs as pg_cron would. Per attack: rows stored, emails sent, how much the
// table grew, what each visitor saw. Attack addresses are 127.0.1.x-127.0.4.x and IPv6 networks
// under 2001:db8::/32, the visitors' 127.0.0.x: never the same.
//   npm run bench:inquiries [-- --only array,largeArray,encoded,forwarded,ceiling,addresses,ipv6]
import { performance } from 'node:perf_hooks';
import { startLocalBackend, TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SECRETS, type LocalBackend } from 'local-supabase';
import { insertAsScript, insertInquiry, notifyTeam, storeVerified, visitorRow, type Answer } from 'local-supabase/visitor';
import { INQUIRY_FUNCTION } from '../supabase/paths';

type Statuses = Record<number, number>;

interface Attack {
  what: string;
  run(backend: LocalBackend): Promise<Statuses>;
}

/** The header the bench names an attacker's IPv6 address in, which this machine cannot connect from. */
const CLIENT_HEADER = 'x-bench-client-address';

const onlyIndex = process.argv.indexOf('--only');
const ONLY = onlyIndex > 0 ? (process.argv[onlyIndex + 1] ?? '').split(',') : null;

/** Runs `count` calls of `one(i)`, `concurrency` at a time; the answers' statuses, counted. */
async function pool(count: number, concurrency: number, one: (i: number) => Promise<Answer>): Promise<Statuses> {
  const statuses: Statuses = {};
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

const attackRow = (i: number, length = 4900) => visitorRow({ message: `${'x'.repeat(length)} ${i}` });
const once = (answer: Promise<Answer>) => answer.then(({ status }) => ({ [status]: 1 }));

const ATTACKS: Record<string, Attack> = {
  array: {
    what: 'one POST of a JSON array of 200 rows (4,900-character messages), from one address',
    run: (b) =>
      once(
        insertAsScript(
          b.url,
          b.anonKey,
          Array.from({ length: 200 }, (_, i) => attackRow(i)),
          { localAddress: '127.0.1.1' },
        ),
      ),
  },
  largeArray: {
    what: 'one POST of a JSON array of 5,000 rows (2 KB messages), from one address',
    run: (b) =>
      once(
        insertAsScript(
          b.url,
          b.anonKey,
          Array.from({ length: 5000 }, (_, i) => attackRow(i, 2040)),
          { localAddress: '127.0.1.1' },
        ),
      ),
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
  ipv6: {
    what: '600 inquiries from 60 /64s of one IPv6 /48 (10 from each /64, the per-address limit)',
    run: (b) => {
      b.clientAddress((headers) => {
        const named = headers[CLIENT_HEADER];
        return typeof named === 'string' ? named : undefined;
      });
      return pool(600, 8, (i) =>
        insertAsScript(b.url, b.anonKey, attackRow(i), {
          localAddress: '127.0.1.1',
          headers: { [CLIENT_HEADER]: `2001:db8:42:${((i % 60) + 1).toString(16)}::${Math.floor(i / 60) + 1}` },
        }),
      );
    },
  },
};

interface VisitorOutcome {
  saw: string;
  insert: number;
  notify?: number;
  verifiedStore?: number;
}

const codeOf = (answer: Answer): unknown => (JSON.parse(answer.body || '{}') as { code?: unknown }).code;

/**
 * A real visitor, as the modal calls: the insert; then the notify call, or after PT503 (others
 * filled the ceiling) the verified store where the visitor has a token. The modal's words for it.
 */
async function visitor(b: LocalBackend, address: string, token?: string): Promise<VisitorOutcome> {
  const row = visitorRow();
  const insert = await insertInquiry(b.url, b.anonKey, row, address);
  if (insert.status === 201) {
    const notified = await notifyTeam(b.url, b.anonKey, row, address, token);
    return { saw: 'Message Sent!', insert: 201, notify: notified.status };
  }
  const code = codeOf(insert);
  if (code === 'PT503' && token) {
    const verified = await storeVerified(b.url, b.anonKey, row, token, address);
    const stored = (JSON.parse(verified.body || '{}') as { stored?: unknown }).stored === true;
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

const tableBytes = async (b: LocalBackend) =>
  Number((await b.sql<{ bytes: string }>(`select pg_total_relation_size('public.contact_submissions')::text as bytes`))[0]?.bytes);

async function replay(name: string, attack: Attack) {
  const backend = await startLocalBackend({ turnstileSecret: TURNSTILE_TEST_SECRETS.alwaysPasses });
  try {
    // Start Deno before the clock: the first call of a cold function is not what is measured.
    await fetch(`${backend.url}/functions/v1/${INQUIRY_FUNCTION}`, { method: 'OPTIONS' });
    const bytesBefore = await tableBytes(backend);
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
    const tableGrewBy = (await tableBytes(backend)) - bytesBefore;
    await backend.runSweep();
    await backend.runSweep();
    const alerts = await backend.runAlerts();

    const [counts] = await backend.sql<{ stored: number; fromattack: number; waiting: number }>(
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
      storedFromAttack: Number(counts?.fromattack),
      storedInAll: Number(counts?.stored),
      tableGrewByKB: Math.round(tableGrewBy / 1024),
      emails: { individual: backend.emails.length - digests, digests },
      waiting: Number(counts?.waiting),
      alerts: alerts.map((alert) => alert.cause),
      visitorsDuring: during,
      visitorsAfter: after,
      seconds: Math.round(filedMs / 100) / 10,
    };
  } finally {
    await backend.stop();
  }
}

async function main(): Promise<void> {
  const results: Array<Awaited<ReturnType<typeof replay>>> = [];
  for (const [name, attack] of Object.entries(ATTACKS)) {
    if (ONLY && !ONLY.includes(name)) continue;
    const result = await replay(name, attack);
    results.push(result);
    console.log(JSON.stringify(result, null, 2));
  }
  console.log(
    '\n| attack | rows stored (of the attack) | table grew by | emails (individual + digest) | visitor with a Turnstile pass saw | visitor without saw |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of results) {
    const saw = (key: 'withToken' | 'withoutToken') => `${r.visitorsDuring[key].saw} / after: ${r.visitorsAfter[key].saw}`;
    console.log(
      `| ${r.attack} | ${r.storedFromAttack} | ${r.tableGrewByKB} KB | ${r.emails.individual} + ${r.emails.digests} | ${saw('withToken')} | ${saw('withoutToken')} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
