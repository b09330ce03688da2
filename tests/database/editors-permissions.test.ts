// The staff's permission matrix on PostgreSQL 15 with Supabase's roles
// (supabase/migrations/20261127000300_editors.sql, 20261129000300_staff_by_user_id.sql,
// 20261129001000_team_inbox.sql): anon, a signed-in user who is not staff, a token carrying the
// address of an entry no user is linked to yet, an editor, a team member, a person who is both, and
// an editor and a team member an operator removed, over every relation and function the catalogue
// lists, over Storage's buckets, and over the inquiries: the team reads them and changes them only
// through its functions (their outcomes: tests/database/team-inbox.test.ts). A
// persona is a role plus the JWT claims PostgREST would set, in one transaction per request, as
// PostgREST runs it. Then how an entry is linked to its Auth user (add, sign-in, deletion).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from 'pg';
import { INSUFFICIENT_PRIVILEGE, SUPABASE_PATHS, sqlState } from '../support/database';
import { forTheFile } from '../support/for-the-file';
import { openProjectDatabase } from '../support/shared-postgres';
import { checkEditors } from '../../scripts/doctor/editors';

const EDITOR = { email: 'dewi@example.test', sub: '0b5d7a52-2f4e-4c6b-9d41-6a1f0e3c2b11' };
const REMOVED = { email: 'raka@example.test', sub: '7c1e9f30-8a2d-4b5e-a6f7-1d2c3b4a5e60' };
// Listed by address only in both lists, as an operator lists someone before their Auth user exists;
// the sub is some other user's who carries the same address in their token.
const BY_EMAIL = { email: 'sari@example.test', sub: '2a4c6e80-b1d3-4f57-9a1c-3e5f7a9c1e30' };
const STRANGER = { email: 'someone@example.test', sub: 'e3a1c5d7-9b2f-4a6e-8c0d-2f4b6d8a0c1e' };
const MEMBER = { email: 'wulan@example.test', sub: '3f6a9c12-5e8b-4d71-a0c3-7b2e4f6d8a91' };
const BOTH = { email: 'bayu@example.test', sub: '8d2f4a6c-1e3b-4c5d-9f7a-2b4c6d8e0f13' };
const REMOVED_MEMBER = { email: 'tono@example.test', sub: '6b8d0f2a-4c6e-4a8b-b1d3-5e7f9a1c3e57' };

type Persona =
  'anon' | 'stranger' | 'address only' | 'editor' | 'removed editor' | 'team member' | 'editor and team member' | 'removed team member';
const PERSONAS: Persona[] = [
  'anon',
  'stranger',
  'address only',
  'editor',
  'removed editor',
  'team member',
  'editor and team member',
  'removed team member',
];
const WHO: Record<Exclude<Persona, 'anon'>, { email: string; sub: string }> = {
  stranger: STRANGER,
  'address only': BY_EMAIL,
  editor: EDITOR,
  'removed editor': REMOVED,
  'team member': MEMBER,
  'editor and team member': BOTH,
  'removed team member': REMOVED_MEMBER,
};
/** Who may edit the content: the team reaches none of it unless also an editor. */
const EDITING: Persona[] = ['editor', 'editor and team member'];
const isEditing = (persona: Persona) => EDITING.includes(persona);
/** Who reads the inquiries and acts on them: the editors reach none of it unless also on the team. */
const TEAM: Persona[] = ['team member', 'editor and team member'];
const isTeam = (persona: Persona) => TEAM.includes(persona);
/** What the team's page selects (20261129001000_team_inbox.sql). */
const TEAM_COLUMNS =
  'id, type, name, email, company, message, language, created_at, reply_due_at, answered_at, answered_how, deck_sent_at, legal_hold, mailbox';
// Three inquiries: a contact request one day old, an investor request, and the first visitor again.
const INQUIRIES = ['0a5e0000-0000-4000-8000-00000000a001', '0a5e0000-0000-4000-8000-00000000a002', '0a5e0000-0000-4000-8000-00000000a003'];
const CONTENT_TABLES = ['material_coverage', 'timeline', 'feature_cards'] as const;

// The part of Supabase Storage the policies touch, with the site-pictures bucket and a private one.
const STORAGE_STAND_IN = `
create schema storage;
create table storage.buckets (
  id text primary key, name text not null unique, owner uuid, public boolean default false,
  file_size_limit bigint, allowed_mime_types text[], created_at timestamptz default now()
);
create table storage.objects (
  id uuid primary key default gen_random_uuid(), bucket_id text references storage.buckets (id),
  name text, owner uuid, metadata jsonb, created_at timestamptz default now()
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant usage on schema storage to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
insert into storage.buckets (id, name, public) values ('private-files', 'private-files', false);
`;

