// The team's inbox on one machine, through supabase-js and the local backend: an operator adds a
// team member and an editor (npm run team, npm run editors), and inquiries arrive; the member signs
// in with the code from the local inbox and reads them with each of the page's filters and the
// mailbox search, then acts through the team's functions (docs/team.md). The editor's session and
// anon read none and may call none; after `npm run team -- remove` the member's session reads nothing.
// The shapes are the ones the local backend serves (tools/local-supabase/src/site-api.ts), so a
// request the page would make that the stand-in does not serve fails here.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { LocalBackend } from 'local-supabase';
import { runEditors, runTeam } from '../../scripts/staff/run';
import type { CommandRun } from '../../scripts/command';
import { anonClient, backendWithDbPortForTheFile, runStaffCommand, signInWithCode } from './support/staff';

const MEMBER = 'wulan@example.test';
const EDITOR = 'dewi@example.test';
const COLUMNS =
  'id,type,name,email,company,message,language,created_at,reply_due_at,answered_at,answered_how,deck_sent_at,legal_hold,mailbox';

interface Inquiry {
  id: string;
  name: string;
  answered_at: string | null;
  legal_hold: boolean;
  mailbox: string;
}

const started = backendWithDbPortForTheFile();
let backend: LocalBackend;
beforeAll(() => {
  backend = started();
});

const command = async (runner: (run: CommandRun) => Promise<number>, args: string[]) => (await runStaffCommand(backend, runner, args)).code;
const client = () => anonClient(backend);
const signIn = (email: string) => signInWithCode(backend, email);

/** The page's first page of one filter, newest first, as the page asks for it. */
async function page(session: SupabaseClient, filter: 'open' | 'due soon' | 'overdue' | 'answered' | { mailbox: string }) {
  const counts = await session.rpc('team_inbox_counts');
  const now = new Date(String((counts.data as { now?: string } | null)?.now ?? new Date().toISOString()));
  const remind = Number((counts.data as { remind_before_seconds?: number } | null)?.remind_before_seconds ?? 0);
  let query = session.from('contact_submissions').select(COLUMNS, { count: 'exact' });
  if (typeof filter === 'object') query = query.eq('mailbox', filter.mailbox);
  else if (filter === 'answered') query = query.not('answered_at', 'is', null);
  else query = query.is('answered_at', null);
  if (filter === 'overdue') query = query.lt('reply_due_at', now.toISOString());
  if (filter === 'due soon')
    query = query.gte('reply_due_at', now.toISOString()).lt('reply_due_at', new Date(now.getTime() + remind * 1000).toISOString());
  return query.order('created_at', { ascending: false }).range(0, 49);
}

const names = (rows: unknown) => (rows as Inquiry[] | null)?.map((row) => row.name) ?? [];

beforeAll(async () => {
  expect(await command(runTeam, ['add', MEMBER])).toBe(0);
  expect(await command(runEditors, ['add', EDITOR])).toBe(0);
  await backend.sql(`insert into contact_submissions (name, email, company, message, type, created_at, notified_at) values
    ('Kartika', 'Kartika+news@Example.net', 'Bank Sampah Sejahtera', 'Partnership?', 'contact', now() - interval '25 hours', now()),
    ('Agus', 'agus@example.net', null, 'The deck, please', 'investor', now() - interval '21 hours', now()),
    ('Kartika again', 'kartika@example.net', null, 'Any news?', 'contact', now() - interval '1 hour', now())`);
});

test('the member reads the inquiries an operator added, with each filter and the mailbox search; counts agree', async () => {
  const member = await signIn(MEMBER);
  const counts = await member.rpc('team_inbox_counts');
  expect(counts.error).toBeNull();
  expect(counts.data).toMatchObject({ open: 3, due_soon: 1, overdue: 1, answered: 0, remind_before_seconds: 4 * 3600 });

  const open = await page(member, 'open');
  expect(open.error).toBeNull();
  expect(names(open.data)).toEqual(['Kartika again', 'Agus', 'Kartika']);
  expect(open.count).toBe(3);
  expect(names((await page(member, 'overdue')).data)).toEqual(['Kartika']);
  expect(names((await page(member, 'due soon')).data)).toEqual(['Agus']);
  expect(names((await page(member, 'answered')).data)).toEqual([]);

  const mailbox = await member.rpc('team_mailbox', { p_email: 'KARTIKA@example.net' });
  expect(mailbox).toMatchObject({ data: 'kartika@example.net', error: null });
  expect(names((await page(member, { mailbox: mailbox.data as string })).data)).toEqual(['Kartika again', 'Kartika']);
  const notAnAddress = await member.rpc('team_mailbox', { p_email: 'kartika' });
  expect(notAnAddress.error?.code).toBe('22023');
});

