// `npm run inquiries -- export|erase <email>` (scripts/inquiries/run.ts over the functions of
// supabase/migrations/20261127000200_personal_data.sql and 20261129000100_visitor_data_scope.sql) on
// PostgreSQL 15 with Supabase's roles: the run's shared cluster, a fresh project and an adopted
// legacy one (bigint ids). One mailbox written with a +tag and in another case is found in every
// visitors' table that holds it (the inquiries, a table derived from them, another visitors' table
// with an email column, the limit table by its keyed hash), erased from all of them and recorded
// without the address; a second export finds nothing. The same mailbox as an editor's (allow-list,
// content audit, preview link) is neither exported nor erased, and a table whose addresses nobody
// has assigned stops both. Most cases run the command's code in this process; one runs it as an
// operator does, without a terminal.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Client } from 'pg';
import { REPO_ROOT } from '../support/database';
import { scriptCommand } from '../support/package-script';
import { superuserUrl } from '../support/postgres';
import { openProjectDatabase } from '../support/shared-postgres';
import { NUMBERED_LEGACY, openAdoptedDatabase } from './support/adopted-project';
import { runInquiries } from '../../scripts/inquiries/run';

const run = promisify(execFile);
const [COMMAND, ...COMMAND_ARGS] = scriptCommand('inquiries');

interface Outcome {
  code: number;
  out: string;
  err: string;
  asked: string[];
}

type Database = Awaited<ReturnType<typeof openProjectDatabase>>;

/** The command in this process; `answer` is what the operator types, undefined for no terminal. */
async function inquiries(db: Database, args: string[], answer?: string, env?: Record<string, string>): Promise<Outcome> {
  const outcome: Outcome = { code: 0, out: '', err: '', asked: [] };
  outcome.code = await runInquiries({
    env: env ?? { SUPABASE_DB_URL: superuserUrl(db.port, db.database) },
    args,
    out: (line) => void (outcome.out += `${line}\n`),
    err: (line) => void (outcome.err += `${line}\n`),
    ask:
      answer === undefined
        ? undefined
        : async (question) => {
            outcome.asked.push(question);
            return answer;
          },
  });
  return outcome;
}

const exported = (outcome: Outcome) => (JSON.parse(outcome.out) as { tables: Record<string, Record<string, unknown>[]> }).tables;

async function addDerivedAndOtherTables(client: Client): Promise<void> {
  const { rows } = await client.query<{ type: string }>(
    `select format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = 'public.contact_submissions'::regclass and attname = 'id'`,
  );
  // As the promises' tables will be: derived from one inquiry, with the inquiry's id type.
  await client.query(`create table private.test_deck_sends (
    id bigint generated always as identity primary key,
    inquiry_id ${rows[0]!.type} not null references public.contact_submissions (id) on delete cascade,
    sent_to text not null)`);
  await client.query('create table public.test_newsletter (subscriber_email text not null)');
  await client.query(`insert into private.personal_data_holders (relation, holds, reason)
    values ('public.test_newsletter', 'visitors', 'A newsletter''s subscribers.')`);
  await client.query(`insert into public.test_newsletter values ('Visitor+News@Example.org'), ('someone.else@example.org')`);
}

/** The visitor's mailbox as an editor's own: on the allow-list, in the content audit, on a preview link. */
async function editorRows(client: Client): Promise<void> {
  await client.query(`insert into private.editors (email) values ('visitor@example.org')`);
  await client.query(`insert into private.content_audit (editor_email, actor, table_name, row_id, action, changes)
    values ('visitor@example.org', 'authenticated', 'timeline', '1', 'update', '{}'), ('Visitor@Example.org', 'authenticated', 'timeline', '2', 'delete', '{}')`);
  await client.query(`insert into private.preview_links (token_hash, label, expires_at, editor_email)
    values (sha256('test token'), 'An editor''s preview', now() + interval '1 hour', 'visitor@example.org')`);
}

