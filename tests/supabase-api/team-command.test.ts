// The team's accounts on one machine, through the real command (npm run team, over the local
// backend's database port and its Auth admin API): add links the member's Auth user, list shows
// them, remove makes their session nothing at its next request; an address listed before its user
// existed is linked at the user's first sign-in with the emailed code, and reaches nothing before;
// a person who is both editor and team member keeps one role and their Auth user when the other
// is removed. What a session is, the database's own checks say, asked as PostgREST asks them.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { LocalBackend } from 'local-supabase';
import { runEditors, runTeam } from '../../scripts/staff/run';
import { anonClient, backendWithDbPortForTheFile, runStaffCommand, signInWithCode } from './support/staff';

const MEMBER = 'wulan@example.test';
const LATE = 'nadia@example.test';
const BOTH = 'bayu@example.test';

const started = backendWithDbPortForTheFile();
let backend: LocalBackend;
beforeAll(() => {
  backend = started();
});

const team = (...args: string[]) => runStaffCommand(backend, runTeam, args);
const editors = (...args: string[]) => runStaffCommand(backend, runEditors, args);
const signIn = (email: string) => signInWithCode(backend, email);

/** Whether a one-time code goes to `email`: the local inbox gets one only for a user who exists. */
async function codeSent(email: string): Promise<boolean> {
  const before = backend.emails.length;
  const asked = await anonClient(backend).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  return asked.error === null && backend.emails.length === before + 1;
}

/** The claims PostgREST would set for this session's requests. */
async function claimsOf(session: SupabaseClient): Promise<Record<string, unknown>> {
  const { data } = await session.auth.getSession();
  return JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

/** What the database's checks answer for a request carrying `claims`, as PostgREST runs one. */
async function roles(claims: Record<string, unknown>): Promise<{ editor: boolean; team: boolean }> {
  return backend.db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await tx.query('set local role authenticated');
    const { rows } = await tx.query<{ editor: boolean; team: boolean }>(
      `select private.is_editor() as editor, private.is_team_member() as team`,
    );
    await tx.rollback();
    return rows[0]!;
  });
}

/** How many timeline rows the session reads: every row for an editor, the active ones for anyone else. */
async function timelineRows(session: SupabaseClient): Promise<number> {
  // The editing page's list, the shape the local backend serves a signed-in session.
  const { data, error } = await session.from('timeline').select('id').order('order_index');
  expect(error).toBeNull();
  return data!.length;
}
const counted = async (where: string) =>
  Number((await backend.db.query<{ n: number }>(`select count(*)::int as n from timeline ${where}`)).rows[0]!.n);

test('team add links the Auth user, list shows the member, remove makes the same session nothing at its next request', async () => {
  expect(await team('list')).toEqual({ code: 0, out: 'No team members. Add one with: npm run team -- add name@example.com', err: '' });

  const added = await team('add', MEMBER);
  expect(added).toMatchObject({ code: 0, err: `Made the Auth user ${MEMBER}.` });
  expect(added.out).toBe(`${MEMBER} is a team member: they sign in on the site's /team/ page with a one-time code sent to that address.`);
  const listed = await team('list');
  expect(listed.out).toMatch(new RegExp(`^${MEMBER}\tadded \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`));

  const member = await signIn(MEMBER);
  const claims = await claimsOf(member);
  expect(await roles(claims)).toEqual({ editor: false, team: true });
  // A member who is not an editor reads the published content only, as a visitor does.
  expect(await timelineRows(member)).toBe(await counted('where is_active'));

  const removed = await team('remove', MEMBER);
  expect(removed).toEqual({
    code: 0,
    out: `${MEMBER} is no longer a team member: their next request is refused.`,
    err: `Deleted the Auth user ${MEMBER}: no new code goes to that address.`,
  });
  expect(await roles(claims)).toEqual({ editor: false, team: false });
  expect(await codeSent(MEMBER)).toBe(false);
  const again = await team('remove', MEMBER);
  expect(again.code).toBe(2);
  expect(again.err).toContain(`${MEMBER} is not a team member.`);
  expect((await team('list')).out).not.toContain(MEMBER);
});

test('an address listed before its Auth user existed reaches nothing until the first sign-in links it', async () => {
  const added = await runStaffCommand(backend, runTeam, ['add', LATE], { withAuth: false });
  expect(added.code).toBe(0);
  expect(added.err).toContain('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are not both set');
  expect(await runStaffCommand(backend, runEditors, ['add', LATE], { withAuth: false })).toMatchObject({ code: 0 });
  expect((await team('list')).out).toContain(`${LATE}\tadded`);
  expect((await team('list')).out).toContain('(no Auth user linked)');
  // A token that carries the address is not enough.
  expect(await roles({ role: 'authenticated', sub: '4e6a8c0e-2b4d-4f6a-9c1e-3a5c7e9b1d35', email: LATE })).toEqual({
    editor: false,
    team: false,
  });

  // The operator makes the user in the dashboard (Auth's admin API), and the person signs in with the code.
  const made = await fetch(`${backend.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: LATE, email_confirm: true }),
  });
  expect(made.status).toBe(200);
  expect((await team('list')).out).toContain('(no Auth user linked)');
  const late = await signIn(LATE);
  expect((await team('list')).out).not.toContain('(no Auth user linked)');
  expect((await editors('list')).out).not.toContain('(no Auth user linked)');
  expect(await roles(await claimsOf(late))).toEqual({ editor: true, team: true });
  expect(await timelineRows(late)).toBe(await counted(''));

  expect(await editors('remove', LATE)).toMatchObject({ code: 0, err: `Kept the Auth user ${LATE}: they are still a team member.` });
  expect(await team('remove', LATE)).toMatchObject({ code: 0, err: `Deleted the Auth user ${LATE}: no new code goes to that address.` });
});

test('a person both editor and team member: one Auth user; removing one role keeps the other and the sign-in', async () => {
  expect(await editors('add', BOTH)).toMatchObject({ code: 0, err: `Made the Auth user ${BOTH}.` });
  expect(await team('add', BOTH)).toMatchObject({ code: 0, err: `${BOTH} already has an Auth user.` });
  const both = await signIn(BOTH);
  const claims = await claimsOf(both);
  expect(await roles(claims)).toEqual({ editor: true, team: true });
  expect(await timelineRows(both)).toBe(await counted(''));

  expect(await editors('remove', BOTH)).toEqual({
    code: 0,
    out: `${BOTH} is no longer an editor: their next request is refused.`,
    err: `Kept the Auth user ${BOTH}: they are still a team member.`,
  });
  expect(await roles(claims)).toEqual({ editor: false, team: true });
  expect(await timelineRows(both)).toBe(await counted('where is_active'));
  expect(await codeSent(BOTH)).toBe(true);

  expect(await team('remove', BOTH)).toMatchObject({ code: 0, err: `Deleted the Auth user ${BOTH}: no new code goes to that address.` });
  expect(await roles(claims)).toEqual({ editor: false, team: false });
  expect(await codeSent(BOTH)).toBe(false);
});
