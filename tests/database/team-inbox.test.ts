// What the team's functions do (supabase/migrations/20261129001000_team_inbox.sql) on PostgreSQL 15
// with Supabase's roles, in a fresh project and over an adopted one whose ids are bigint: each call
// made as PostgREST makes it for a signed-in member (role authenticated, the session's claims).
// Marked answered once, and a second member's press, even one racing the first, is 'already' with
// nothing changed; the legal hold is set and cleared; the export is what `npm run inquiries --
// export` prints; an erasure without the address typed again changes nothing, with it is complete;
// the deck is claimed for an investor request answered or not, and its sending shows on the row.
// Every call is recorded with the member and the mailbox's keyed hash, never a visitor's address;
// the retention job deletes old records; `npm run doctor` shows the last ones.
import { Client } from 'pg';
import { sqlState } from '../support/database';
import { superuserUrl } from '../support/postgres';
import { openProjectDatabase } from '../support/shared-postgres';
import { NUMBERED_LEGACY, openAdoptedDatabase } from './support/adopted-project';
import { runInquiries } from '../../scripts/inquiries/run';
import { checkTeam } from '../../scripts/doctor/team';

const MEMBER = { email: 'wulan@example.test', sub: '3f6a9c12-5e8b-4d71-a0c3-7b2e4f6d8a91' };
const SECOND = { email: 'bayu@example.test', sub: '8d2f4a6c-1e3b-4c5d-9f7a-2b4c6d8e0f13' };
type Member = typeof MEMBER;

type Database = Awaited<ReturnType<typeof openProjectDatabase>>;
type Json = Record<string, unknown>;

/** One request of `member` on `client`: the function's answer, or the SQLSTATE it was refused with; committed. */
async function call(client: Client, member: Member, sql: string, params: unknown[] = []): Promise<Json | string> {
  await client.query('begin');
  try {
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', aud: 'authenticated', ...member }),
    ]);
    const { rows } = await client.query<{ r: Json }>(`select ${sql} as r`, params);
    await client.query('commit');
    return rows[0]!.r;
  } catch (error) {
    await client.query('rollback');
    return sqlState(error) ?? String(error);
  }
}

/** Whether a JSON timestamp (microseconds) and a Date from pg (milliseconds) are the same instant. */
const sameTime = (json: unknown, date: unknown) => Math.floor(new Date(String(json)).getTime()) === (date as Date).getTime();