const database = forTheFile(
  'a copy of the project database with Storage',
  async () => {
    const db = await openProjectDatabase();
    await db.client.query(STORAGE_STAND_IN);
    // The bucket and the editors' policies, now that Storage is there (the files run twice without
    // change), and what later files restate of the editors' (is_editor() by user id).
    for (const file of ['20261124000500_site_pictures_bucket.sql', '20261127000300_editors.sql', '20261129000300_staff_by_user_id.sql']) {
      await db.client.query(await readFile(path.join(SUPABASE_PATHS.migrations, file), 'utf8'));
    }
    await db.client.query(`
      insert into storage.objects (bucket_id, name) values ('site-pictures', 'pet.jpg'), ('private-files', 'deck.pdf');
      insert into private.editors (email, user_id)
        values ('${EDITOR.email}', '${EDITOR.sub}'), ('${REMOVED.email}', '${REMOVED.sub}'), ('${BY_EMAIL.email}', null),
               ('${BOTH.email}', '${BOTH.sub}');
      delete from private.editors where email = '${REMOVED.email}';
      insert into private.team_members (email, user_id)
        values ('${MEMBER.email}', '${MEMBER.sub}'), ('${BOTH.email}', '${BOTH.sub}'), ('${BY_EMAIL.email}', null),
               ('${REMOVED_MEMBER.email}', '${REMOVED_MEMBER.sub}');
      delete from private.team_members where email = '${REMOVED_MEMBER.email}';
      select vault.create_secret('https://hooks.example.test/build', 'site_build_hook_url');
      insert into public.contact_submissions (id, name, email, company, message, type, created_at) values
        ('${INQUIRIES[0]}', 'Rina', 'Rina+news@Example.com', 'Bank Sampah Sejahtera', 'Partnership?', 'contact', now() - interval '25 hours'),
        ('${INQUIRIES[1]}', 'Agus', 'agus@example.com', null, 'The deck, please', 'investor', now() - interval '2 hours'),
        ('${INQUIRIES[2]}', 'Rina', 'rina@example.com', null, 'Any news?', 'contact', now() - interval '1 hour');
    `);
    return db;
  },
  (db) => db.close(),
);

const claims = (persona: Persona) => {
  if (persona === 'anon') return { role: 'anon' };
  const who = WHO[persona];
  return { role: 'authenticated', aud: 'authenticated', sub: who.sub, email: who.email };
};

/** One request as `persona`, rolled back: what PostgREST does for a request, minus the commit. */
async function asPersona<T>(persona: Persona, fn: (client: Client) => Promise<T>, commit = false): Promise<T> {
  const { client } = database();
  await client.query('begin');
  try {
    const c = claims(persona);
    await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [c.role, JSON.stringify(c)]);
    const result = await fn(client);
    await client.query(commit ? 'commit' : 'rollback');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** 'denied' (an error, with its SQLSTATE), or the number of rows the statement returned or touched. */
async function outcome(client: Client, sql: string, params: unknown[] = []): Promise<string | number> {
  await client.query('savepoint attempt');
  try {
    const result = await client.query<{ n?: number }>(sql, params);
    await client.query('release savepoint attempt');
    return result.command === 'SELECT' ? Number(result.rows[0]?.n ?? result.rowCount) : (result.rowCount ?? 0);
  } catch (error) {
    await client.query('rollback to savepoint attempt');
    return `denied ${sqlState(error)}`;
  }
}

/** What a private check (is_editor, is_team_member) answers for a signed-in request carrying `claims`. */
async function check(name: 'is_editor' | 'is_team_member', claims: Record<string, unknown>): Promise<boolean> {
  const { client } = database();
  await client.query('begin');
  try {
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', ...claims }),
    ]);
    const { rows } = await client.query<{ yes: boolean }>(`select private.${name}() as yes`);
    return rows[0]!.yes;
  } finally {
    await client.query('rollback');
  }
}

/** Everything the API roles could name: tables, views, in every schema but PostgreSQL's own. */
async function relations(): Promise<string[]> {
  const { rows } = await database().client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'v', 'p', 'm', 'f') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  return rows.map((row) => row.name);
}

/** The parts of public.preview_content's answer these tests read. */
interface PreviewAnswer {
  can_arrange: boolean;
  lists: { timeline: Array<{ id: string | number; is_active: boolean }> };
}

const nothing = (result: string | number) => typeof result === 'string' || result === 0;