test('the member acts through the functions: answered once, the hold, the export, the erasure typed again', async () => {
  const member = await signIn(MEMBER);
  const overdue = (await page(member, 'overdue')).data as Inquiry[];
  const answered = await member.rpc('team_mark_answered', { p_id: String(overdue[0]!.id) });
  expect(answered.data).toMatchObject({ outcome: 'answered' });
  const again = await member.rpc('team_mark_answered', { p_id: String(overdue[0]!.id) });
  expect(again.data).toMatchObject({ outcome: 'already', how: 'marked', by: MEMBER });
  expect(names((await page(member, 'answered')).data)).toEqual(['Kartika']);
  expect(names((await page(member, 'overdue')).data)).toEqual([]);

  const newest = ((await page(member, 'open')).data as Inquiry[])[0]!;
  expect((await member.rpc('team_set_hold', { p_id: String(newest.id), p_hold: true })).data).toMatchObject({ outcome: 'held' });

  const exported = await member.rpc('team_export', { p_email: 'kartika@example.net' });
  expect(exported.error).toBeNull();
  expect((exported.data as { tables: Record<string, unknown[]> }).tables['public.contact_submissions']).toHaveLength(2);

  const unconfirmed = await member.rpc('team_erase', { p_email: 'kartika@example.net', p_confirmation: 'agus@example.net' });
  expect(unconfirmed.data).toEqual({ outcome: 'unconfirmed' });
  const erased = await member.rpc('team_erase', { p_email: 'kartika@example.net', p_confirmation: 'Kartika@Example.net' });
  expect(erased.data).toEqual({ outcome: 'erased', deleted: { 'public.contact_submissions': 1 }, held: 1 });
  expect(names((await page(member, { mailbox: 'kartika@example.net' })).data)).toEqual(['Kartika again']);

  const { rows } = await backend.db.query<{ member_email: string; action: string; outcome: string }>(
    `select member_email, action, outcome from private.team_actions order by id`,
  );
  expect(rows.map((r) => `${r.member_email} ${r.action} ${r.outcome}`)).toEqual([
    `${MEMBER} mark_answered answered`,
    `${MEMBER} mark_answered already`,
    `${MEMBER} set_hold held`,
    `${MEMBER} export exported`,
    `${MEMBER} erase unconfirmed`,
    `${MEMBER} erase erased`,
  ]);
});

test("the editor's session and anon read no inquiry and may call none of the team's functions", async () => {
  const editor = await signIn(EDITOR);
  const read = await editor
    .from('contact_submissions')
    .select(COLUMNS)
    .is('answered_at', null)
    .order('created_at', { ascending: false })
    .range(0, 49);
  expect(read.error).toBeNull();
  expect(read.data).toEqual([]);
  const counts = await editor.rpc('team_inbox_counts');
  expect(counts.error?.code).toBe('42501');
  expect(counts.status).toBe(403);

  const anon = client();
  const anonRead = await anon
    .from('contact_submissions')
    .select(COLUMNS)
    .is('answered_at', null)
    .order('created_at', { ascending: false })
    .range(0, 49);
  expect(anonRead.data).toBeNull();
  expect(anonRead.error?.code).toBe('42501');
  expect((await anon.rpc('team_mark_answered', { p_id: '1' })).status).toBe(401);
});

test('after npm run team -- remove, the same session reads nothing and acts on nothing', async () => {
  const member = await signIn(MEMBER);
  expect(names((await page(member, 'open')).data)).toEqual(['Kartika again', 'Agus']);
  expect(await command(runTeam, ['remove', MEMBER])).toBe(0);
  const after = await page(member, 'open');
  expect(after.data ?? []).toEqual([]);
  const open = (await backend.db.query<{ id: string }>(`select id::text from contact_submissions where answered_at is null`)).rows[0]!;
  const pressed = await member.rpc('team_mark_answered', { p_id: open.id });
  expect(pressed.data).toBeNull();
  expect(pressed.error?.code).toMatch(/^(42501|PGRST301)$/);
});
