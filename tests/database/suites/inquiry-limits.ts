// The limits on visitors' inquiries, enforced by contact_submissions itself, replayed as PostgREST
// runs requests (role, request settings, the configured pre-request function if any, the
// statement): the attacks that walked around the old pre-request hook, the address the edge sets,
// per email, the backlog, the overall ceiling (refused as "not your doing") and the Turnstile path
// past it. Run on PGlite and on PostgreSQL 15 with pg_cron.
import { visitorRow } from 'local-supabase/visitor';
import { asPostgrest, call, startEachTestWithNoInquiries, pending, type InquiryDatabase, type Request, type SqlClient } from './inquiries';

// PostgREST's own insert for `POST /contact_submissions` with a JSON body, one row or an array.
const POSTGREST_INSERT = `insert into public.contact_submissions (id, name, email, company, message, type)
  select id, name, email, company, message, type from json_populate_recordset(null::public.contact_submissions, $1::json)`;

/** What reaches PostgREST on Supabase: Cloudflare's cf-connecting-ip, and the client's own X-Forwarded-For with the edge's entries appended. */
function fromSupabaseEdge(address: string, written?: string): Record<string, string> {
  // The last entry is a proxy of Supabase's own, not the client.
  const forwarded = [written, address, '172.70.1.1'].filter(Boolean).join(', ');
  return { 'cf-connecting-ip': address, 'x-forwarded-for': forwarded };
}

/** What a single proxy that only appends to X-Forwarded-For passes on (the local stand-in, `supabase start`). */
function throughProxy(address: string, written?: string): Record<string, string> {
  return { 'x-forwarded-for': [written, address].filter(Boolean).join(', ') };
}

// One more visitor's inquiry (a new id and address each), plain: no company, a contact message.
const inquiry = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...visitorRow({ company: null, type: 'contact' }),
  ...overrides,
});

interface Post {
  headers?: Record<string, string> | null;
  rows?: Array<Record<string, unknown>>;
  role?: Request['role'];
  path?: string;
}

/** `POST /rest/v1/<path>` of one inquiry (or `rows`) as a visitor: null when stored, else the SQLSTATE. */
function post(client: SqlClient, { headers = null, rows = [inquiry()], role = 'anon', path = '/contact_submissions' }: Post = {}) {
  const request = { role, method: 'POST', path, headers: { 'content-type': 'application/json', prefer: 'return=minimal', ...headers } };
  return asPostgrest(client, request, POSTGREST_INSERT, [JSON.stringify(rows)]);
}

async function stored(client: SqlClient): Promise<number> {
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from public.contact_submissions');
  return rows[0]!.n;
}

