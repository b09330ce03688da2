// The inquiry delivery in the database, on any engine: exclusive claims, retries and the failed
// state, the hourly and daily caps and the digest, and who may call what. Run on PGlite and on
// PostgreSQL 15 with pg_cron, with the limits (inquiry-limits.ts) and the alerts (inquiry-alerts.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SUPABASE_PATHS, sqlState } from '../../support/database';

export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** A script of several statements, as a migration file is. */
  exec(sql: string): Promise<unknown>;
}

export interface InquiryDatabase {
  /** The owner's connection (postgres), as migrations and the SQL editor run. */
  owner: SqlClient;
  /** Another connection to the same database, where the engine has more than one. */
  second(): Promise<SqlClient>;
}

/** The migrations of the inquiry work, in name order. */
export async function inquiryMigrations(): Promise<string[]> {
  const names = (await readdir(SUPABASE_PATHS.migrations)).filter((name) => name >= '20261124001000' && name.endsWith('.sql')).sort();
  return Promise.all(names.map((name) => readFile(path.join(SUPABASE_PATHS.migrations, name), 'utf8')));
}

export interface Request {
  role: 'anon' | 'authenticated' | 'service_role';
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * One Data API request the way PostgREST runs it: a transaction, the role switched, the request
 * settings set for the transaction, the pre-request function configured on `authenticator` called
 * (where one is), then the statement. The SQLSTATE when refused.
 */
export async function asPostgrest(client: SqlClient, request: Request, statement: string, params: unknown[] = []): Promise<string | null> {
  const { rows } = await client.query<{ name: string }>(
    `select split_part(setting, '=', 2) as name from pg_catalog.pg_roles as r, unnest(r.rolconfig) as setting
      where r.rolname = 'authenticator' and setting like 'pgrst.db_pre_request=%'`,
  );
  const preRequest = rows[0]?.name;
  await client.query('begin');
  try {
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
              set_config('request.path', $4, true), set_config('request.headers', $5, true)`,
      [request.role, JSON.stringify({ role: request.role }), request.method, request.path, JSON.stringify(request.headers)],
    );
    if (preRequest) await client.query(`select ${preRequest}()`);
    await client.query(statement, params);
    await client.query('commit');
    return null;
  } catch (error) {
    await client.query('rollback');
    return sqlState(error) ?? String(error);
  }
}

/** `count` inquiries stored by the owner (no limit applies), `minutesAgo` old, oldest first. */
export async function pending(client: SqlClient, count: number, minutesAgo = 5): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into public.contact_submissions (name, email, message, type, created_at)
     select 'Row ' || n, 'row' || n || '@example.com', 'Message ' || n, 'contact',
            now() - make_interval(mins => $2) + make_interval(secs => n)
     from generate_series(1, $1::int) as n returning id`,
    [count, minutesAgo],
  );
  return rows.map((row) => row.id);
}

export const call = async <T>(client: SqlClient, sql: string, params: unknown[] = []): Promise<T> =>
  (await client.query<{ result: T }>(`select ${sql} as result`, params)).rows[0]!.result;

/** Each test starts with no inquiries and no writes counted against the per-address limit. */
export function startEachTestWithNoInquiries(owner: () => SqlClient): void {
  beforeEach(async () => {
    await owner().query('delete from public.contact_submissions');
    await owner().query('delete from private.inquiry_writes');
  });
}

export type Batch = { claim: string | null; rows: Array<{ id: string }> };

export function describeInquiryDatabase(database: () => InquiryDatabase): void {
  const owner = () => database().owner;

  startEachTestWithNoInquiries(owner);

  describe('claims', () => {
    test('two sweeps claiming at once take disjoint rows, each row once', async () => {
      const ids = await pending(owner(), 8);
      await owner().query('update private.inquiry_limits set sweep_batch = 5');
      try {
        const other = await database().second();
        const [a, b] = await Promise.all([
          call<Batch>(owner(), 'public.inquiry_notify_claim_batch()'),
          call<Batch>(other, 'public.inquiry_notify_claim_batch()'),
        ]);
        const claimed = [...a.rows, ...b.rows].map((row) => row.id);
        expect(new Set(claimed).size).toBe(claimed.length);
        expect(claimed.sort()).toEqual([...ids].sort());
        expect(a.claim).not.toBe(b.claim);
        // Held: a third sweep and the fast path find nothing to take.
        expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()')).rows).toEqual([]);
        expect(await call(owner(), 'public.inquiry_notify_claim_one($1, 900)', [ids[0]])).toEqual({ outcome: 'busy' });
      } finally {
        await owner().query('update private.inquiry_limits set sweep_batch = 10');
      }
    });

    test('a report with another claim token changes nothing; an expired lease is taken again', async () => {
      const [id] = await pending(owner(), 1);
      const first = await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()');
      expect(await call(owner(), 'public.inquiry_notify_sent(gen_random_uuid(), $1::uuid[])', [[id]])).toBe(0);
      await owner().query(`update public.contact_submissions set notify_lease_until = now() - interval '1 second'`);
      const second = await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()');
      expect(second.rows.map((row) => row.id)).toEqual([id]);
      expect(await call(owner(), 'public.inquiry_notify_sent($1, $2::uuid[])', [first.claim, [id]])).toBe(0);
      expect(await call(owner(), 'public.inquiry_notify_sent($1, $2::uuid[])', [second.claim, [id]])).toBe(1);
    });
  });

  describe('retries and the failed state', () => {
    test('each failure waits longer; after a day of failures the row is failed and listed', async () => {
      const [id] = await pending(owner(), 1, 60);
      const waits: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const batch = await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()');
        expect(batch.rows.map((row) => row.id)).toEqual([id]);
        await call(owner(), `public.inquiry_notify_failed($1, $2::uuid[], 'resend:503', null)`, [batch.claim, [id]]);
        const { rows } = await owner().query<{ wait: number }>(
          `select round(extract(epoch from notify_next_at - now()) / 60)::int as wait from public.contact_submissions`,
        );
        waits.push(rows[0]!.wait);
        expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()')).rows).toEqual([]);
        await owner().query('update public.contact_submissions set notify_next_at = now()');
      }
      expect(waits).toEqual([1, 2, 4, 8]);

      const retryAfter = await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()');
      await call(owner(), `public.inquiry_notify_failed($1, $2::uuid[], 'resend:429', 3600)`, [retryAfter.claim, [id]]);
      const { rows: waited } = await owner().query<{ wait: number }>(
        `select round(extract(epoch from notify_next_at - now()) / 60)::int as wait from public.contact_submissions`,
      );
      expect(waited[0]?.wait).toBe(60);

      await owner().query(
        `update public.contact_submissions set notify_next_at = now(), notify_failing_since = now() - interval '25 hours'`,
      );
      const last = await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()');
      await call(owner(), `public.inquiry_notify_failed($1, $2::uuid[], 'resend:500', null)`, [last.claim, [id]]);
      const { rows: failed } = await owner().query<{ id: string; attempts: number; last_error: string }>(
        'select id, attempts, last_error from private.failed_inquiries',
      );
      expect(failed).toEqual([{ id, attempts: 6, last_error: 'resend:500' }]);
      await owner().query('update public.contact_submissions set notify_next_at = now()');
      expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()')).rows).toEqual([]);
      expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_digest()')).rows).toEqual([]);
    });
  });

