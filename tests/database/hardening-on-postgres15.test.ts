// The second audit's attacks (issue 36), replayed on PostgreSQL 15 as PostgREST runs requests (the
// role, the request settings, then the statement, in one transaction): forged lines, one mailbox
// under many +tags, a huge array, an IPv6 /48 fanned out into /64s, a backlog that shut verified
// visitors out, alerts posted inside, and a preview link used as a lever.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { visitorRow } from 'local-supabase/visitor';
import { SUPABASE_PATHS } from '../support/database';
import { insertPreviewLink } from '../support/preview-links';
import { clusterForTheFile, loadSupabaseFiles } from '../support/postgres';
import { asPostgrest, pending, startEachTestWithNoInquiries, type SqlClient } from './suites/inquiries';

const POSTGREST_INSERT = `insert into public.contact_submissions (id, name, email, company, message, type)
  select id, name, email, company, message, type from json_populate_recordset(null::public.contact_submissions, $1::json)`;

const cluster = clusterForTheFile();
const asClient = (client: Client): SqlClient => ({
  query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
  exec: (sql) => client.query(sql),
});
const owner = () => asClient(cluster().client);
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await cluster().client.query(text, params)).rows as T[];

let visitors = 0;
/** One more visitor's inquiry, each with an address of its own. */
const inquiry = (overrides: Record<string, unknown> = {}) => ({
  ...visitorRow({ company: null, type: 'contact', email: `visitor${(visitors += 1)}@example.com` }),
  ...overrides,
});
const edge = (address: string) => ({ 'cf-connecting-ip': address, 'x-forwarded-for': `${address}, 172.70.1.1` });

/** `POST /rest/v1/contact_submissions` of `rows` from `address`: null when stored, else the SQLSTATE. */
const post = (address: string, rows: Array<Record<string, unknown>> = [inquiry()]) =>
  asPostgrest(
    owner(),
    { role: 'anon', method: 'POST', path: '/contact_submissions', headers: { 'content-type': 'application/json', ...edge(address) } },
    POSTGREST_INSERT,
    [JSON.stringify(rows)],
  );

const stored = async () => (await sql<{ n: number }>('select count(*)::int as n from public.contact_submissions'))[0]!.n;

async function withLimit(column: string, value: number, body: () => Promise<void>): Promise<void> {
  const [before] = await sql<{ value: number }>(`select ${column} as value from private.inquiry_limits`);
  await sql(`update private.inquiry_limits set ${column} = $1`, [value]);
  try {
    await body();
  } finally {
    await sql(`update private.inquiry_limits set ${column} = $1`, [before!.value]);
  }
}

// Roles belong to the cluster: the bootstrap runs in three new databases of this fresh cluster at the
// same time, as suites sharing one cluster do, before the migrations run in the file's own.
let bootstraps: PromiseSettledResult<unknown>[] = [];
beforeAll(async () => {
  const bootstrap = await readFile(SUPABASE_PATHS.bootstrap, 'utf8');
  const clients = await Promise.all(
    [1, 2, 3].map(async (n) => {
      await cluster().client.query(`create database beside_${n}`);
      const client = new Client({ host: '127.0.0.1', port: cluster().port, user: 'postgres', database: `beside_${n}` });
      await client.connect();
      return client;
    }),
  );
  bootstraps = await Promise.allSettled(clients.map((client) => client.query(bootstrap)));
  await Promise.all(clients.map((client) => client.end()));
  await loadSupabaseFiles(cluster().client);
});