async function refusalsCounted(client: SqlClient, sequence: 'overall' | 'pending'): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select case when is_called then last_value else 0 end as n from private.inquiry_refusals_${sequence}`,
  );
  return Number(rows[0]!.n);
}

/** Changes one limit for the test's body, then puts it back. */
async function withLimit(client: SqlClient, column: string, value: number, body: () => Promise<void>): Promise<void> {
  const { rows } = await client.query<{ value: number }>(`select ${column} as value from private.inquiry_limits`);
  await client.query(`update private.inquiry_limits set ${column} = $1`, [value]);
  try {
    await body();
  } finally {
    await client.query(`update private.inquiry_limits set ${column} = $1`, [rows[0]!.value]);
  }
}

const tally = (outcomes: Array<string | null>) =>
  outcomes.reduce<Record<string, number>>(
    (counts, outcome) => ({ ...counts, [outcome ?? 'stored']: (counts[outcome ?? 'stored'] ?? 0) + 1 }),
    {},
  );

export function describeInquiryLimits(database: () => InquiryDatabase): void {
  const owner = () => database().owner;

  startEachTestWithNoInquiries(owner);

  describe('the limits in the table, as PostgREST runs requests', () => {
    test('40 inserts from one address let 10 through, refused with PT429 beyond, while another address still gets in', async () => {
      const outcomes: Array<string | null> = [];
      for (let i = 0; i < 40; i++) outcomes.push(await post(owner(), { headers: fromSupabaseEdge('203.0.113.7') }));
      expect(outcomes.slice(0, 10)).toEqual(Array(10).fill(null));
      expect(tally(outcomes.slice(10))).toEqual({ PT429: 30 });
      expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.2') })).toBeNull();
      expect(await stored(owner())).toBe(11);
    });

    test('the attacks on the old hook: an array of 200 rows, 50 posts to contact%5Fsubmissions, 200 posing as new addresses, then a new visitor gets in', async () => {
      // One request, 200 rows of 5,000 characters from one address: refused whole.
      const array = Array.from({ length: 200 }, () => inquiry({ message: 'x'.repeat(5000) }));
      expect(await post(owner(), { headers: fromSupabaseEdge('203.0.113.10'), rows: array })).toBe('PT429');
      expect(await stored(owner())).toBe(0);

      const encoded: Array<string | null> = [];
      for (let i = 0; i < 50; i++)
        encoded.push(await post(owner(), { headers: fromSupabaseEdge('203.0.113.11'), path: '/contact%5Fsubmissions' }));
      expect(tally(encoded)).toEqual({ stored: 10, PT429: 40 });

      // A client writes a new first X-Forwarded-For entry each time; the edge knows its real address.
      const posing: Array<string | null> = [];
      for (let i = 0; i < 100; i++) {
        posing.push(await post(owner(), { headers: fromSupabaseEdge('203.0.113.12', `10.${i}.0.1`) }));
        posing.push(await post(owner(), { headers: throughProxy('203.0.113.13', `10.${i}.0.2`) }));
      }
      expect(tally(posing)).toEqual({ stored: 20, PT429: 180 });
      expect(await stored(owner())).toBe(30);

      expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.99') })).toBeNull();
      expect(await stored(owner())).toBe(31);
    });

    test('the address is cf-connecting-ip, else the last X-Forwarded-For entry; what the client writes first changes nothing; IPv6 counts per /64', async () => {
      for (let i = 0; i < 10; i++) expect(await post(owner(), { headers: fromSupabaseEdge('203.0.113.9', `192.0.2.${i}`) })).toBeNull();
      expect(await post(owner(), { headers: { 'cf-connecting-ip': '203.0.113.9', 'x-forwarded-for': '192.0.2.200' } })).toBe('PT429');
      // Without cf-connecting-ip the entry appended last counts: here the same machine again.
      expect(await post(owner(), { headers: throughProxy('203.0.113.9', '192.0.2.201') })).toBe('PT429');
      for (let i = 0; i < 10; i++) expect(await post(owner(), { headers: fromSupabaseEdge(`2001:db8:1:2::${i + 1}`) })).toBeNull();
      expect(await post(owner(), { headers: fromSupabaseEdge('2001:db8:1:2:ffff::1') })).toBe('PT429');
      expect(await post(owner(), { headers: fromSupabaseEdge('2001:db8:1:3::1') })).toBeNull();
    });

    test('without the headers, or with values that are not addresses, requests share one bucket', async () => {
      for (let i = 0; i < 5; i++) expect(await post(owner(), { headers: null })).toBeNull();
      for (let i = 0; i < 5; i++) expect(await post(owner(), { headers: { 'cf-connecting-ip': `not-an-address-${i}` } })).toBeNull();
      expect(await post(owner(), { headers: null })).toBe('PT429');
      expect(await post(owner(), { headers: throughProxy('garbage') })).toBe('PT429');
    });

    test('counts only inserts that stand, never limits the service role, and never counts reads', async () => {
      const headers = fromSupabaseEdge('192.0.2.1');
      for (let i = 0; i < 12; i++) expect(await post(owner(), { headers, role: 'service_role' })).toBeNull();
      expect(await post(owner(), { headers, rows: [inquiry({ email: 'not an address' })] })).toBe('23514');
      const read = await asPostgrest(
        owner(),
        { role: 'anon', method: 'HEAD', path: '/contact_submissions', headers },
        'select count(id) from public.contact_submissions',
      );
      expect(read).toBeNull();
      for (let i = 0; i < 10; i++) expect(await post(owner(), { headers })).toBeNull();
      expect(await post(owner(), { headers })).toBe('PT429');
    });

    test('a database session acting as anon outside any request (a script, a test) is not limited', async () => {
      await owner().query('begin');
      try {
        await owner().query('set local role anon');
        for (let i = 0; i < 12; i++) {
          await owner().query(
            `insert into public.contact_submissions (name, email, message, type) values ('Script', $1, 'Hi', 'contact')`,
            [`script${i}@example.com`],
          );
        }
      } finally {
        await owner().query('commit');
      }
      expect(await stored(owner())).toBe(12);
      // Through the Data API the same role is counted at once.
      const headers = fromSupabaseEdge('192.0.2.60');
      for (let i = 0; i < 10; i++) expect(await post(owner(), { headers })).toBeNull();
      expect(await post(owner(), { headers })).toBe('PT429');
    });

    test('an upsert and a function that inserts for a visitor are counted too', async () => {
      const upsert = `insert into public.contact_submissions (id, name, email, company, message, type)
        select id, name, email, company, message, type from json_populate_recordset(null::public.contact_submissions, $1::json)
        on conflict do nothing`;
      const headers = fromSupabaseEdge('192.0.2.50');
      const request = { role: 'anon' as const, method: 'POST', path: '/contact_submissions', headers };
      const upserts: Array<string | null> = [];
      for (let i = 0; i < 11; i++) upserts.push(await asPostgrest(owner(), request, upsert, [JSON.stringify([inquiry()])]));
      expect(tally(upserts)).toEqual({ stored: 10, PT429: 1 });

      await owner().exec(`create function public.file_inquiry_for_test(p_email text) returns void
        language sql security definer set search_path = '' as $$
          insert into public.contact_submissions (name, email, message, type) values ('By RPC', p_email, 'Hello', 'contact');
        $$;
        grant execute on function public.file_inquiry_for_test(text) to anon`);
      try {
        const rpc = { role: 'anon' as const, method: 'POST', path: '/rpc/file_inquiry_for_test', headers: fromSupabaseEdge('192.0.2.51') };
        const calls: Array<string | null> = [];
        for (let i = 0; i < 11; i++) {
          calls.push(await asPostgrest(owner(), rpc, 'select public.file_inquiry_for_test($1)', [`rpc${i}@example.com`]));
        }
        expect(tally(calls)).toEqual({ stored: 10, PT429: 1 });
      } finally {
        await owner().query('drop function public.file_inquiry_for_test(text)');
      }
    });

    test('at most 3 inquiries an hour per email address from one address, counted in any letter case; other addresses still reach it', async () => {
      const outcomes: Array<string | null> = [];
      for (const email of ['rina@example.com', 'Rina@Example.com', 'RINA@example.com', 'rina@example.com']) {
        outcomes.push(await post(owner(), { headers: fromSupabaseEdge('198.51.100.1'), rows: [inquiry({ email })] }));
      }
      expect(outcomes).toEqual([null, null, null, 'PT429']);
      // Another address is another sender: nobody spends the mailbox owner's allowance.
      expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.2'), rows: [inquiry({ email: 'rina@example.com' })] })).toBeNull();
      // Two in one request count two.
      const pair = () => [inquiry({ email: 'agus@example.com' }), inquiry({ email: 'agus@example.com' })];
      expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.20'), rows: pair() })).toBeNull();
      expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.20'), rows: pair() })).toBe('PT429');
      // An hour later the address may write again.
      await owner().query(`update private.inquiry_writes set at = at - interval '61 minutes'`);
      expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.1'), rows: [inquiry({ email: 'rina@example.com' })] })).toBeNull();
    });

    test('the overall ceiling holds against many real addresses, refused with PT503 (not the visitor’s doing) and counted', async () => {
      await withLimit(owner(), 'inserts_overall', 15, async () => {
        const before = await refusalsCounted(owner(), 'overall');
        const outcomes: Array<string | null> = [];
        for (let i = 0; i < 20; i++) outcomes.push(await post(owner(), { headers: fromSupabaseEdge(`198.51.100.${i + 1}`) }));
        expect(tally(outcomes)).toEqual({ stored: 15, PT503: 5 });
        expect(await refusalsCounted(owner(), 'overall')).toBe(before + 5);
      });
    });

    test('at most pending_max inquiries wait to be sent: beyond, PT503, counted; sent and failed ones do not count', async () => {
      await withLimit(owner(), 'pending_max', 3, async () => {
        const before = await refusalsCounted(owner(), 'pending');
        await pending(owner(), 2);
        await owner().query(
          `insert into public.contact_submissions (name, email, message, type, notified_at) values ('Sent', 's@example.com', 'Hi', 'contact', now())`,
        );
        expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.1') })).toBeNull();
        expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.2') })).toBe('PT503');
        expect(await refusalsCounted(owner(), 'pending')).toBe(before + 1);
        await owner().query(`update public.contact_submissions set notify_failed_at = now() where name = 'Row 1'`);
        expect(await post(owner(), { headers: fromSupabaseEdge('198.51.100.2') })).toBeNull();
      });
    });
  });

  describe('the verified path (public.inquiry_store_verified, the service role after Turnstile)', () => {
    const args = (row: Record<string, unknown>, headers: Record<string, string>) => [
      row.id,
      row.name,
      row.email,
      row.company,
      row.message,
      row.type,
      JSON.stringify(headers),
    ];
    const STORE = 'public.inquiry_store_verified($1, $2, $3, $4, $5, $6, $7)';

    /** The edge function's call through PostgREST, with the visitor's headers as an argument. */
    const storeVerified = (role: Request['role'], row: Record<string, unknown>, headers: Record<string, string>) =>
      asPostgrest(
        owner(),
        { role, method: 'POST', path: '/rpc/inquiry_store_verified', headers: {} },
        `select ${STORE}`,
        args(row, headers),
      );

    test('stores past the overall ceiling, never past the per-address limit; marked verified; a retry stores nothing', async () => {
      await withLimit(owner(), 'inserts_overall', 2, async () => {
        for (let i = 0; i < 2; i++) expect(await post(owner(), { headers: fromSupabaseEdge(`198.51.100.${i + 1}`) })).toBeNull();
        expect(await post(owner(), { headers: fromSupabaseEdge('203.0.113.5') })).toBe('PT503');

        const visitor = fromSupabaseEdge('203.0.113.5');
        const first = inquiry();
        expect(await storeVerified('service_role', first, visitor)).toBeNull();
        // The same id again (a retry whose answer was lost): nothing more is stored.
        expect(await call(owner(), STORE, args(first, visitor))).toEqual({ outcome: 'duplicate' });
        const { rows } = await owner().query(
          'select notify_verified_at is not null as verified from public.contact_submissions where id = $1',
          [first.id],
        );
        expect(rows).toEqual([{ verified: true }]);

        const outcomes: Array<string | null> = [];
        for (let i = 0; i < 10; i++)
          outcomes.push(await storeVerified('service_role', inquiry(), throughProxy('203.0.113.5', `10.0.0.${i}`)));
        expect(tally(outcomes)).toEqual({ stored: 9, PT429: 1 });
      });
    });

    test.each(['anon', 'authenticated'] as const)('%s cannot call it', async (role) => {
      expect(await storeVerified(role, inquiry(), fromSupabaseEdge('203.0.113.6'))).toBe('42501');
    });
  });
}
