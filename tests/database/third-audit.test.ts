// The third audit's reproductions (supabase/migrations/20261127000400_audit_three.sql), replayed on
// PostgreSQL 15 as PostgREST runs requests, on a copy of the project's database in the run's shared
// cluster: invisible names and messages (from the table of cases the function's test reads too), a
// mailbox locked out by +tags from one address, ::ffff: addresses and an untrusted cf-connecting-ip,
// webhooks and a site_url that libcurl would take inside, and functions open to PUBLIC by default.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { visitorRow } from 'local-supabase/visitor';
import { SUPABASE_PATHS } from '../support/database';
import { forTheFile } from '../support/for-the-file';
import { openProjectDatabase } from '../support/shared-postgres';
import { HIDDEN, LETTER_OR_DIGIT, sqlRanges } from '../support/unicode-classes';
import { asPostgrest, startEachTestWithNoInquiries, type SqlClient } from './suites/inquiries';

const MIGRATION = path.join(SUPABASE_PATHS.migrations, '20261127000400_audit_three.sql');
const CASES = path.join(__dirname, '../support/invisible-text-cases.json');
const POSTGREST_INSERT = `insert into public.contact_submissions (id, name, email, company, message, type)
  select id, name, email, company, message, type from json_populate_recordset(null::public.contact_submissions, $1::json)`;

interface Case {
  field: 'name' | 'company' | 'message';
  text: string;
  valid: boolean;
  why: string;
}

const project = forTheFile('a copy of the project database', openProjectDatabase, (db) => db.close());
const owner = (): SqlClient => ({
  query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await project().client.query(sql, params)).rows as T[] }),
  exec: (sql) => project().client.query(sql),
});
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await owner().query<T>(text, params)).rows;
const edge = (address: string) => ({ 'cf-connecting-ip': address, 'x-forwarded-for': `${address}, 172.70.1.1` });

/** `POST /rest/v1/contact_submissions` of one inquiry as a visitor: null when stored, else the SQLSTATE. */
const post = (headers: Record<string, string>, fields: Record<string, unknown> = {}) =>
  asPostgrest(
    owner(),
    { role: 'anon', method: 'POST', path: '/contact_submissions', headers: { 'content-type': 'application/json', ...headers } },
    POSTGREST_INSERT,
    [JSON.stringify([{ ...visitorRow({ company: null, type: 'contact' }), ...fields }])],
  );