test('the bootstrap runs in three databases of a fresh cluster at once', () => {
  expect(bootstraps.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
});

test('the new migrations apply again without error', async () => {
  const files = (await readdir(SUPABASE_PATHS.migrations)).filter((name) => name >= '20261126' && name.endsWith('.sql'));
  expect(files.length).toBeGreaterThanOrEqual(3);
  for (const file of files) await cluster().client.query(await readFile(path.join(SUPABASE_PATHS.migrations, file), 'utf8'));
});

describe('inquiries', () => {
  startEachTestWithNoInquiries(owner);

  test('CR/LF, U+202E and zero-width-only names and a company with a line break are refused, while a message keeps its lines', async () => {
    const refused = [
      { name: 'Bob\r\nEmail: ceo@bank.example\r\nCompany: Bank' },
      { name: 'Bob\nEmail: ceo@bank.example' },
      { name: 'Bob\tBank' },
      { name: 'Bob \u202Ekcab' },
      { name: 'Bob \u2067x\u2069' },
      { name: '\u200B' },
      { name: '\u00A0\u200B\uFEFF' },
      { name: 'Bob\u0085Email: x' },
      { company: 'Bank\r\nEmail: ceo@bank.example' },
      { company: '\u200B\u3000' },
      { message: 'Hello \u202Edlrow' },
      { message: 'Hello\u0000'.replace('\u0000', '\u0007') },
    ];
    for (const [i, fields] of refused.entries()) {
      expect([fields, await post(`192.0.2.${i + 1}`, [inquiry(fields)])]).toEqual([fields, '23514']);
    }
    expect(await stored()).toBe(0);
    const message = 'Line one\r\nLine two\n\n\tIndented, and an emoji 👩‍💻';
    expect(await post('192.0.2.100', [inquiry({ name: 'Siti Rahma', company: 'PT Bersih', message })])).toBeNull();
    expect(await sql('select name, company, message from public.contact_submissions')).toEqual([
      { name: 'Siti Rahma', company: 'PT Bersih', message },
    ]);
  });

  test('four +tags of one mailbox from one address store at most three, and the address is kept as typed', async () => {
    const outcomes = [];
    for (const email of ['casey+1@Example.com', 'casey+2@example.COM', 'casey+3@example.com', 'casey+4@example.com']) {
      outcomes.push(await post('198.51.100.1', [inquiry({ email })]));
    }
    expect(outcomes).toEqual([null, null, null, 'PT429']);
    expect(await post('198.51.100.1', [inquiry({ email: 'casey@example.com' })])).toBe('PT429');
    expect(await post('198.51.100.1', [inquiry({ email: 'casey.other@example.com' })])).toBeNull();
    const emails = await sql<{ email: string }>('select email from public.contact_submissions order by email');
    expect(emails.map((row) => row.email)).toEqual([
      'casey+1@Example.com',
      'casey+2@example.COM',
      'casey+3@example.com',
      'casey.other@example.com',
    ]);
  });

  test('a 5,000-row array of 2 KB messages grows the table by at most 512 KB, and its refusal is counted for the flood alert', async () => {
    const size = async () =>
      Number((await sql<{ n: string }>(`select pg_total_relation_size('public.contact_submissions')::text as n`))[0]!.n);
    const refusals = async () =>
      Number((await sql<{ n: string }>(`select coalesce(pg_sequence_last_value('private.inquiry_refusals_sender'), 0)::text as n`))[0]!.n);
    const before = { size: await size(), refusals: await refusals() };
    const rows = Array.from({ length: 5000 }, (_, i) =>
      inquiry({ message: `${i} ${'Sampah plastik dan kertas. '.repeat(80)}`.slice(0, 2048) }),
    );
    expect(await post('203.0.113.50', rows)).toBe('PT429');
    expect(await stored()).toBe(0);
    expect((await size()) - before.size).toBeLessThanOrEqual(512 * 1024);
    expect(await refusals()).toBe(before.refusals + 1);
    await withLimit('refusals_alert_at', 1, async () => {
      const flood = await sql<{ cause: string; message: string }>(
        `select cause, message from private.inquiry_alert_conditions() where cause = 'flood'`,
      );
      expect(flood).toEqual([
        { cause: 'flood', message: expect.stringMatching(/^\d+ requests? (was|were) refused by the limits per address/) as unknown },
      ]);
    });
  });

  test('60 requests from 60 /64s of one /48 store at most 30, while another /48 still gets in', async () => {
    const outcomes: Array<string | null> = [];
    for (let i = 0; i < 60; i++) outcomes.push(await post(`2001:db8:42:${(i + 1).toString(16)}::1`));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(30);
    expect(outcomes.slice(30)).toEqual(Array(30).fill('PT429'));
    expect(await post('2001:db8:43:1::1')).toBeNull();
    expect(await stored()).toBe(31);
  });

  test('a verified inquiry is stored while 500 unverified wait; an unverified one is refused', async () => {
    await pending(owner(), 500);
    expect(await post('198.51.100.77')).toBe('PT503');
    const row = inquiry();
    const verified = await asPostgrest(
      owner(),
      { role: 'service_role', method: 'POST', path: '/rpc/inquiry_store_verified', headers: {} },
      'select public.inquiry_store_verified($1, $2, $3, $4, $5, $6, $7)',
      [row.id, row.name, row.email, row.company, row.message, row.type, JSON.stringify(edge('198.51.100.77'))],
    );
    expect(verified).toBeNull();
    expect(await sql('select notify_verified_at is not null as verified from public.contact_submissions where id = $1', [row.id])).toEqual([
      { verified: true },
    ]);
  });
});

describe('alerts', () => {
  const PUBLIC = 'https://hooks.example.test/services/T000/B000/inquiries';
  const setWebhook = async (url: string) => {
    await sql(`delete from vault.secrets where name = 'inquiry_alert_webhook_url'`);
    await sql(`select vault.create_secret($1, 'inquiry_alert_webhook_url')`, [url]);
  };
  const posted = async () => (await sql<{ url: string }>('delete from net.http_post_calls returning url')).map((row) => row.url);

  test('never posted to 169.254.169.254 or another inside address, but posted to a public https webhook', async () => {
    await sql('delete from private.inquiry_alerts');
    await sql(`select nextval('private.inquiry_refusals_overall')`);
    await posted();
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'https://169.254.169.254/latest/meta-data/', 'https://[::1]/hook']) {
      await setWebhook(url);
      expect(await sql(`select private.send_inquiry_alerts() as n`)).toEqual([{ n: 0 }]);
      expect(await posted()).toEqual([]);
    }
    await setWebhook(PUBLIC);
    expect((await sql<{ n: number }>(`select private.send_inquiry_alerts() as n`))[0]!.n).toBeGreaterThan(0);
    expect(await posted()).toContain(PUBLIC);
  });

  test.each([
    ['http://hooks.example.test/x', false],
    ['https://169.254.169.254/', false],
    ['https://user:pw@169.254.169.254/', false],
    ['https://hooks.example.test@169.254.169.254/', false],
    ['https://[::1]/', false],
    ['https://[::ffff:169.254.169.254]/', false],
    ['https://[fc00::1]/', false],
    ['https://[fd12:3456::1]:8443/', false],
    ['https://[fe80::1]/', false],
    ['https://10.0.0.1/', false],
    ['https://172.16.5.4/', false],
    ['https://172.31.255.255/', false],
    ['https://192.168.1.1/', false],
    ['https://127.0.0.1:8080/', false],
    ['https://0.0.0.0/', false],
    ['https://localhost/', false],
    ['https://LOCALHOST./', false],
    ['https://2852039166/', false],
    ['https://0x7f.1/', false],
    ['https://metadata/', false],
    ['https://hooks.slack.com/services/T0/B0/X', true],
    ['https://discord.com/api/webhooks/1/abc', true],
    ['https://172.32.0.1/hook', true],
    ['https://[2606:4700::1111]/hook', true],
  ])('%s is a public https webhook: %s', async (url, expected) => {
    expect(await sql('select private.is_public_https_url($1) as public', [url])).toEqual([{ public: expected }]);
  });
});