describe('who reads what: every relation, as each persona', () => {
  let reads: Record<Persona, Record<string, string | number>>;
  let owner: Record<string, number>;

  beforeAll(async () => {
    const names = await relations();
    reads = {} as typeof reads;
    for (const persona of PERSONAS) {
      reads[persona] = await asPersona(persona, async (client) => {
        const seen: Record<string, string | number> = {};
        for (const name of names) seen[name] = await outcome(client, `select count(*)::int as n from ${name}`);
        return seen;
      });
    }
    owner = {};
    for (const name of names)
      owner[name] = Number((await database().client.query<{ n: number }>(`select count(*)::int as n from ${name}`)).rows[0]!.n);
  });

  test('the catalogue lists the content, the inquiries, the allow-list, the audit, Vault and Storage', () => {
    expect(Object.keys(owner)).toEqual(
      expect.arrayContaining([
        'public.timeline',
        'public.contact_submissions',
        'private.editors',
        'private.team_members',
        'private.content_audit',
        'vault.secrets',
        'storage.objects',
        'auth.users',
      ]),
    );
  });

  test.each(EDITING)('%s reads every content row, and the site pictures only of all objects', (persona) => {
    for (const table of CONTENT_TABLES) expect(reads[persona][`public.${table}`]).toBe(owner[`public.${table}`]);
    expect(reads[persona]['storage.objects']).toBe(1);
    expect(owner['storage.objects']).toBe(2);
  });

  test.each(EDITING)(
    'beyond that %s reads nothing a visitor cannot: no limit, no secret, no allow-list, no audit, no inquiry unless on the team',
    (persona) => {
      const beyond = Object.keys(owner).filter(
        (name) =>
          !CONTENT_TABLES.some((table) => name === `public.${table}`) &&
          name !== 'storage.objects' &&
          !(isTeam(persona) && name === 'public.contact_submissions') &&
          !nothing(reads[persona][name]!),
      );
      expect(beyond).toEqual([]);
      expect(nothing(reads[persona]['public.contact_submissions']!)).toBe(!isTeam(persona));
      for (const name of [
        'private.team_actions',
        'private.editors',
        'private.team_members',
        'private.content_audit',
        'vault.decrypted_secrets',
        'auth.users',
      ]) {
        expect(nothing(reads[persona][name]!)).toBe(true);
      }
    },
  );

  const visible = (who: Persona, except: string[] = []) =>
    Object.fromEntries(
      Object.entries(reads[who])
        .filter(([name]) => !except.includes(name))
        .map(([name, result]) => [name, nothing(result) ? 'nothing' : result]),
    );

  test.each(PERSONAS.filter((persona) => persona !== 'anon' && !isEditing(persona) && !isTeam(persona)))(
    '%s reads exactly what anon reads',
    (persona) => {
      expect(visible(persona)).toEqual(visible('anon'));
      expect(reads.anon['public.timeline']).toBeLessThan(owner['public.timeline']!);
    },
  );

  test('a team member reads every inquiry and, beyond that, exactly what anon reads', () => {
    expect(owner['public.contact_submissions']).toBe(INQUIRIES.length);
    expect(reads['team member']['public.contact_submissions']).toBe(INQUIRIES.length);
    expect(visible('team member', ['public.contact_submissions'])).toEqual(visible('anon', ['public.contact_submissions']));
    expect(nothing(reads['team member']['private.team_actions']!)).toBe(true);
  });
});

