// "Send the deck" from /team/ on one machine: an operator adds a team member and an editor (npm run
// team / editors over the local backend's database port and Auth admin API), the member signs in
// with the code from the local inbox, and supabase-js's functions.invoke calls the function under
// Deno with the member's session; the function claims the deck through the Data API with that same
// session (RLS and the database's check by auth.uid()), so an investor request already marked
// answered gets exactly one deck email, while the editor, a removed member and anon send nothing.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { InboxEmail, LocalBackend } from 'local-supabase';
import { insertInquiry, visitorRow } from 'local-supabase/visitor';
import { runEditors, runTeam } from '../../scripts/staff/run';
import type { CommandRun } from '../../scripts/command';
import { anonClient, backendWithDbPortForTheFile, runStaffCommand, signInWithCode } from './support/staff';

const MEMBER = 'wulan@example.test';
const EDITOR = 'dewi@example.test';
const LEAVING = 'tono@example.test';
const FUNCTION = 'inquiry-notif-resend';

const started = backendWithDbPortForTheFile();
let backend: LocalBackend;
beforeAll(() => {
  backend = started();
});

const staff = async (runner: (run: CommandRun) => Promise<number>, ...args: string[]) =>
  (await runStaffCommand(backend, runner, args)).code;
const client = () => anonClient(backend);
const signIn = (email: string) => signInWithCode(backend, email);
const inbox = async () => (await (await fetch(`${backend.url}/local/emails`)).json()) as InboxEmail[];

/** The page's press through supabase-js: the status and the function's JSON answer. */
async function pressDeck(session: SupabaseClient, id: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = (await session.functions.invoke<Record<string, unknown>>(FUNCTION, { body: { team_deck: id } })) as {
    data: Record<string, unknown> | null;
    error: Error | null;
  };
  if (!error) return { status: 200, body: data! };
  if (!(error instanceof FunctionsHttpError)) throw error;
  const response = error.context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('a member sends the deck to an investor request already marked answered: one email to the requester; editor, removed member and anon send nothing', async () => {
  expect(await staff(runTeam, 'add', MEMBER)).toBe(0);
  expect(await staff(runTeam, 'add', LEAVING)).toBe(0);
  expect(await staff(runEditors, 'add', EDITOR)).toBe(0);
  const [member, editor, leaving] = [await signIn(MEMBER), await signIn(EDITOR), await signIn(LEAVING)];
  expect(await staff(runTeam, 'remove', LEAVING)).toBe(0);

  const row = visitorRow({ type: 'investor', company: 'Modal Ventura' });
  expect((await insertInquiry(backend.url, backend.anonKey, row)).status).toBe(201);
  await backend.db.query(`update public.contact_submissions set answered_at = now(), answered_how = 'marked' where id = $1`, [row.id]);
  const toRequester = async () => (await inbox()).filter((email) => email.to.includes(row.email));

  for (const [who, session, status] of [
    ['editor', editor, 403],
    ['removed member', leaving, 403],
    ['anon', client(), 401],
  ] as const) {
    const answer = await pressDeck(session, row.id);
    expect([who, answer.status, answer.body.outcome]).toEqual([who, status, 'forbidden']);
  }
  expect(await toRequester()).toHaveLength(0);
  const claimed = await backend.db.query('select 1 from private.inquiry_deck_sends where inquiry_id = $1', [row.id]);
  expect(claimed.rows).toHaveLength(0);

  const sent = await pressDeck(member, row.id);
  expect(sent).toEqual({ status: 200, body: { outcome: 'deck_sent', at: expect.any(String) as unknown } });
  const [email, ...more] = await toRequester();
  expect(more).toHaveLength(0);
  expect(email).toMatchObject({ to: [row.email], subject: 'The AdaSorter investor deck' });
  expect(email!.links.some((link) => link.startsWith(`${backend.url}/storage/v1/object/sign/investor-deck/`))).toBe(true);

  expect(await pressDeck(member, row.id)).toEqual({ status: 200, body: { outcome: 'done', how: 'deck_sent', at: sent.body.at } });
  expect(await toRequester()).toHaveLength(1);
  const { rows } = await backend.db.query<{ answered_how: string; deck_sent_at: Date | null }>(
    'select answered_how, deck_sent_at from public.contact_submissions where id = $1',
    [row.id],
  );
  expect(rows[0]).toMatchObject({ answered_how: 'marked', deck_sent_at: expect.any(Date) as unknown });
  const record = await backend.db.query<{ member_email: string; outcome: string }>(
    `select member_email, outcome from private.team_actions where action = 'deck' and inquiry_id = $1 order by id`,
    [row.id],
  );
  expect(record.rows).toEqual([
    { member_email: MEMBER, outcome: 'claimed' },
    { member_email: MEMBER, outcome: 'sent' },
  ]);
  // The function's log names the inquiry by id only.
  const logged = backend.functionOutput();
  expect(logged).toContain(row.id);
  for (const personal of [row.email, row.name, row.company!]) expect(logged).not.toContain(personal);
});