describe('preview links', () => {
  const TOKEN = 'hardening-preview-token-0123456789abcdefghijk';
  const READ_ONLY = 'hardening-read-only-token-0123456789abcdefgh';

  beforeAll(async () => {
    await insertPreviewLink((text, params) => sql(text, params), TOKEN);
    await insertPreviewLink((text, params) => sql(text, params), READ_ONLY);
    await sql(`update private.preview_links set can_arrange = false where token_hash = sha256(convert_to($1, 'UTF8'))`, [READ_ONLY]);
  });

  /** `POST /rest/v1/rpc/arrange_content` as the page sends it: the rows moved, or the error. */
  async function arrange(token: string, list: string, ids: unknown): Promise<{ moved?: number; code?: string; said?: string }> {
    const client = cluster().client;
    await client.query('begin');
    try {
      await client.query(
        `select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true),
                set_config('request.method', 'POST', true), set_config('request.path', '/rpc/arrange_content', true)`,
      );
      const { rows } = await client.query<{ moved: number }>('select public.arrange_content($1, $2, $3::jsonb) as moved', [
        token,
        list,
        JSON.stringify(ids),
      ]);
      await client.query('commit');
      return { moved: rows[0]!.moved };
    } catch (error) {
      await client.query('rollback');
      const failed = error as { code?: string; message: string; detail?: string };
      return { code: failed.code, said: `${failed.message} ${failed.detail ?? ''}` };
    }
  }

  const timelineIds = async () =>
    (await sql<{ id: string }>('select id::text as id from public.timeline order by order_index nulls last, id')).map((row) => row.id);

  test('a preview link saves the live order at most three times in ten quick tries', async () => {
    const ids = await timelineIds();
    expect(ids.length).toBeGreaterThan(1);
    const revision = async () => (await sql<{ r: unknown }>('select private.content_revision() as r'))[0]!.r;
    const first = await revision();
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await arrange(TOKEN, 'timeline', i % 2 === 0 ? [...ids].reverse() : ids));
    expect(results.filter((result) => (result.moved ?? 0) > 0)).toHaveLength(3);
    expect(results.slice(3).map((result) => result.code)).toEqual(Array(7).fill('PT429'));
    expect(await revision()).not.toEqual(first);
    await sql(`update private.preview_link_saves set saved_at = saved_at - interval '61 seconds'`);
    expect((await arrange(TOKEN, 'timeline', ids)).moved).toBeGreaterThan(0);
  });

  test('more ids than the list holds are refused before they are looked at, and an error names only a few ids', async () => {
    await sql('delete from private.preview_link_saves');
    const many = Array.from({ length: 200_000 }, (_, i) => `unknown-id-${i}`);
    const tooMany = await arrange(TOKEN, 'timeline', many);
    expect(tooMany.code).toBe('22023');
    expect(tooMany.said!.length).toBeLessThan(300);
    const ids = await timelineIds();
    const wrong = ids.map((_, i) => `${'z'.repeat(500)}-${i}`);
    const named = await arrange(TOKEN, 'timeline', wrong);
    expect(named.code).toBe('22023');
    expect(named.said!.length).toBeLessThan(1000);
    expect(named.said).not.toContain('z'.repeat(41));
  });

  test('a read-only link previews but cannot arrange; no link lasts more than 30 days', async () => {
    const preview = await asPostgrest(
      owner(),
      { role: 'anon', method: 'POST', path: '/rpc/preview_content', headers: {} },
      'select public.preview_content($1)',
      [READ_ONLY],
    );
    expect(preview).toBeNull();
    expect((await arrange(READ_ONLY, 'timeline', await timelineIds())).code).toBe('PT403');
    await expect(
      sql(`insert into private.preview_links (token_hash, expires_at) values (sha256('x'), now() + interval '31 days')`),
    ).rejects.toMatchObject({ code: '23514' });
    // A link made before the rule, with a year's expiry, ends 30 days after it was made.
    await sql(`alter table private.preview_links drop constraint preview_links_at_most_30_days`);
    try {
      await sql(
        `insert into private.preview_links (token_hash, expires_at, created_at) values (sha256(convert_to('old-link-token', 'UTF8')), now() + interval '300 days', now() - interval '31 days')`,
      );
      expect((await arrange('old-link-token', 'timeline', await timelineIds())).code).toBe('PT410');
    } finally {
      await sql(`delete from private.preview_links where created_at < now() - interval '30 days'`);
      await sql(
        `alter table private.preview_links add constraint preview_links_at_most_30_days check (expires_at <= created_at + interval '30 days') not valid`,
      );
    }
  });
});