describe('who writes what', () => {
  const firstTimelineId = async () =>
    String((await database().client.query<{ id: string }>(`select id from public.timeline order by order_index limit 1`)).rows[0]!.id);
  const versionOf = async (id: string) =>
    Number(
      (await database().client.query<{ row_version: string }>(`select row_version from public.timeline where id = $1`, [id])).rows[0]!
        .row_version,
    );

  test.each(PERSONAS)('%s: edits, adds, deletes and arranges content only as an editor', async (persona) => {
    const id = await firstTimelineId();
    const version = await versionOf(id);
    const results = await asPersona(persona, async (client) => ({
      edit: await outcome(
        client,
        `update public.timeline set title = 'Studi', title_ind = 'Studi lapangan', status = 'current', is_active = false,
           order_index = 5, icon = 'Clock', row_version = $2 where id = $1`,
        [id, version],
      ),
      add: await outcome(client, `insert into public.feature_cards (classification, title, title_ind) values ('worker', 'Shade', 'Teduh')`),
      picture: await outcome(client, `update public.material_coverage set image = '/images/materials/pet-new.svg'`),
      remove: await outcome(client, `delete from public.material_coverage where not is_active`),
    }));
    if (isEditing(persona)) {
      expect(results).toEqual({ edit: 1, add: 1, picture: owner('public.material_coverage'), remove: 1 });
    } else {
      expect(Object.values(results).every(nothing)).toBe(true);
    }
  });

  let ownerCounts: Record<string, number> = {};
  const owner = (name: string) => ownerCounts[name]!;
  beforeAll(async () => {
    const { rows } = await database().client.query<{ n: number }>(`select count(*)::int as n from public.material_coverage`);
    ownerCounts = { 'public.material_coverage': Number(rows[0]!.n) };
  });

  test('an editor never writes an id, a timestamp, or a column outside the content', async () => {
    const id = await firstTimelineId();
    const results = await asPersona('editor', async (client) => ({
      id: await outcome(client, `update public.timeline set id = gen_random_uuid() where id = $1`, [id]),
      created: await outcome(client, `update public.timeline set created_at = now() where id = $1`, [id]),
      insertId: await outcome(
        client,
        `insert into public.timeline (id, period, title, status) values ('9b7c4b1e-1111-4a2b-8c3d-4e5f6a7b8c9d', 'Q1', 'T', 'upcoming')`,
      ),
      inquiry: await outcome(client, `update public.contact_submissions set message = 'x'`),
      inquiryDelete: await outcome(client, `delete from public.contact_submissions`),
      allowList: await outcome(client, `insert into private.editors (email) values ('me@example.test')`),
      teamList: await outcome(client, `insert into private.team_members (email) values ('me@example.test')`),
      audit: await outcome(client, `delete from private.content_audit`),
      revision: await outcome(client, `update private.content_revision set revision = revision + 1`),
      secret: await outcome(client, `select vault.create_secret('x', 'y')`),
      otherBucket: await outcome(client, `insert into storage.objects (bucket_id, name) values ('private-files', 'mine.pdf')`),
      otherBucketDelete: await outcome(client, `delete from storage.objects where bucket_id = 'private-files'`),
      bucketSettings: await outcome(client, `update storage.buckets set file_size_limit = null`),
    }));
    expect(results).toEqual({
      id: 'denied 42501',
      created: 'denied 42501',
      insertId: 'denied 42501',
      inquiry: 'denied 42501',
      inquiryDelete: 'denied 42501',
      allowList: 'denied 42501',
      teamList: 'denied 42501',
      audit: 'denied 42501',
      revision: 'denied 42501',
      secret: 'denied 42501',
      otherBucket: 'denied 42501',
      otherBucketDelete: 0,
      bucketSettings: 0,
    });
  });

  test('an editor uploads, replaces and deletes site pictures; nobody else does', async () => {
    for (const persona of PERSONAS) {
      const results = await asPersona(persona, async (client) => ({
        upload: await outcome(client, `insert into storage.objects (bucket_id, name) values ('site-pictures', 'glass.webp')`),
        replace: await outcome(client, `update storage.objects set metadata = '{}' where bucket_id = 'site-pictures'`),
        remove: await outcome(client, `delete from storage.objects where bucket_id = 'site-pictures'`),
      }));
      if (isEditing(persona)) expect(results).toEqual({ upload: 1, replace: 2, remove: 2 });
      else expect(Object.values(results).every(nothing)).toBe(true);
    }
  });

  test('a save naming the version the editor opened wins once; the second with the same version is refused, the row kept', async () => {
    const id = await firstTimelineId();
    const version = await versionOf(id);
    const conflicting = (title: string) =>
      asPersona(
        'editor',
        (client) => outcome(client, `update public.timeline set title = $3, row_version = $2 where id = $1`, [id, version, title]),
        true,
      );
    expect(await conflicting('First save')).toBe(1);
    expect(await conflicting('Second save, opened before the first')).toBe('denied PT409');
    const { rows } = await database().client.query(`select title, row_version from public.timeline where id = $1`, [id]);
    expect(rows[0]).toEqual({ title: 'First save', row_version: String(version + 1) });
  });

  test("an editor's save bumps the content revision, calls the build hook as any edit does and is audited with the editor's name", async () => {
    const { client } = database();
    const revision = async () =>
      BigInt((await client.query<{ revision: string }>(`select revision from private.content_revision`)).rows[0]!.revision);
    const before = await revision();
    const hookCalls = async () =>
      (
        await client.query<{ body: unknown }>(
          `select body from net.http_post_calls where url = 'https://hooks.example.test/build' order by id`,
        )
      ).rows;
    const calls = (await hookCalls()).length;
    const id = await firstTimelineId();
    const version = await versionOf(id);
    const { rows: previous } = await client.query<{ title_ind: string | null }>(`select title_ind from public.timeline where id = $1`, [
      id,
    ]);
    await asPersona(
      'editor',
      (c) => c.query(`update public.timeline set title_ind = 'Judul baru', row_version = $2 where id = $1`, [id, version]),
      true,
    );
    expect(await revision()).toBe(before + 1n);
    // Without pg_cron (this cluster), one build hook call per statement, as for any edit.
    const after = await hookCalls();
    expect(after).toHaveLength(calls + 1);
    expect(after.at(-1)).toEqual({ body: { table: 'timeline', op: 'UPDATE' } });
    const { rows } = await client.query(`select editor_email, editor_id, actor, table_name, row_id, action, changes
        from private.content_audit order by id desc limit 1`);
    expect(rows[0]).toEqual({
      editor_email: EDITOR.email,
      editor_id: EDITOR.sub,
      actor: 'authenticated',
      table_name: 'timeline',
      row_id: id,
      action: 'update',
      changes: { title_ind: { from: previous[0]!.title_ind, to: 'Judul baru' } },
    });
  });

  test("npm run doctor's editors row counts the editors and names the last change by one", async () => {
    const result = await checkEditors(database().client);
    expect(result.status).toBe('ok');
    expect(result.detail).toMatch(
      new RegExp(`^3 editors; last changes: ${EDITOR.email} update timeline [0-9a-f-]{36} \\(title_ind\\) 0 min ago`),
    );
  });

  test('a removal takes effect at the next request of the same token', async () => {
    const { client } = database();
    const late = { role: 'authenticated', sub: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f', email: 'late@example.test' };
    await client.query(`insert into private.editors (email, user_id) values ($1, $2)`, [late.email, late.sub]);
    const write = async () => {
      await client.query('begin');
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify(late),
      ]);
      const result = await outcome(client, `update public.timeline set description_ind = 'Baru' where not is_active`);
      await client.query('rollback');
      return result;
    };
    expect(await write()).toBeGreaterThan(0);
    await client.query(`delete from private.editors where email = 'late@example.test'`);
    expect(await write()).toBe(0);
  });
});