/** The function's verified path, past the ceiling: its outcome, or the SQLSTATE. */
async function storeVerified(address: string, email: string): Promise<string> {
  const row = visitorRow({ email });
  try {
    const [answer] = await sql<{ outcome: { outcome: string } }>(
      `select public.inquiry_store_verified($1, $2, $3, null, $4, 'contact', $5) as outcome`,
      [row.id, row.name, email, row.message, JSON.stringify(edge(address))],
    );
    return answer!.outcome.outcome;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

startEachTestWithNoInquiries(owner);

describe('invisible text', () => {
  test("the migration's code point ranges are JavaScript's Unicode properties, written again now", async () => {
    const migration = await readFile(MIGRATION, 'utf8');
    const [, hidden, letters] = /value !~ '\[([^\]]*)\]'\s+and value ~ '\[([^\]]*)\]'/.exec(migration) ?? [];
    expect(hidden).toBe(sqlRanges(HIDDEN));
    expect(letters).toBe(sqlRanges(LETTER_OR_DIGIT));
  });

  test('names, companies and messages are stored or refused as the table of cases says', async () => {
    const { cases } = JSON.parse(await readFile(CASES, 'utf8')) as { cases: Case[] };
    const outcomes: Array<[string, string]> = [];
    for (const [i, { field, text, why }] of cases.entries()) {
      outcomes.push([why, (await post(edge(`192.0.2.${i + 1}`), { [field]: text })) ?? 'stored']);
    }
    expect(outcomes).toEqual(cases.map(({ valid, why }) => [why, valid ? 'stored' : '23514']));
  });
});

describe("nobody spends another person's allowance", () => {
  test('+tags from one address lock out neither the mailbox nor its owner, on either path', async () => {
    const outcomes = [];
    for (const email of ['victim+1@example.com', 'victim+2@example.com', 'Victim+3@Example.com', 'victim@example.com']) {
      outcomes.push(await post(edge('203.0.113.66'), { email }));
    }
    expect(outcomes).toEqual([null, null, null, 'PT429']);
    expect(await storeVerified('203.0.113.66', 'victim+4@example.com')).toBe('PT429');
    expect(await post(edge('198.51.100.7'), { email: 'victim@example.com' })).toBeNull();
    expect(await storeVerified('198.51.100.8', 'victim@example.com')).toBe('stored');
  });

  test("Gmail's dots and googlemail.com name one mailbox, and an hour later it counts afresh", async () => {
    const outcomes = [];
    for (const email of ['rina.sari@gmail.com', 'RinaSari@googlemail.com', 'r.i.n.a.sari+x@gmail.com', 'rinasari@gmail.com']) {
      outcomes.push(await post(edge('203.0.113.67'), { email }));
    }
    expect(outcomes).toEqual([null, null, null, 'PT429']);
    expect(await post(edge('203.0.113.67'), { email: 'rina.sari@example.com' })).toBeNull();
    await sql(`update private.inquiry_writes set at = at - interval '61 minutes'`);
    expect(await post(edge('203.0.113.67'), { email: 'rinasari@gmail.com' })).toBeNull();
    // Nothing older than both windows is kept, and no write keeps the address it counted.
    expect(await sql(`select count(*)::int as n from private.inquiry_writes where mailbox like '%@%'`)).toEqual([{ n: 0 }]);
    expect(await sql(`select count(*)::int as n from private.inquiry_writes where at < now() - interval '1 hour'`)).toEqual([{ n: 0 }]);
  });
});

describe('addresses are what they are', () => {
  const client = async (headers: Record<string, string>) =>
    (await sql<{ client: string }>('select private.inquiry_client($1::jsonb) as client', [JSON.stringify(headers)]))[0]!.client;

  test('::ffff:a.b.c.d counts as a.b.c.d, against the same per-address limit', async () => {
    expect(await client(edge('::ffff:198.51.100.9'))).toBe('198.51.100.9');
    expect(await client(edge('::ffff:c633:6409'))).toBe('198.51.100.9');
    expect(await client(edge('2001:db8:1:2::9'))).toBe('2001:db8:1:2::/64');
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push(await post(edge(i % 2 ? '::ffff:198.51.100.9' : '198.51.100.9')));
    expect(outcomes.every((outcome) => outcome === null)).toBe(true);
    expect(await post(edge('::ffff:198.51.100.9'))).toBe('PT429');
  });

  test('cf-connecting-ip counts only where trust_cf_connecting_ip says the proxy sets it (by default, as on Supabase)', async () => {
    const headers = { 'cf-connecting-ip': '192.0.2.50', 'x-forwarded-for': '192.0.2.51, 203.0.113.70' };
    expect(await client(headers)).toBe('192.0.2.50');
    await sql('update private.inquiry_limits set trust_cf_connecting_ip = false');
    try {
      expect(await client(headers)).toBe('203.0.113.70');
      expect(await client({ 'cf-connecting-ip': '192.0.2.50' })).toBe('unknown');
    } finally {
      await sql('update private.inquiry_limits set trust_cf_connecting_ip = true');
    }
  });
});

describe('only public https leaves the database', () => {
  const isPublic = async (url: string) => (await sql<{ ok: boolean }>('select private.is_public_https_url($1) as ok', [url]))[0]!.ok;

  test('hosts libcurl reads as inside IPv4 addresses, 6to4, Teredo and site-local are refused; public ones pass', async () => {
    const inside = [
      'https://169.254.169.0xfe/',
      'https://0x7f.0x1/',
      'https://127.0.0.0x1/',
      'https://10.0.0.012/',
      'https://example.0x7f/',
      'https://[2002:7f00:1::]/',
      'https://[2001:0:4136:e378::1]/',
      'https://[fec0::1]/',
    ];
    const outside = ['https://hooks.slack.com/services/T0/B0/X', 'https://93.184.216.34/hook', 'https://[2606:4700::1111]/'];
    const judged = [];
    for (const url of [...inside, ...outside]) judged.push([url, await isPublic(url)]);
    expect(judged).toEqual([...inside.map((url) => [url, false]), ...outside.map((url) => [url, true])]);
  });

  test('the site watch asks only a public https site_url without query or fragment, and records why not', async () => {
    const watch = async (site: string) => {
      await sql(`delete from vault.secrets where name = 'site_url'`);
      await sql(`select vault.create_secret($1, 'site_url')`, [site]);
      await sql('delete from net.http_get_calls');
      await sql('update private.site_watch set request_id = null, check_error = null');
      await sql('select private.watch_live_site()');
      const [state] = await sql<{ error: string | null }>('select check_error as error from private.site_watch');
      return { gets: (await sql<{ url: string }>('select url from net.http_get_calls')).map((row) => row.url), error: state!.error };
    };
    const refused = { gets: [], error: 'site_url in Vault is not a public https URL without query or fragment' };
    for (const site of [
      'https://169.254.169.254/latest/meta-data#',
      'https://adasorter.example/?',
      'https://0x7f.0x1/',
      'http://adasorter.example/',
    ]) {
      expect([site, await watch(site)]).toEqual([site, refused]);
    }
    expect(await watch('https://adasorter.example/')).toEqual({
      gets: ['https://adasorter.example/page-data/index/page-data.json'],
      error: null,
    });
  });
});

describe('functions the project creates later', () => {
  test('are executable by nobody they are not granted to, in private and in public (where Supabase grants its API roles)', async () => {
    await sql(`create function private.audit_probe() returns int language sql as 'select 1'`);
    await sql(`create function public.audit_probe() returns int language sql as 'select 1'`);
    try {
      const grantees = await sql<{ name: string; grantees: string[] }>(
        `select p.oid::regprocedure::text as name,
                array(select case when a.grantee = 0 then 'PUBLIC' else a.grantee::regrole::text end
                      from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) as a where a.privilege_type = 'EXECUTE' order by 1) as grantees
           from pg_proc as p where p.proname = 'audit_probe' order by 1`,
      );
      expect(grantees).toEqual([
        { name: 'audit_probe()', grantees: ['anon', 'authenticated', 'postgres', 'service_role'] },
        { name: 'private.audit_probe()', grantees: ['postgres'] },
      ]);
    } finally {
      await sql('drop function private.audit_probe(), public.audit_probe()');
    }
  });

  test('the migration applies a second time without error or change', async () => {
    const constraints = () =>
      sql(`select conname, pg_get_constraintdef(oid) as def from pg_constraint
            where conrelid = 'public.contact_submissions'::regclass order by conname`);
    const before = await constraints();
    await owner().exec(await readFile(MIGRATION, 'utf8'));
    expect(await constraints()).toEqual(before);
  });
});