/** `badRow`: the address of an adopted row that breaks a NOT VALID rule, where there is one. */
function describeTeamInbox(name: string, open: () => Promise<Database>, badRow?: string): void {
  describe(name, () => {
    let db: Database;
    let ids: { overdue: string; investor: string; again: string };
    const sql = <T extends Json = Json>(text: string, params?: unknown[]) => db.client.query<T>(text, params);
    const as = (member: Member, text: string, params?: unknown[]) => call(db.client, member, text, params);
    const row = async (id: string) =>
      (
        await sql(
          `select answered_at, answered_how, legal_hold, deck_sent_at, mailbox from public.contact_submissions where id::text = $1`,
          [id],
        )
      ).rows[0];
    const exportOf = async (email: string) => {
      const out: string[] = [];
      const code = await runInquiries({
        env: { SUPABASE_DB_URL: superuserUrl(db.port, db.database) },
        args: ['export', email],
        out: (line) => out.push(line),
        err: () => undefined,
      });
      return code === 0 ? (JSON.parse(out.join('\n')) as { mailbox: string; tables: Json }) : null;
    };

    beforeAll(async () => {
      db = await open();
      await sql(`insert into private.team_members (email, user_id) values ($1, $2), ($3, $4)`, [
        MEMBER.email,
        MEMBER.sub,
        SECOND.email,
        SECOND.sub,
      ]);
      const inserted = await sql<{ id: string; name: string }>(
        `insert into public.contact_submissions (name, email, company, message, type, created_at) values
           ('Kartika', 'Kartika+news@Example.net', 'Bank Sampah Sejahtera', 'Partnership?', 'contact', now() - interval '25 hours'),
           ('Agus', 'agus@example.net', null, 'The deck, please', 'investor', now() - interval '2 hours'),
           ('Kartika again', 'kartika@example.net', null, 'Any news?', 'contact', now() - interval '1 hour')
         returning id::text, name`,
      );
      const idOf = (who: string) => inserted.rows.find((r) => r.name === who)!.id;
      ids = { overdue: idOf('Kartika'), investor: idOf('Agus'), again: idOf('Kartika again') };
    });
    afterAll(() => db?.close());

    test('the database keeps each row its mailbox, as export compares it; the page asks for a searched one', async () => {
      expect((await row(ids.overdue))?.mailbox).toBe('kartika@example.net');
      expect((await row(ids.again))?.mailbox).toBe('kartika@example.net');
      expect(await as(MEMBER, 'public.team_mailbox($1)', ['  KARTIKA+other@example.NET '])).toBe('kartika@example.net');
      expect(await as(MEMBER, 'public.team_mailbox($1)', ['kartika at example'])).toBe('22023');

      // An owner's correction of the address moves the mailbox with it; nobody sets it apart.
      await sql(`update public.contact_submissions set email = 'Agus.W@Example.net' where id::text = $1`, [ids.investor]);
      expect((await row(ids.investor))?.mailbox).toBe('agus.w@example.net');
      await sql(`update public.contact_submissions set mailbox = 'someone@example.test' where id::text = $1`, [ids.investor]);
      expect((await row(ids.investor))?.mailbox).toBe('agus.w@example.net');
      await sql(`update public.contact_submissions set email = 'agus@example.net' where id::text = $1`, [ids.investor]);
    });

    test('the counts and the clock the page filters with', async () => {
      const { rows } = await sql<{ open: number; answered: number; overdue: number }>(
        `select count(*) filter (where answered_at is null)::int as open, count(*) filter (where answered_at is not null)::int as answered,
                count(*) filter (where answered_at is null and reply_due_at < now())::int as overdue
           from public.contact_submissions`,
      );
      const counts = (await as(MEMBER, 'public.team_inbox_counts()')) as Json;
      expect(counts).toMatchObject({ ...rows[0], due_soon: 0, remind_before_seconds: 4 * 60 * 60 });
      expect(Math.abs(new Date(String(counts.now)).getTime() - Date.now())).toBeLessThan(60_000);
    });

    test("marked answered once: a second member's press, even one racing the first, is 'already', naming the first", async () => {
      const second = new Client({ host: '127.0.0.1', port: db.port, user: 'postgres', database: db.database });
      await second.connect();
      try {
        await db.client.query('begin');
        await db.client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ role: 'authenticated', ...MEMBER }),
        ]);
        const first = (await db.client.query<{ r: Json }>('select public.team_mark_answered($1) as r', [ids.overdue])).rows[0]!.r;
        expect(first).toMatchObject({ outcome: 'answered' });
        // The second press waits for the first to commit, then sees the answer.
        const racing = call(second, SECOND, 'public.team_mark_answered($1)', [ids.overdue]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await db.client.query('commit');
        const answered = await row(ids.overdue);
        const already = (await racing) as Json;
        expect(already).toEqual({ outcome: 'already', at: expect.any(String) as unknown, how: 'marked', by: MEMBER.email });
        expect(answered).toMatchObject({ answered_how: 'marked' });
        // One answer, the first press's: both report its time (to the millisecond pg gives a Date).
        for (const at of [first.at, already.at]) expect(sameTime(at, answered!.answered_at)).toBe(true);
      } finally {
        await second.end();
      }
      expect(await as(SECOND, 'public.team_mark_answered($1)', [ids.overdue])).toMatchObject({ outcome: 'already', by: MEMBER.email });
    });

    test('an id that names no inquiry, or cannot be one, is missing', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', '987654321', 'not an id', '99999999999999999999999'])
        expect(await as(MEMBER, 'public.team_mark_answered($1)', [id])).toEqual({ outcome: 'missing' });
    });

    if (badRow) {
      test("an adopted row that breaks the table's rules is answered 'invalid' and left as it was", async () => {
        const { rows } = await sql<{ id: string }>(`select id::text from public.contact_submissions where email = $1`, [badRow]);
        const before = (await sql(`select * from public.contact_submissions where id::text = $1`, [rows[0]!.id])).rows;
        expect(await as(MEMBER, 'public.team_mark_answered($1)', [rows[0]!.id])).toEqual({ outcome: 'invalid' });
        expect(await as(MEMBER, 'public.team_set_hold($1, true)', [rows[0]!.id])).toEqual({ outcome: 'invalid' });
        expect((await sql(`select * from public.contact_submissions where id::text = $1`, [rows[0]!.id])).rows).toEqual(before);
        await sql(`delete from private.team_actions where inquiry_id = $1`, [rows[0]!.id]);
      });
    }

    test('the legal hold is set and cleared', async () => {
      expect(await as(MEMBER, 'public.team_set_hold($1, true)', [ids.again])).toMatchObject({ outcome: 'held' });
      expect((await row(ids.again))?.legal_hold).toBe(true);
      expect(await as(SECOND, 'public.team_set_hold($1, false)', [ids.again])).toMatchObject({ outcome: 'released' });
      expect((await row(ids.again))?.legal_hold).toBe(false);
      expect(await as(SECOND, 'public.team_set_hold($1, true)', [ids.again])).toMatchObject({ outcome: 'held' });
    });

    test('the export is what npm run inquiries -- export prints', async () => {
      const team = (await as(MEMBER, 'public.team_export($1)', ['Kartika@example.net'])) as { mailbox: string; tables: Json };
      const command = await exportOf('Kartika@example.net');
      expect(command).not.toBeNull();
      expect(team.tables).toEqual(command!.tables);
      expect(team.mailbox).toBe(command!.mailbox);
      expect(team.tables['public.contact_submissions']).toHaveLength(2);
      expect(await as(MEMBER, 'public.team_export($1)', ['nobody@example.org'])).toMatchObject({ tables: {} });
      expect(await as(MEMBER, 'public.team_export($1)', ['not an address'])).toBe('22023');
    });

    test('an erasure without the address typed again changes nothing; with it, it is complete but for the held inquiry', async () => {
      const before = await exportOf('kartika@example.net');
      for (const confirmation of [null, '', 'agus@example.net', 'kartika'])
        expect(await as(MEMBER, 'public.team_erase($1, $2)', ['kartika@example.net', confirmation])).toEqual({ outcome: 'unconfirmed' });
      expect(await as(MEMBER, 'public.team_erase($1, $1)', ['kartika'])).toBe('22023');
      expect(await exportOf('kartika@example.net')).toEqual({ ...before, exported_at: expect.any(String) as unknown });

      expect(await as(SECOND, 'public.team_erase($1, $2)', ['kartika@example.net', 'KARTIKA+x@example.net '])).toEqual({
        outcome: 'erased',
        deleted: { 'public.contact_submissions': 1 },
        held: 1,
      });
      const after = await exportOf('kartika@example.net');
      expect(after?.tables).toEqual({
        'public.contact_submissions': [expect.objectContaining({ name: 'Kartika again', legal_hold: true })],
      });
      expect(await row(ids.overdue)).toBeUndefined();
      const { rows } = await sql(`select count(*)::int as n from private.personal_data_erasures
        where mailbox_hmac = decode(private.personal_data_hash('kartika@example.net'), 'hex')`);
      expect(rows[0]).toEqual({ n: 1 });
    });

    test('the deck is claimed for an investor request answered or not, once; its sending shows on the row', async () => {
      expect(await as(MEMBER, 'public.team_mark_answered($1)', [ids.investor])).toMatchObject({ outcome: 'answered' });
      const claimed = (await as(MEMBER, 'public.team_deck_claim($1)', [ids.investor])) as Json;
      expect(claimed).toMatchObject({
        outcome: 'claimed',
        claim: expect.any(String) as unknown,
        row: { name: 'Agus', email: 'agus@example.net', language: 'en' },
        link_valid_seconds: 7 * 24 * 60 * 60,
      });
      expect(String((claimed.row as Json).id)).toBe(ids.investor);
      expect(await as(SECOND, 'public.team_deck_claim($1)', [ids.investor])).toEqual({ outcome: 'busy' });
      expect(await as(MEMBER, 'public.team_deck_claim($1)', [ids.again])).toEqual({ outcome: 'not-investor' });
      expect(await as(MEMBER, 'public.team_deck_claim($1)', ['not an id'])).toEqual({ outcome: 'missing' });

      // The edge function reports the email sent, with the service key.
      await sql(`set role service_role`);
      try {
        await sql(`select public.inquiry_deck_sent($1)`, [claimed.claim]);
      } finally {
        await sql(`reset role`);
      }
      const sent = await row(ids.investor);
      expect(sent?.deck_sent_at).toBeInstanceOf(Date);
      const again = (await as(SECOND, 'public.team_deck_claim($1)', [ids.investor])) as Json;
      expect(again).toEqual({ outcome: 'sent', at: expect.any(String) as unknown });
      expect(sameTime(again.at, sent!.deck_sent_at)).toBe(true);
    });

    test("every call is recorded: the member, the action, its outcome, the inquiry and the mailbox's keyed hash; no visitor's address", async () => {
      const { rows } = await sql<Json>(
        `select member_id::text, member_email, action, outcome, inquiry_id,
                encode(mailbox_hmac, 'hex') = private.personal_data_hash('kartika@example.net') as kartika,
                encode(mailbox_hmac, 'hex') = private.personal_data_hash('agus@example.net') as agus,
                mailbox_hmac is null as unhashed, to_jsonb(a)::text as everything
           from private.team_actions as a order by id`,
      );
      const summary = rows.map(({ member_email, action, outcome, inquiry_id, kartika, agus, unhashed }) => [
        member_email,
        action,
        outcome,
        inquiry_id === ids.overdue ? 'overdue' : inquiry_id === ids.investor ? 'investor' : inquiry_id === ids.again ? 'again' : inquiry_id,
        kartika ? 'kartika' : agus ? 'agus' : unhashed ? null : 'other',
      ]);
      expect(summary).toEqual([
        [MEMBER.email, 'mark_answered', 'answered', 'overdue', 'kartika'],
        [SECOND.email, 'mark_answered', 'already', 'overdue', 'kartika'],
        [SECOND.email, 'mark_answered', 'already', 'overdue', 'kartika'],
        [MEMBER.email, 'mark_answered', 'missing', '00000000-0000-4000-8000-000000000000', null],
        [MEMBER.email, 'mark_answered', 'missing', '987654321', null],
        [MEMBER.email, 'mark_answered', 'missing', 'not an id', null],
        [MEMBER.email, 'mark_answered', 'missing', '99999999999999999999999', null],
        [MEMBER.email, 'set_hold', 'held', 'again', 'kartika'],
        [SECOND.email, 'set_hold', 'released', 'again', 'kartika'],
        [SECOND.email, 'set_hold', 'held', 'again', 'kartika'],
        [MEMBER.email, 'export', 'exported', null, 'kartika'],
        [MEMBER.email, 'export', 'nothing', null, 'other'],
        ...Array.from({ length: 4 }, () => [MEMBER.email, 'erase', 'unconfirmed', null, 'kartika']),
        [SECOND.email, 'erase', 'erased', null, 'kartika'],
        [MEMBER.email, 'mark_answered', 'answered', 'investor', 'agus'],
        [MEMBER.email, 'deck', 'claimed', 'investor', 'agus'],
        [SECOND.email, 'deck', 'busy', 'investor', 'agus'],
        [MEMBER.email, 'deck', 'not-investor', 'again', 'kartika'],
        [MEMBER.email, 'deck', 'missing', 'not an id', null],
        [SECOND.email, 'deck', 'sent', 'investor', 'agus'],
      ]);
      expect(new Set(rows.map((r) => r.member_id))).toEqual(new Set([MEMBER.sub, SECOND.sub]));
      for (const { everything } of rows) expect(String(everything)).not.toMatch(/kartika|agus|nobody|example\.(net|org)/i);
    });

    test("npm run doctor's team row names the members' last actions by member, action and inquiry id", async () => {
      const result = await checkTeam(db.client);
      expect(result.status).toBe('ok');
      expect(result.detail).toBe(
        `2 team members; last actions: ${SECOND.email} deck sent ${ids.investor} 0 min ago; ${MEMBER.email} deck missing not an id 0 min ago; ` +
          `${MEMBER.email} deck not-investor ${ids.again} 0 min ago; ${SECOND.email} deck busy ${ids.investor} 0 min ago; ` +
          `${MEMBER.email} deck claimed ${ids.investor} 0 min ago`,
      );
    });

    test("the retention job deletes the record's rows older than the inquiries' retention and keeps the rest", async () => {
      const { rows: kept } = await sql<{ n: number }>(`select count(*)::int as n from private.team_actions`);
      await sql(
        `insert into private.team_actions (at, member_id, member_email, action, outcome)
        values (now() - interval '13 months', $1, $2, 'export', 'nothing'), (now() - interval '11 months', $1, $2, 'export', 'nothing')`,
        [MEMBER.sub, MEMBER.email],
      );
      const { rows } = await sql<{ r: Json }>('select private.apply_inquiry_retention() as r');
      expect(rows[0]!.r).toMatchObject({ actions: 1 });
      const { rows: left } = await sql<{ n: number; oldest: boolean }>(
        `select count(*)::int as n, bool_and(at > now() - interval '12 months') as oldest from private.team_actions`,
      );
      expect(left[0]).toEqual({ n: kept[0]!.n + 1, oldest: true });
    });

    test('a non-member, an anon request and a removed member are refused with 42501 and change nothing', async () => {
      const stranger = { email: 'someone@example.test', sub: 'e3a1c5d7-9b2f-4a6e-8c0d-2f4b6d8a0c1e' };
      const before = (await sql(`select count(*)::int as n from private.team_actions`)).rows[0];
      expect(await as(stranger, 'public.team_mark_answered($1)', [ids.again])).toBe('42501');
      await sql(`delete from private.team_members where email = $1`, [SECOND.email]);
      try {
        expect(await as(SECOND, 'public.team_set_hold($1, false)', [ids.again])).toBe('42501');
        expect(await as(SECOND, 'public.team_inbox_counts()')).toBe('42501');
      } finally {
        await sql(`insert into private.team_members (email, user_id) values ($1, $2)`, [SECOND.email, SECOND.sub]);
      }
      expect((await row(ids.again))?.legal_hold).toBe(true);
      expect((await sql(`select count(*)::int as n from private.team_actions`)).rows[0]).toEqual(before);
    });
  });
}

describe("the team's functions on PostgreSQL 15 with Supabase roles", () => {
  describeTeamInbox('a fresh project', openProjectDatabase);

  describeTeamInbox(`over the adopted ${NUMBERED_LEGACY.name}`, openAdoptedDatabase, 'not an email');
});