describe("the team's inbox: a member reads the inquiries and changes them only through the team's functions", () => {
  /** The statement's rows as JSON, or 'denied <SQLSTATE>'. */
  async function answer(client: Client, sql: string, params: unknown[] = []): Promise<unknown> {
    await client.query('savepoint attempt');
    try {
      const { rows } = await client.query(sql, params);
      await client.query('release savepoint attempt');
      return rows;
    } catch (error) {
      await client.query('rollback to savepoint attempt');
      return `denied ${sqlState(error)}`;
    }
  }

  test.each(PERSONAS)("%s reads the team's columns of every inquiry only as a team member; nobody reads every column", async (persona) => {
    const seen = await asPersona(persona, async (client) => ({
      team: await outcome(client, `select ${TEAM_COLUMNS} from public.contact_submissions order by created_at desc limit 50`),
      open: await outcome(client, `select id from public.contact_submissions where answered_at is null and mailbox = 'rina@example.com'`),
      everything: await outcome(client, `select * from public.contact_submissions`),
    }));
    if (isTeam(persona)) expect(seen).toEqual({ team: INQUIRIES.length, open: 2, everything: 'denied 42501' });
    else if (persona === 'anon') expect(seen).toEqual({ team: 'denied 42501', open: 'denied 42501', everything: 'denied 42501' });
    else expect(seen).toEqual({ team: 0, open: 0, everything: 'denied 42501' });
  });

  test.each(PERSONAS)('%s changes, adds and deletes no inquiry directly', async (persona) => {
    const results = await asPersona(persona, async (client) => ({
      answer: await outcome(client, `update public.contact_submissions set answered_at = now(), answered_how = 'marked'`),
      hold: await outcome(client, `update public.contact_submissions set legal_hold = true`),
      mailbox: await outcome(client, `update public.contact_submissions set mailbox = 'someone@example.test'`),
      remove: await outcome(client, `delete from public.contact_submissions`),
      record: await outcome(
        client,
        `insert into private.team_actions (member_id, member_email, action, outcome) values
        ('${MEMBER.sub}', '${MEMBER.email}', 'export', 'nothing')`,
      ),
    }));
    expect(results).toEqual({
      answer: 'denied 42501',
      hold: 'denied 42501',
      mailbox: 'denied 42501',
      remove: 'denied 42501',
      record: 'denied 42501',
    });
  });

  const CALLS: Array<[string, string, unknown[]]> = [
    ['counts', 'select public.team_inbox_counts() as r', []],
    ['mailbox', 'select public.team_mailbox($1) as r', ['Rina+news@Example.com']],
    ['answer', 'select public.team_mark_answered($1) as r', [INQUIRIES[0]]],
    ['hold', 'select public.team_set_hold($1, true) as r', [INQUIRIES[2]]],
    ['export', 'select public.team_export($1) as r', ['rina@example.com']],
    ['erase', 'select public.team_erase($1, $1) as r', ['rina@example.com']],
    ['deck', 'select public.team_deck_claim($1) as r', [INQUIRIES[1]]],
  ];

  test.each(PERSONAS)("%s calls each of the team's functions only as a team member; anyone else is refused with 42501", async (persona) => {
    const results = await asPersona(persona, async (client) => {
      const seen: Record<string, unknown> = {};
      for (const [name, sql, params] of CALLS) {
        const rows = await answer(client, sql, params);
        seen[name] = Array.isArray(rows) ? (rows[0] as { r: unknown }).r : rows;
      }
      return seen;
    });
    if (!isTeam(persona)) {
      expect(results).toEqual(Object.fromEntries(CALLS.map(([name]) => [name, 'denied 42501'])));
      return;
    }
    expect(results).toMatchObject({
      counts: { open: 3, overdue: 1, due_soon: 0, answered: 0, remind_before_seconds: 4 * 3600 },
      mailbox: 'rina@example.com',
      answer: { outcome: 'answered' },
      hold: { outcome: 'held' },
      export: { mailbox: 'rina@example.com', tables: { 'public.contact_submissions': expect.any(Array) as unknown } },
      // The held inquiry is kept, the other (answered a moment before) erased.
      erase: { outcome: 'erased', deleted: { 'public.contact_submissions': 1 }, held: 1 },
      deck: { outcome: 'claimed', row: { id: INQUIRIES[1], email: 'agus@example.com' } },
    });
  });

  test("the owner's view after a refused call is the same: a non-member's presses change nothing and record nothing", async () => {
    const before = (await database().client.query(`select ${TEAM_COLUMNS} from public.contact_submissions order by id`)).rows;
    for (const persona of PERSONAS.filter((who) => !isTeam(who))) {
      await asPersona(
        persona,
        async (client) => {
          for (const [, sql, params] of CALLS) await answer(client, sql, params);
        },
        true,
      );
    }
    expect((await database().client.query(`select ${TEAM_COLUMNS} from public.contact_submissions order by id`)).rows).toEqual(before);
    expect((await database().client.query(`select count(*)::int as n from private.team_actions`)).rows[0]).toEqual({ n: 0 });
  });
});