  describe('the hourly and daily caps and the digest', () => {
    test('20 individual emails an hour; the rest waits for one digest an hour', async () => {
      const ids = await pending(owner(), 25);
      const sent: string[] = [];
      for (;;) {
        const batch = await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()');
        if (batch.rows.length === 0) break;
        sent.push(...batch.rows.map((row) => row.id));
        await call(owner(), 'public.inquiry_notify_sent($1, $2::uuid[])', [batch.claim, batch.rows.map((row) => row.id)]);
      }
      expect(sent).toEqual(ids.slice(0, 20));
      expect(await call(owner(), 'public.inquiry_notify_claim_one($1, 900)', [ids[24]])).toEqual({ outcome: 'capped' });

      const digest = await call<Batch>(owner(), 'public.inquiry_notify_claim_digest()');
      expect(digest.rows.map((row) => row.id)).toEqual(ids.slice(20));
      expect(await call(owner(), 'public.inquiry_notify_sent($1, $2::uuid[])', [digest.claim, ids.slice(20)])).toBe(5);

      const [late] = await pending(owner(), 1, 0);
      expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_digest()')).rows).toEqual([]);
      // An hour later the digest is due again.
      await owner().query(
        `update public.contact_submissions set notified_at = notified_at - interval '61 minutes' where notify_channel = 'digest'`,
      );
      expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_digest()')).rows.map((row) => row.id)).toEqual([late]);
    });

    test('50 individual emails in any 24 hours; beyond, the digest, which no cap holds back', async () => {
      // 45 emails went out two to three hours ago: the hour has room, the day 5 more.
      await owner().query(
        `insert into public.contact_submissions (name, email, message, type, created_at, notified_at, notify_channel)
         select 'Earlier ' || n, 'earlier' || n || '@example.com', 'Hi', 'contact', now() - interval '3 hours',
                now() - interval '2 hours' - make_interval(secs => n), 'email'
         from generate_series(1, 45) as n`,
      );
      const ids = await pending(owner(), 8);
      const batch = await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()');
      expect(batch.rows.map((row) => row.id)).toEqual(ids.slice(0, 5));
      await call(owner(), 'public.inquiry_notify_sent($1, $2::uuid[])', [batch.claim, ids.slice(0, 5)]);
      expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()')).rows).toEqual([]);
      expect(await call(owner(), 'public.inquiry_notify_claim_one($1, 900)', [ids[7]])).toEqual({ outcome: 'capped' });
      const digest = await call<Batch>(owner(), 'public.inquiry_notify_claim_digest()');
      expect(digest.rows.map((row) => row.id)).toEqual(ids.slice(5));

      // A day after the earlier ones, individual emails go out again.
      await call(owner(), 'public.inquiry_notify_release($1, $2::uuid[])', [digest.claim, ids.slice(5)]);
      await owner().query(
        `update public.contact_submissions set notified_at = notified_at - interval '22 hours' where name like 'Earlier %'`,
      );
      expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()')).rows.map((row) => row.id)).toEqual(ids.slice(5));
    });

    test('a digest lists every waiting inquiry, digest_batch at a time, oldest first', async () => {
      await owner().query('update private.inquiry_limits set emails_per_hour = 0, digest_batch = 4');
      try {
        const ids = await pending(owner(), 10);
        const listed: string[] = [];
        for (let round = 0; round < 3; round++) {
          const digest = await call<Batch>(owner(), 'public.inquiry_notify_claim_digest()');
          listed.push(...digest.rows.map((row) => row.id));
          await call(owner(), 'public.inquiry_notify_sent($1, $2::uuid[])', [digest.claim, digest.rows.map((row) => row.id)]);
          // The next digest's turn.
          await owner().query(
            `update public.contact_submissions set notified_at = notified_at - interval '61 minutes' where notify_channel = 'digest'`,
          );
        }
        expect(listed).toEqual(ids);
      } finally {
        await owner().query('update private.inquiry_limits set emails_per_hour = 20, digest_batch = 500');
      }
    });

    test("each sweep's claim records its run, and whether it ran with Turnstile", async () => {
      await owner().query('update private.inquiry_sweep set last_run_at = null, runs = 0, verified_only = false');
      await call(owner(), 'public.inquiry_notify_claim_batch(true)');
      const { rows } = await owner().query(
        `select runs::int as runs, verified_only, last_run_at > now() - interval '1 minute' as recent from private.inquiry_sweep`,
      );
      expect(rows).toEqual([{ runs: 1, verified_only: true, recent: true }]);
    });

    test('no digest while the cap has room; digest-only rows go to it at any time', async () => {
      const [ordinary, digestOnly] = await pending(owner(), 2);
      await owner().query('update public.contact_submissions set notify_digest_only = true where id = $1', [digestOnly]);
      const digest = await call<Batch>(owner(), 'public.inquiry_notify_claim_digest()');
      expect(digest.rows.map((row) => row.id)).toEqual([digestOnly]);
      expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()')).rows.map((row) => row.id)).toEqual([ordinary]);
    });
  });

