// The inquiry delivery and flood limits in the database, on any engine: the per-address limit as
// PostgREST runs its pre-request hook, exclusive claims, retries and the failed state, the hourly
// cap and the digest, and who may call what. Run on PGlite and on PostgreSQL 15 with pg_cron.
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

interface Request {
  role: 'anon' | 'authenticated' | 'service_role';
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * One Data API request the way PostgREST runs it: a transaction, the role switched, the request
 * settings set for the transaction, the pre-request function configured on `authenticator` called,
 * then the statement. The SQLSTATE when refused.
 */
export async function asPostgrest(client: SqlClient, request: Request, statement: string, params: unknown[] = []): Promise<string | null> {
  const { rows } = await client.query<{ name: string }>(
    `select split_part(setting, '=', 2) as name from pg_catalog.pg_roles as r, unnest(r.rolconfig) as setting
      where r.rolname = 'authenticator' and setting like 'pgrst.db_pre_request=%'`,
  );
  const preRequest = rows[0]?.name;
  if (!preRequest) throw new Error('no pgrst.db_pre_request on authenticator');
  await client.query('begin');
  try {
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
              set_config('request.path', $4, true), set_config('request.headers', $5, true)`,
      [request.role, JSON.stringify({ role: request.role }), request.method, request.path, JSON.stringify(request.headers)],
    );
    await client.query(`select ${preRequest}()`);
    await client.query(statement, params);
    await client.query('commit');
    return null;
  } catch (error) {
    await client.query('rollback');
    return sqlState(error) ?? String(error);
  }
}

let counter = 0;
const INSERT = `insert into public.contact_submissions (id, name, email, company, message, type)
  values (gen_random_uuid(), $1, $2, null, 'Hello', 'contact')`;

function visitorInsert(client: SqlClient, forwardedFor: string | null, role: Request['role'] = 'anon'): Promise<string | null> {
  counter += 1;
  const headers: Record<string, string> = { 'content-type': 'application/json', prefer: 'return=minimal' };
  if (forwardedFor !== null) headers['x-forwarded-for'] = forwardedFor;
  const request = { role, method: 'POST', path: '/contact_submissions', headers };
  return asPostgrest(client, request, INSERT, [`Visitor ${counter}`, `v${counter}@example.com`]);
}

async function pending(client: SqlClient, count: number, minutesAgo = 5): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into public.contact_submissions (name, email, message, type, created_at)
     select 'Row ' || n, 'row' || n || '@example.com', 'Message ' || n, 'contact',
            now() - make_interval(mins => $2) + make_interval(secs => n)
     from generate_series(1, $1::int) as n returning id`,
    [count, minutesAgo],
  );
  return rows.map((row) => row.id);
}

const call = async <T>(client: SqlClient, sql: string, params: unknown[] = []): Promise<T> =>
  (await client.query<{ result: T }>(`select ${sql} as result`, params)).rows[0]!.result;

type Batch = { claim: string | null; rows: Array<{ id: string }> };

export function describeInquiryDatabase(database: () => InquiryDatabase): void {
  const owner = () => database().owner;

  beforeEach(async () => {
    await owner().query('delete from public.contact_submissions');
    await owner().query('delete from private.inquiry_writes');
  });

  describe('the per-address limit (db_pre_request, as PostgREST runs it)', () => {
    test('40 inserts from one address let 10 through, refused with PT429 beyond, while another address still gets in', async () => {
      const outcomes: Array<string | null> = [];
      for (let i = 0; i < 40; i++) outcomes.push(await visitorInsert(owner(), '203.0.113.7'));
      expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(10);
      expect(outcomes.slice(0, 10)).toEqual(Array(10).fill(null));
      expect(new Set(outcomes.slice(10))).toEqual(new Set(['PT429']));
      expect(await visitorInsert(owner(), '198.51.100.2')).toBeNull();
      const { rows } = await owner().query<{ n: number }>('select count(*)::int as n from public.contact_submissions');
      expect(rows[0]?.n).toBe(11);
    });

    test('the address is the first entry of X-Forwarded-For; IPv6 counts per /64', async () => {
      for (let i = 0; i < 10; i++) expect(await visitorInsert(owner(), `203.0.113.9, 10.0.0.${i}`)).toBeNull();
      expect(await visitorInsert(owner(), '203.0.113.9')).toBe('PT429');
      for (let i = 0; i < 10; i++) expect(await visitorInsert(owner(), `2001:db8:1:2::${i + 1}`)).toBeNull();
      expect(await visitorInsert(owner(), '2001:db8:1:2:ffff::1')).toBe('PT429');
      expect(await visitorInsert(owner(), '2001:db8:1:3::1')).toBeNull();
    });

    test('without the header, or with one that is not an address, requests share one bucket', async () => {
      for (let i = 0; i < 5; i++) expect(await visitorInsert(owner(), null)).toBeNull();
      for (let i = 0; i < 5; i++) expect(await visitorInsert(owner(), `not-an-address-${i}`)).toBeNull();
      expect(await visitorInsert(owner(), null)).toBe('PT429');
      expect(await visitorInsert(owner(), 'garbage')).toBe('PT429');
    });

    test('counts only inserts that stand, never limits the service role, and never counts reads', async () => {
      for (let i = 0; i < 12; i++) expect(await visitorInsert(owner(), '192.0.2.1', 'service_role')).toBeNull();
      const failedInsert = await asPostgrest(
        owner(),
        { role: 'anon', method: 'POST', path: '/contact_submissions', headers: { 'x-forwarded-for': '192.0.2.1' } },
        `insert into public.contact_submissions (name, email, message, type) values ('A', 'not an address', 'Hi', 'contact')`,
      );
      expect(failedInsert).toBe('23514');
      const read = await asPostgrest(
        owner(),
        { role: 'anon', method: 'HEAD', path: '/contact_submissions', headers: { 'x-forwarded-for': '192.0.2.1' } },
        'select count(id) from public.contact_submissions',
      );
      expect(read).toBeNull();
      for (let i = 0; i < 10; i++) expect(await visitorInsert(owner(), '192.0.2.1')).toBeNull();
      expect(await visitorInsert(owner(), '192.0.2.1')).toBe('PT429');
    });

    test('an overall ceiling holds against addresses made up by the client', async () => {
      await owner().query('update private.inquiry_limits set inserts_overall = 15');
      try {
        const outcomes: Array<string | null> = [];
        for (let i = 0; i < 20; i++) outcomes.push(await visitorInsert(owner(), `198.51.100.${i + 1}`));
        expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(15);
      } finally {
        await owner().query('update private.inquiry_limits set inserts_overall = 100');
      }
    });
  });

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

  describe('the hourly cap and the digest', () => {
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

    test('no digest while the cap has room; digest-only rows go to it at any time', async () => {
      const [ordinary, digestOnly] = await pending(owner(), 2);
      await owner().query('update public.contact_submissions set notify_digest_only = true where id = $1', [digestOnly]);
      const digest = await call<Batch>(owner(), 'public.inquiry_notify_claim_digest()');
      expect(digest.rows.map((row) => row.id)).toEqual([digestOnly]);
      expect((await call<Batch>(owner(), 'public.inquiry_notify_claim_batch()')).rows.map((row) => row.id)).toEqual([ordinary]);
    });
  });

  describe('who may call what', () => {
    const FUNCTIONS = [
      'public.inquiry_notify_claim_one(gen_random_uuid(), 900)',
      'public.inquiry_notify_claim_batch()',
      'public.inquiry_notify_claim_digest()',
      `public.inquiry_notify_sent(gen_random_uuid(), '{}')`,
      `public.inquiry_notify_failed(gen_random_uuid(), '{}', 'x', null)`,
      `public.inquiry_notify_release(gen_random_uuid(), '{}')`,
      'private.request_inquiry_sweep()',
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
      for (const fn of FUNCTIONS) expect([fn, await as(role, `select ${fn}`)]).toEqual([fn, '42501']);
      for (const column of ['notify_attempts', 'notify_last_error', 'notify_next_at', 'notified_at']) {
        expect(await as(role, `select ${column} from public.contact_submissions`)).toBe('42501');
      }
      const relations = ['private.inquiry_notifications', 'private.failed_inquiries', 'private.inquiry_writes', 'private.inquiry_limits'];
      for (const relation of relations) {
        expect(await as(role, `select * from ${relation}`)).toBe('42501');
      }
      const pretendDigestOnly = `insert into public.contact_submissions (name, email, message, type, notify_digest_only)
        values ('a', 'a@b.co', 'm', 'contact', true)`;
      expect(await as(role, pretendDigestOnly)).toBe('42501');
    });

    test('the service role calls the claim functions, never the job', async () => {
      for (const fn of FUNCTIONS.slice(0, 6)) expect(await as('service_role', `select ${fn}`)).toBeNull();
      expect(await as('service_role', 'select private.request_inquiry_sweep()')).toBe('42501');
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