describe('functions', () => {
  test("a signed-in user may execute what anon may, the editor and team checks, the editors' and the team's functions, and no security definer function in public", async () => {
    const executable = async (role: string) =>
      (
        await database().client.query<{ fn: string; definer: boolean; schema: string }>(
          `select p.oid::regprocedure::text as fn, p.prosecdef as definer, n.nspname as schema
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname not in ('pg_catalog', 'information_schema') and has_function_privilege($1, p.oid, 'EXECUTE')
            order by 1`,
          [role],
        )
      ).rows;
    const anon = new Set((await executable('anon')).map((row) => row.fn));
    const signedIn = await executable('authenticated');
    expect(signedIn.filter((row) => !anon.has(row.fn)).map((row) => row.fn)).toEqual([
      'editor_live_state(bigint)',
      'editor_preview_link()',
      'private.editor_live_state(bigint)',
      'private.editor_preview_link()',
      'private.is_editor()',
      'private.is_team_member()',
      'private.team_deck_claim(text)',
      'private.team_erase(text,text)',
      'private.team_export(text)',
      'private.team_inbox_counts()',
      'private.team_mailbox(text)',
      'private.team_mark_answered(text)',
      'private.team_set_hold(text,boolean)',
      'team_deck_claim(text)',
      'team_erase(text,text)',
      'team_export(text)',
      'team_inbox_counts()',
      'team_mailbox(text)',
      'team_mark_answered(text)',
      'team_set_hold(text,boolean)',
    ]);
    expect(signedIn.filter((row) => row.definer && row.schema === 'public')).toEqual([]);
  });

  test.each(PERSONAS)("%s reads the editors' live state only as an editor; anyone else is refused with PT403", async (persona) => {
    // A live site built from the current revision: it shows every saved edit.
    const { rows } = await database().client.query<{ r: string }>(`select public.content_revision() as r`);
    const answer = await asPersona(persona, (client) =>
      client.query<{ live: unknown }>(`select public.editor_live_state($1) as live`, [rows[0]!.r]),
    ).then(
      (result) => result.rows[0]!.live,
      (error: unknown) => sqlState(error),
    );
    if (isEditing(persona)) expect(answer).toMatchObject({ state: 'live', edits_since: 0 });
    else expect(answer).toBe(persona === 'anon' ? INSUFFICIENT_PRIVILEGE : 'PT403');
  });

  test.each(PERSONAS)('%s gets a preview link of their own only as an editor; anyone else is refused', async (persona) => {
    const answer = await asPersona(persona, (client) =>
      client.query<{ token: string }>(`select public.editor_preview_link() as token`),
    ).then(
      (result) => result.rows[0]!.token,
      (error: unknown) => sqlState(error),
    );
    if (isEditing(persona)) expect(answer).toMatch(/^[A-Za-z0-9_-]{43}$/);
    else expect(answer).toBe(persona === 'anon' ? INSUFFICIENT_PRIVILEGE : 'PT403');
  });

  test("an editor's preview link shows the drafts and arranges, saved under the editor's name; it dies with the editor's listing", async () => {
    const { client } = database();
    const LATE = { email: 'ayu@example.test', sub: '5d3b1f9e-7c2a-4e68-b0d4-9f1e3c5a7b20' };
    await client.query(`insert into private.editors (email, user_id) values ($1, $2)`, [LATE.email, LATE.sub]);
    const mint = async (who: { email: string; sub: string }) => {
      await client.query('begin');
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'authenticated', aud: 'authenticated', ...who }),
      ]);
      const { rows } = await client.query<{ token: string }>(`select public.editor_preview_link() as token`);
      await client.query('commit');
      return rows[0]!.token;
    };
    /** The preview page's calls: anon with the token, as PostgREST runs them; rolled back. */
    const asPage = async <T>(fn: () => Promise<T>) => {
      await client.query('begin');
      await client.query(`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`);
      try {
        return await fn();
      } finally {
        await client.query('rollback');
      }
    };
    try {
      const token = await mint(LATE);
      const drafts = Number((await client.query<{ n: number }>(`select count(*)::int as n from public.timeline`)).rows[0]!.n);
      const content = await asPage(
        async () => (await client.query<{ c: PreviewAnswer }>(`select public.preview_content($1) as c`, [token])).rows[0]!.c,
      );
      expect(content.can_arrange).toBe(true);
      expect(content.lists.timeline).toHaveLength(drafts);
      expect(content.lists.timeline.some((row) => !row.is_active)).toBe(true);

      const audit = await asPage(async () => {
        const ids = content.lists.timeline.map((row) => String(row.id)).reverse();
        const { rows: moved } = await client.query<{ n: number }>(`select public.arrange_content($1, 'timeline', $2) as n`, [
          token,
          JSON.stringify(ids),
        ]);
        expect(moved[0]!.n).toBeGreaterThan(0);
        await client.query('reset role');
        return (
          await client.query<{ editor_email: string; editor_id: string; actor: string }>(
            `select distinct editor_email, editor_id::text, actor from private.content_audit where table_name = 'timeline' and changed_at = now()`,
          )
        ).rows;
      });
      expect(audit).toEqual([{ editor_email: LATE.email, editor_id: LATE.sub, actor: 'editor preview' }]);

      // Twenty live links at most: the twenty-first revokes the oldest.
      for (let i = 0; i < 20; i += 1) await mint(LATE);
      const { rows: live } = await client.query<{ n: number }>(
        `select count(*)::int as n from private.preview_links where editor_email = $1 and revoked_at is null and expires_at > now()`,
        [LATE.email],
      );
      expect(live[0]!.n).toBe(20);
      await expect(asPage(() => client.query(`select public.preview_content($1)`, [token]))).rejects.toMatchObject({ code: 'PT403' });

      const fresh = await mint(LATE);
      await client.query(`delete from private.editors where email = $1`, [LATE.email]);
      await expect(asPage(() => client.query(`select public.preview_content($1)`, [fresh]))).rejects.toMatchObject({
        code: 'PT403',
        detail: 'Its editor is no longer on the list of editors.',
      });
    } finally {
      await client.query(`delete from private.editors where email = $1`, [LATE.email]);
      await client.query(`delete from private.preview_links where editor_email = $1`, [LATE.email]);
    }
  });

  test('is_editor() asks the Auth user id only: never an email claim, an unlinked entry or user_metadata', async () => {
    const ask = (c: Record<string, unknown>) => check('is_editor', c);
    expect(await ask({ sub: EDITOR.sub, email: EDITOR.email })).toBe(true);
    expect(await ask({ sub: EDITOR.sub, email: 'renamed@example.test' })).toBe(true);
    expect(await ask({ sub: BOTH.sub, email: BOTH.email })).toBe(true);
    // Another user who took the address, and a token for an entry no user is linked to yet.
    expect(await ask({ sub: STRANGER.sub, email: EDITOR.email })).toBe(false);
    expect(await ask({ sub: BY_EMAIL.sub, email: BY_EMAIL.email })).toBe(false);
    expect(await ask({ email: BY_EMAIL.email })).toBe(false);
    expect(await ask({ sub: REMOVED.sub, email: REMOVED.email })).toBe(false);
    expect(await ask({ sub: MEMBER.sub, email: MEMBER.email })).toBe(false);
    expect(await ask({ sub: STRANGER.sub, email: STRANGER.email, user_metadata: { editor: true, email: EDITOR.email } })).toBe(false);
    expect(await ask({})).toBe(false);
  });

  test('is_team_member() asks the Auth user id only; an editor is not a team member; a removal counts at the next request', async () => {
    const ask = (c: Record<string, unknown>) => check('is_team_member', c);
    expect(await ask({ sub: MEMBER.sub, email: MEMBER.email })).toBe(true);
    expect(await ask({ sub: MEMBER.sub, email: 'renamed@example.test' })).toBe(true);
    expect(await ask({ sub: BOTH.sub, email: BOTH.email })).toBe(true);
    expect(await ask({ sub: EDITOR.sub, email: EDITOR.email })).toBe(false);
    expect(await ask({ sub: STRANGER.sub, email: MEMBER.email })).toBe(false);
    expect(await ask({ sub: BY_EMAIL.sub, email: BY_EMAIL.email })).toBe(false);
    expect(await ask({ email: MEMBER.email })).toBe(false);
    expect(await ask({ sub: REMOVED_MEMBER.sub, email: REMOVED_MEMBER.email })).toBe(false);
    expect(await ask({ sub: STRANGER.sub, email: STRANGER.email, user_metadata: { team: true, email: MEMBER.email } })).toBe(false);
    expect(await ask({})).toBe(false);

    const { client } = database();
    const LATE = { email: 'dimas@example.test', sub: '1c3e5a7b-9d2f-4e6a-8b0c-2d4f6a8c0e24' };
    await client.query(`insert into private.team_members (email, user_id) values ($1, $2)`, [LATE.email, LATE.sub]);
    try {
      // The same token, request after request.
      expect(await ask(LATE)).toBe(true);
      await client.query(`delete from private.team_members where email = $1`, [LATE.email]);
      expect(await ask(LATE)).toBe(false);
    } finally {
      await client.query(`delete from private.team_members where email = $1`, [LATE.email]);
    }
  });
});