  describe('who may call what', () => {
    // The edge function's, with the service key.
    const SERVICE_FUNCTIONS = [
      'public.inquiry_notify_claim_one(gen_random_uuid(), 900)',
      'public.inquiry_notify_claim_batch()',
      'public.inquiry_notify_claim_digest()',
      `public.inquiry_notify_sent(gen_random_uuid(), '{}')`,
      `public.inquiry_notify_failed(gen_random_uuid(), '{}', 'x', null)`,
      `public.inquiry_notify_release(gen_random_uuid(), '{}')`,
      `public.inquiry_store_verified(gen_random_uuid(), 'Ayu', 'ayu@example.com', null, 'Hello', 'contact', '{}')`,
    ];
    // The scheduled jobs' and the operator's: the owner only.
    const OWNER_FUNCTIONS = [
      'private.request_inquiry_sweep()',
      'private.send_inquiry_alerts()',
      'private.inquiry_alert_conditions()',
      'private.overdue_inquiries()',
      // The limit table's pruning and its keyed hash (20261129000100_visitor_data_scope.sql).
      'private.prune_inquiry_writes()',
      'private.inquiry_writes_kept()',
      `private.personal_data_hash('ayu@example.com')`,
      // A person's requests (20261127000200_personal_data.sql and 20261129000100_visitor_data_scope.sql).
      'private.personal_data_tables()',
      'private.personal_data_address_columns()',
      `private.personal_data_export('ayu@example.com')`,
      `private.personal_data_erase('ayu@example.com')`,
      // The team's record and its helpers (20261129001000_team_inbox.sql): its public functions are
      // a team member's (tests/database/editors-permissions.test.ts).
      `private.team_record('export', 'nothing', null, null)`,
      `private.team_inquiry('x')`,
      'private.team_member_email()',
    ];

    async function as(role: string, sql: string): Promise<string | null> {
      await owner().query('begin');
      try {
        await owner().query(`set local role ${role}`);
        await owner().query(sql);
        return null;
      } catch (error) {
        return sqlState(error) ?? String(error);
      } finally {
        await owner().query('rollback');
      }
    }

    test.each(['anon', 'authenticated'])('%s can call none of the claim functions nor read the delivery state', async (role) => {
      for (const fn of [...SERVICE_FUNCTIONS, ...OWNER_FUNCTIONS]) expect([fn, await as(role, `select ${fn}`)]).toEqual([fn, '42501']);
      for (const column of ['notify_attempts', 'notify_last_error', 'notify_next_at', 'notified_at']) {
        expect(await as(role, `select ${column} from public.contact_submissions`)).toBe('42501');
      }
      const relations = [
        'private.inquiry_notifications',
        'private.failed_inquiries',
        'private.inquiry_writes',
        'private.personal_data_holders',
        'private.inquiry_limits',
        'private.inquiry_sweep',
        'private.inquiry_alerts',
        'private.team_actions',
      ];
      for (const relation of relations) {
        expect(await as(role, `select * from ${relation}`)).toBe('42501');
      }
      const pretendDigestOnly = `insert into public.contact_submissions (name, email, message, type, notify_digest_only)
        values ('a', 'a@b.co', 'm', 'contact', true)`;
      expect(await as(role, pretendDigestOnly)).toBe('42501');
    });

    test('the service role calls the claim functions and the verified store, never the jobs', async () => {
      for (const fn of SERVICE_FUNCTIONS) expect([fn, await as('service_role', `select ${fn}`)]).toEqual([fn, null]);
      for (const fn of OWNER_FUNCTIONS) expect([fn, await as('service_role', `select ${fn}`)]).toEqual([fn, '42501']);
    });
  });

  test('the inquiry migrations apply again without error or change', async () => {
    const snapshot = async () => ({
      limits: (await owner().query('select * from private.inquiry_limits')).rows,
      preRequest: (await owner().query(`select rolconfig from pg_catalog.pg_roles where rolname = 'authenticator'`)).rows,
      functions: (
        await owner().query(`select p.oid::regprocedure::text as fn, p.proacl::text as acl
          from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
          where p.proname like 'inquiry%' or n.nspname = 'private' order by 1`)
      ).rows,
    });
    const before = await snapshot();
    for (const sql of await inquiryMigrations()) await owner().exec(sql);
    expect(await snapshot()).toEqual(before);
  });
}