/** The editor's rows under the visitor's mailbox, per staff table. */
const STAFF = { 'private.editors': 'email', 'private.content_audit': 'editor_email', 'private.preview_links': 'editor_email' } as const;
async function staffRows(client: Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, column] of Object.entries(STAFF)) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table} where lower(${column}) = 'visitor@example.org'`);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

/** Inquiries of one mailbox in three spellings and one of another; a deck send for each. */
async function visitorRows(client: Client): Promise<void> {
  await client.query(`insert into public.contact_submissions (name, email, company, message, type) values
    ('Visitor One', 'visitor@example.org', null, 'First', 'contact'),
    ('Visitor Two', 'visitor+deck@example.org', 'Co', 'Deck please', 'investor'),
    ('Visitor Three', 'VISITOR@Example.ORG', null, 'Third', 'contact'),
    ('Other', 'other@example.org', null, 'Not theirs', 'contact')`);
  await client.query(`insert into private.test_deck_sends (inquiry_id, sent_to)
    select id, email from public.contact_submissions where email ilike '%example.org'`);
  // What the limits kept of their admissions (as the trigger writes them for a visitor's insert).
  await client.query(`select private.admit_inquiry('203.0.113.5', 'visitor+deck@example.org', false),
    private.admit_inquiry('2001:db8:1:2::/64', 'VISITOR@example.org', true), private.admit_inquiry('203.0.113.6', 'other@example.org', false)`);
}

function describeRequests(name: string, open: () => Promise<Database>, existing: number) {
  describe(name, () => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
      await addDerivedAndOtherTables(db.client);
      await visitorRows(db.client);
      await editorRows(db.client);
    });
    afterAll(() => db?.close());

    const count = async (sql: string) => Number((await db.client.query<{ n: string }>(`select count(*) as n from ${sql}`)).rows[0]?.n);

    test('export finds the mailbox in every table, whatever its case and +tag; other mailboxes stay out', async () => {
      const outcome = await inquiries(db, ['export', 'Visitor+whatever@EXAMPLE.org']);
      expect(outcome).toMatchObject({ code: 0, err: '' });
      const tables = exported(outcome);
      expect(Object.keys(tables).sort()).toEqual([
        'private.inquiry_writes',
        'private.test_deck_sends',
        'public.contact_submissions',
        'public.test_newsletter',
      ]);
      expect(tables['public.contact_submissions']!.map((row) => row.name).sort()).toEqual(['Visitor One', 'Visitor Three', 'Visitor Two']);
      expect(tables['private.test_deck_sends']).toHaveLength(3);
      expect(tables['public.test_newsletter']).toEqual([{ subscriber_email: 'Visitor+News@Example.org' }]);
      // The limits' writes: the client address and network, and the mailbox only as its keyed hash.
      const { rows: hashed } = await db.client.query<{ mailbox: string }>(
        `select private.personal_data_hash('visitor@example.org') as mailbox`,
      );
      const writes = tables['private.inquiry_writes']!.map(({ client, network, mailbox }) => ({ client, network, mailbox }));
      expect(writes.sort((a, b) => String(a.client).localeCompare(String(b.client)))).toEqual([
        { client: '2001:db8:1:2::/64', network: '2001:db8:1::/48', mailbox: hashed[0]!.mailbox },
        { client: '203.0.113.5', network: null, mailbox: hashed[0]!.mailbox },
      ]);
      expect(hashed[0]!.mailbox).toMatch(/^[0-9a-f]{64}$/);
      expect(outcome.out).not.toContain('other@example.org');
      // An editor's own records under the same mailbox are not the visitor's.
      expect(outcome.out).not.toMatch(/editors|content_audit|preview_links|preview/);
    });

    test('erase says the rows per table and asks; "no" changes nothing', async () => {
      const outcome = await inquiries(db, ['erase', 'visitor@example.org'], 'no');
      expect(outcome.out).toContain('public.contact_submissions: 3 rows');
      expect(outcome.out).toContain('private.test_deck_sends: 3 rows');
      expect(outcome.out).toContain('public.test_newsletter: 1 row');
      expect(outcome.out).toContain('private.inquiry_writes: 2 rows');
      expect(outcome.asked).toHaveLength(1);
      expect(outcome).toMatchObject({ code: 1, err: 'Not erased.\n' });
      expect(await count('public.contact_submissions')).toBe(existing + 4);
      expect(await count('private.personal_data_erasures')).toBe(0);
    });

    test('erase, answered yes, removes them from every table and records the erasure without the address', async () => {
      const staffBefore = await staffRows(db.client);
      expect(staffBefore).toEqual({ 'private.editors': 1, 'private.content_audit': 2, 'private.preview_links': 1 });
      const outcome = await inquiries(db, ['erase', 'VISITOR+x@example.org'], 'yes');
      expect(outcome.code).toBe(0);
      expect(outcome.out).toContain('Erased 9 rows');
      expect(outcome.out).not.toMatch(/editors|content_audit|preview_links/);
      expect(await count('public.contact_submissions')).toBe(existing + 1);
      expect(await count('private.test_deck_sends')).toBe(1);
      expect(await count('public.test_newsletter')).toBe(1);
      // No write of theirs is left in the limit table; another visitor's is.
      expect(await count(`private.inquiry_writes where mailbox = private.personal_data_hash('visitor@example.org')`)).toBe(0);
      expect(await count(`private.inquiry_writes where mailbox = private.personal_data_hash('other@example.org')`)).toBe(1);
      // The editor with the same mailbox keeps their allow-list entry, audit rows and preview link.
      expect(await staffRows(db.client)).toEqual(staffBefore);
      const { rows } = await db.client.query<Record<string, unknown>>(
        `select e.counts, e.mailbox_hmac = private.hmac_sha256(k.key, convert_to('visitor@example.org', 'UTF8')) as same_mailbox,
                e.erased_at > now() - interval '1 minute' as now, row_to_json(e)::text as whole
           from private.personal_data_erasures as e, private.personal_data_key as k`,
      );
      expect(rows).toEqual([
        {
          counts: {
            'private.inquiry_writes': 2,
            'private.test_deck_sends': 3,
            'public.contact_submissions': 3,
            'public.test_newsletter': 1,
          },
          same_mailbox: true,
          now: true,
          whole: expect.not.stringMatching(/visitor/i) as unknown,
        },
      ]);
    });

    test('a second export finds nothing and says so; so does an erase, which records nothing', async () => {
      expect(await inquiries(db, ['export', 'visitor@example.org'])).toEqual({
        code: 1,
        out: '',
        err: 'Nothing is stored about visitor@example.org (compared without case and +tag).\n',
        asked: [],
      });
      const erase = await inquiries(db, ['erase', 'visitor@example.org', '--yes']);
      expect(erase).toMatchObject({ code: 1, out: '' });
      expect(erase.err).toContain('nothing erased');
      expect(await count('private.personal_data_erasures')).toBe(1);
    });

    test('an inquiry under legal hold is exported but not erased, and the erase says so', async () => {
      await db.client.query(`insert into public.contact_submissions (name, email, message, type, legal_hold)
        values ('Held', 'held@example.org', 'Disputed', 'contact', true), ('Free', 'Held+2@example.org', 'Other', 'contact', false)`);
      expect(exported(await inquiries(db, ['export', 'held@example.org']))['public.contact_submissions']).toHaveLength(2);
      const erase = await inquiries(db, ['erase', 'held@example.org', '--yes']);
      expect(erase.code).toBe(0);
      expect(erase.out).toContain('public.contact_submissions: 1 row\nKept under legal hold: 1 inquiry');
      expect((await db.client.query(`select name from public.contact_submissions where email ilike 'held%'`)).rows).toEqual([
        { name: 'Held' },
      ]);
    });
  });
}

describe('npm run inquiries on PostgreSQL 15 with Supabase roles', () => {
  describeRequests('a fresh project', openProjectDatabase, 0);

  describeRequests(`over the adopted ${NUMBERED_LEGACY.name}`, openAdoptedDatabase, 3);

  describe('what changes nothing', () => {
    let db: Database;
    beforeAll(async () => {
      db = await openProjectDatabase();
      await db.client.query(
        `insert into public.contact_submissions (name, email, message, type) values ('Kept', 'kept@example.org', 'Hi', 'contact')`,
      );
    });
    afterAll(() => db?.close());

    test.each([
      [['export'], 'export needs the person'],
      [['erase', 'not-an-address'], '"not-an-address" is not an email address'],
      [['delete', 'kept@example.org'], 'unknown request "delete"'],
      [['export', 'kept@example.org', '--yes'], '--yes is for erase'],
    ])('%j is refused with a clear sentence', async (args, sentence) => {
      const outcome = await inquiries(db, args);
      expect(outcome.code).toBe(2);
      expect(outcome.err).toContain(sentence);
    });

    test('a table of addresses nobody has assigned to visitors or staff stops export and erase, naming it', async () => {
      await db.client.query('create table private.test_unassigned (contact_email text)');
      try {
        for (const args of [
          ['export', 'kept@example.org'],
          ['erase', 'kept@example.org', '--yes'],
        ]) {
          const outcome = await inquiries(db, args);
          expect(outcome).toMatchObject({ code: 1, out: '' });
          expect(outcome.err).toMatch(/^Nothing read or erased: .* the email addresses in private\.test_unassigned /);
        }
        expect((await db.client.query(`select name from public.contact_submissions`)).rows).toEqual([{ name: 'Kept' }]);
      } finally {
        await db.client.query('drop table private.test_unassigned');
      }
    });

    test('a wrong URL is named without its password', async () => {
      const wrong = `postgresql://postgres:hunter2secret@127.0.0.1:${db.port}/no_such_database`;
      const outcome = await inquiries(db, ['export', 'kept@example.org'], undefined, { SUPABASE_DB_URL: wrong });
      expect(outcome.code).toBe(1);
      expect(outcome.err).toMatch(/^Could not connect to host 127\.0\.0\.1, database no_such_database \(3D000\); nothing changed\.$/m);
      expect(outcome.err).not.toContain('hunter2secret');
      expect((await inquiries(db, ['export', 'kept@example.org'], undefined, {})).err).toContain('SUPABASE_DB_URL is not set');
    });

    test('as an operator runs it without a terminal, erase without --yes refuses after saying what it would erase', async () => {
      const failed = await run(COMMAND, [...COMMAND_ARGS, 'erase', 'kept@example.org'], {
        cwd: REPO_ROOT,
        env: { ...process.env, SUPABASE_DB_URL: superuserUrl(db.port, db.database) },
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 2, stdout: expect.stringContaining('public.contact_submissions: 1 row') as unknown });
      expect(failed.stderr).toContain('Pass --yes to erase without asking.');
      expect((await db.client.query(`select name from public.contact_submissions`)).rows).toEqual([{ name: 'Kept' }]);
    });
  });
});