describe('linking an entry to its user: at a confirmed sign-in, undone when the user is deleted', () => {
  const NEW = 'nadia@example.test';
  const entries = async (email: string) =>
    (
      await database().client.query<{ list: string; user_id: string | null }>(
        `select 'editors' as list, user_id::text from private.editors where email = $1
         union all select 'team', user_id::text from private.team_members where email = $1 order by 1`,
        [email],
      )
    ).rows;
  const cleanUp = async (email: string) => {
    const { client } = database();
    await client.query(`delete from private.editors where email = $1`, [email]);
    await client.query(`delete from private.team_members where email = $1`, [email]);
    await client.query(`delete from auth.users where email = $1`, [email]);
  };
  afterEach(() => cleanUp(NEW));

  test('an entry added before its user existed is linked at the first confirmed sign-in, in both lists', async () => {
    const { client } = database();
    await client.query(`insert into private.editors (email) values ($1)`, [NEW]);
    await client.query(`insert into private.team_members (email) values ($1)`, [NEW]);
    // Invited by an operator in the dashboard: the user exists, nobody has proved the mailbox yet.
    const { rows } = await client.query<{ id: string }>(
      `insert into auth.users (email, invited_at) values ($1, now()) returning id::text`,
      [NEW],
    );
    const id = rows[0]!.id;
    await client.query(`update auth.users set last_sign_in_at = now() where id = $1`, [id]);
    expect(await entries(NEW)).toEqual([
      { list: 'editors', user_id: null },
      { list: 'team', user_id: null },
    ]);
    expect(await check('is_editor', { sub: id, email: NEW })).toBe(false);

    // The code from the email: Auth confirms the address and records the sign-in.
    await client.query(`update auth.users set email_confirmed_at = now(), last_sign_in_at = now() where id = $1`, [id]);
    expect(await entries(NEW)).toEqual([
      { list: 'editors', user_id: id },
      { list: 'team', user_id: id },
    ]);
    expect(await check('is_editor', { sub: id, email: NEW })).toBe(true);
    expect(await check('is_team_member', { sub: id, email: NEW })).toBe(true);
    // The address in another user's token still reaches nothing.
    expect(await check('is_editor', { sub: STRANGER.sub, email: NEW })).toBe(false);
    expect(await check('is_team_member', { sub: STRANGER.sub, email: NEW })).toBe(false);
  });

  test('deleting the Auth user unlinks its entries: its token, still within its hour, reaches nothing', async () => {
    const { client } = database();
    const { rows } = await client.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at, last_sign_in_at) values ($1, now(), now()) returning id::text`,
      [NEW],
    );
    const id = rows[0]!.id;
    await client.query(`insert into private.editors (email, user_id) values ($1, $2)`, [NEW, id]);
    await client.query(`insert into private.team_members (email, user_id) values ($1, $2)`, [NEW, id]);
    expect(await check('is_editor', { sub: id, email: NEW })).toBe(true);
    await client.query(`delete from auth.users where id = $1`, [id]);
    expect(await entries(NEW)).toEqual([
      { list: 'editors', user_id: null },
      { list: 'team', user_id: null },
    ]);
    expect(await check('is_editor', { sub: id, email: NEW })).toBe(false);
    expect(await check('is_team_member', { sub: id, email: NEW })).toBe(false);
  });

  test('a sign-in goes on when a link cannot be made; a user linked in a list is not linked twice there, and the other list still links it', async () => {
    const { client } = database();
    const { rows } = await client.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at) values ($1, now()) returning id::text`,
      [NEW],
    );
    const id = rows[0]!.id;
    await client.query(`insert into private.team_members (email) values ($1)`, [NEW]);
    await client.query('begin');
    try {
      // A list that refuses every link (as a lock or a constraint might): Auth's update still succeeds.
      await client.query(`alter table private.team_members add constraint refuses_links check (user_id is null) not valid`);
      await expect(client.query(`update auth.users set last_sign_in_at = now() where id = $1`, [id])).resolves.toMatchObject({
        rowCount: 1,
      });
      expect(await entries(NEW)).toEqual([{ list: 'team', user_id: null }]);
    } finally {
      await client.query('rollback');
    }

    // Already linked under its former address, the user keeps that entry when it signs in with a
    // new one, and the other list still links it.
    const FORMER = 'nadia.lama@example.test';
    await client.query(`insert into private.team_members (email, user_id) values ($1, $2)`, [FORMER, id]);
    await client.query(`insert into private.editors (email) values ($1)`, [NEW]);
    try {
      await client.query(`update auth.users set last_sign_in_at = now() where id = $1`, [id]);
      expect(await entries(NEW)).toEqual([
        { list: 'editors', user_id: id },
        { list: 'team', user_id: null },
      ]);
      expect(await entries(FORMER)).toEqual([{ list: 'team', user_id: id }]);
    } finally {
      await cleanUp(FORMER);
    }
  });

  test('the migration links an entry whose user already signed in with a confirmed address, as a sign-in would', async () => {
    const { client } = database();
    await client.query(`insert into private.editors (email) values ($1)`, [NEW]);
    const { rows } = await client.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at, last_sign_in_at) values ($1, now(), now()) returning id::text`,
      [NEW],
    );
    expect(await entries(NEW)).toEqual([{ list: 'editors', user_id: null }]);
    await client.query(await readFile(path.join(SUPABASE_PATHS.migrations, '20261129000300_staff_by_user_id.sql'), 'utf8'));
    expect(await entries(NEW)).toEqual([{ list: 'editors', user_id: rows[0]!.id }]);
  });
});
