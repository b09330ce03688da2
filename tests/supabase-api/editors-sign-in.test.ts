// The editors' loop on one machine: an operator adds an editor (npm run editors, over the local
// backend's database port and its Auth admin API), supabase-js signs in with the code from the
// local inbox, edits a timeline row in English and Indonesian, and the public read shows it; the
// same session reaches nothing outside the content; an address that is not an editor gets no
// session; after remove, the same session's next write is refused; the audit names the editor. The
// staff pages' sign-in (src/lib/staff-auth.ts) tells Auth's refusals apart.
import { createClient } from '@supabase/supabase-js';
import { createHmac } from 'node:crypto';
import { DEFAULT_JWT_SECRET, type LocalBackend } from 'local-supabase';
import { refusalOf } from '../../src/lib/editor-api';
import { CODE_LIFETIME_MS, sendCode, verifyCode } from '../../src/lib/staff-auth';
import { liveStateOf } from '../../src/lib/live-state';
import { runEditors } from '../../scripts/staff/run';
import { anonClient, backendWithDbPortForTheFile, codeFor, runStaffCommand, signInWithCode } from './support/staff';

const EDITOR = 'dewi@example.test';

interface TimelineRow {
  id: string;
  title: string;
  title_ind: string | null;
  row_version: number;
}
const COLUMNS = 'id,title,title_ind,row_version';

const started = backendWithDbPortForTheFile();
let backend: LocalBackend;
beforeAll(() => {
  backend = started();
});

const editors = (...args: string[]) => runStaffCommand(backend, runEditors, args);
const client = () => anonClient(backend);
const signIn = (email: string) => signInWithCode(backend, email);

const auditRows = async () =>
  (
    await backend.db.query<{ editor_email: string | null; actor: string; table_name: string; row_id: string; changes: unknown }>(
      `select editor_email, actor, table_name, row_id, changes from private.content_audit where actor = 'authenticated' order by id`,
    )
  ).rows;

test('an operator adds an editor, who signs in with the emailed code and edits a timeline item in both languages', async () => {
  const added = await editors('add', EDITOR);
  expect(added).toMatchObject({ code: 0 });
  expect(added.err).toContain('Made the Auth user');
  expect((await editors('list')).out).toContain(EDITOR);

  const editor = await signIn(EDITOR);
  expect((await editor.auth.getUser()).data.user?.email).toBe(EDITOR);

  // Drafts included: every row, where the public read has only the active ones.
  const all = await editor.from('timeline').select(COLUMNS).order('order_index');
  expect(all.error).toBeNull();
  const everyRow = await backend.db.query(`select id from timeline`);
  expect(all.data).toHaveLength(everyRow.rows.length);

  const row = (all.data as unknown as TimelineRow[])[0]!;
  const saved = await editor
    .from('timeline')
    .update({ title: 'Field study in Jakarta', title_ind: 'Studi lapangan di Jakarta', row_version: row.row_version })
    .eq('id', row.id)
    .select(COLUMNS);
  expect(saved.error).toBeNull();
  expect(saved.data).toEqual([
    { id: row.id, title: 'Field study in Jakarta', title_ind: 'Studi lapangan di Jakarta', row_version: row.row_version + 1 },
  ]);

  const visitor = await client().from('timeline').select('id,title,title_ind').eq('is_active', true).order('order_index');
  expect(visitor.data).toContainEqual({ id: row.id, title: 'Field study in Jakarta', title_ind: 'Studi lapangan di Jakarta' });

  // Opened before that save: refused with the row kept, not overwritten.
  const stale = await editor.from('timeline').update({ title: 'Older text', row_version: row.row_version }).eq('id', row.id);
  expect(stale.error?.code).toBe('PT409');
  expect(stale.status).toBe(409);

  expect(await auditRows()).toContainEqual({
    editor_email: EDITOR,
    actor: 'authenticated',
    table_name: 'timeline',
    row_id: row.id,
    changes: {
      title: { from: row.title, to: 'Field study in Jakarta' },
      title_ind: { from: row.title_ind, to: 'Studi lapangan di Jakarta' },
    },
  });
});

test('the same session reads no inquiry and writes no id, no timestamp', async () => {
  const editor = await signIn(EDITOR);
  await backend.sql(`insert into contact_submissions (name, email, message, type) values ('Rina', 'rina@example.com', 'Demo?', 'contact')`);
  const inquiries = await editor.from('contact_submissions').select('id').limit(1);
  expect(inquiries.data ?? []).toEqual([]);
  const everything = await editor.from('contact_submissions').select('*').limit(1);
  expect(everything.data).toBeNull();
  expect(everything.error?.code).toBe('42501');

  const { rows } = await backend.db.query<{ id: string }>(`select id::text from timeline limit 1`);
  const id = rows[0]!.id;
  const newId = await editor.from('timeline').update({ id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }).eq('id', id);
  expect(newId.error?.code).toBe('42501');
  const created = await editor.from('timeline').update({ created_at: '2020-01-01T00:00:00Z' }).eq('id', id);
  expect(created.error?.code).toBe('42501');
});

test('an address that is not an editor gets no code and no session', async () => {
  const stranger = client();
  const before = backend.emails.length;
  const asked = await stranger.auth.signInWithOtp({ email: 'someone@example.test', options: { shouldCreateUser: false } });
  expect(asked.error).not.toBeNull();
  expect(backend.emails.length).toBe(before);
  const guessed = await stranger.auth.verifyOtp({ email: 'someone@example.test', token: '123456', type: 'email' });
  expect(guessed.data.session).toBeNull();
  expect((await stranger.auth.getSession()).data.session).toBeNull();
});

test("the staff pages' sign-in tells an address without a user, a wrong code, a code past its hour and no answer apart", async () => {
  const staff = client();
  expect(await sendCode(staff, 'someone@example.test')).toBe('notAllowed');
  const sentAt = Date.now();
  expect(await sendCode(staff, EDITOR)).toBeNull();
  // Auth answers both alike (otp_expired); the code's age tells them apart.
  expect(await verifyCode(staff, EDITOR, '000000', sentAt)).toBe('wrongCode');
  expect(await verifyCode(staff, EDITOR, '000000', sentAt, () => sentAt + CODE_LIFETIME_MS)).toBe('expiredCode');
  expect(await verifyCode(staff, EDITOR, ` ${codeFor(backend, EDITOR)} `, sentAt)).toBeNull();
  expect((await staff.auth.getSession()).data.session?.user.email).toBe(EDITOR);
  // Nothing listens on the discard port: the request fails before any answer.
  const nowhere = createClient('http://127.0.0.1:9', backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  expect(await sendCode(nowhere, EDITOR)).toBe('unreachable');
});

test('an expired session is refused at its next write as expired, which the page tells the editor as such', async () => {
  const editor = await signIn(EDITOR);
  const { data } = await editor.auth.getSession();
  const [head, body] = data.session!.access_token.split('.');
  // The same session's claims, past their expiry, signed as the backend signs them.
  const claims = { ...(JSON.parse(Buffer.from(body!, 'base64url').toString()) as object), exp: Math.floor(Date.now() / 1000) - 60 };
  const signed = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const expired = `${signed}.${createHmac('sha256', DEFAULT_JWT_SECRET).update(signed).digest('base64url')}`;
  const { rows } = await backend.db.query<{ id: string; title_ind: string | null }>(`select id::text, title_ind from timeline limit 1`);
  const late = await fetch(`${backend.url}/rest/v1/timeline?id=eq.${rows[0]!.id}`, {
    method: 'PATCH',
    headers: { apikey: backend.anonKey, Authorization: `Bearer ${expired}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title_ind: 'Terlambat' }),
  });
  expect(late.status).toBe(401);
  const refusal = (await late.json()) as { code: string };
  expect(refusal.code).toBe('PGRST303');
  expect(refusalOf(refusal, late.status).refusal).toBe('expired');
  const after = await backend.db.query(`select title_ind from timeline where id = $1`, [rows[0]!.id]);
  expect(after.rows[0]).toEqual({ title_ind: rows[0]!.title_ind });
});

test('after remove, the same session is refused at its next write, the live state and its preview link, and no new code is sent', async () => {
  const editor = await signIn(EDITOR);
  const { data } = await editor.from('timeline').select(COLUMNS).order('order_index');
  const row = (data as unknown as TimelineRow[])[1]!;
  const before = await editor.from('timeline').update({ title_ind: 'Masih editor' }).eq('id', row.id).select(COLUMNS);
  expect(before.data).toHaveLength(1);
  // The site as built before that save: one edit behind.
  const { rows: revision } = await backend.db.query<{ r: string }>(`select (revision - 1)::text as r from private.content_revision`);
  const liveState = () => editor.rpc('editor_live_state', { live_revision: revision[0]!.r });
  const editorsLive = await liveState();
  expect(editorsLive.error).toBeNull();
  expect(liveStateOf('editor_live_state', editorsLive.data)).toMatchObject({ state: 'pending', editsSince: 1 });
  // A preview link of the editor's own, read as the preview page reads it (anon, the token).
  const link = await editor.rpc('editor_preview_link');
  expect(link.data).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const preview = () => client().rpc('preview_content', { token: link.data as string });
  expect((await preview()).error).toBeNull();

  expect(await editors('remove', EDITOR)).toMatchObject({ code: 0 });
  const after = await editor.from('timeline').update({ title_ind: 'Sudah dihapus' }).eq('id', row.id).select(COLUMNS);
  expect(after.data ?? []).toEqual([]);
  const { rows } = await backend.db.query(`select title_ind from timeline where id = $1`, [row.id]);
  expect(rows[0]).toEqual({ title_ind: 'Masih editor' });
  const removedLive = await liveState();
  expect(removedLive.data).toBeNull();
  expect(refusalOf(removedLive.error!, removedLive.status).refusal).toBe('refused');
  const removedPreview = await preview();
  expect({ status: removedPreview.status, message: removedPreview.error?.message }).toEqual({
    status: 403,
    message: 'preview link revoked',
  });
  const removedLink = await editor.rpc('editor_preview_link');
  expect(refusalOf(removedLink.error!, removedLink.status).refusal).toBe('refused');

  const sent = backend.emails.length;
  expect((await client().auth.signInWithOtp({ email: EDITOR, options: { shouldCreateUser: false } })).error).not.toBeNull();
  expect(backend.emails.length).toBe(sent);
});
