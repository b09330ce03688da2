// The site-pictures bucket (supabase/migrations/20261124000500_site_pictures_bucket.sql) on PGlite,
// with a stand-in of the part of Supabase Storage it touches: storage.buckets and storage.objects
// under row-level security, granted to the API roles as on Supabase, and the policies an earlier
// setup of an adopted project may have left. Public reading needs no policy (Storage serves a public
// bucket's objects itself); what is checked is the bucket, its limits, and that the public keys
// can neither upload nor list.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openScriptedDatabase, withRole } from 'gatsby-source-supabase-content/embedded-db';
import { INSUFFICIENT_PRIVILEGE, SUPABASE_PATHS, sqlState } from '../support/database';

const MIGRATION = path.join(SUPABASE_PATHS.migrations, '20261124000500_site_pictures_bucket.sql');

const STORAGE_STAND_IN = `
create schema storage;
create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  metadata jsonb,
  created_at timestamptz default now()
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant usage on schema storage to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Left by an earlier setup: a private bucket of the same name, the dashboard's "allow uploads"
-- templates for it, and another bucket's policy, which is not ours to touch.
insert into storage.buckets (id, name, public) values ('site-pictures', 'site-pictures', false), ('avatars', 'avatars', true);
create policy "Anyone can upload site pictures" on storage.objects for insert to anon with check (bucket_id = 'site-pictures');
create policy "Anyone can list site pictures" on storage.objects for select to public using (bucket_id = 'site-pictures');
create policy "Avatars are listed" on storage.objects for select to anon using (bucket_id = 'avatars');
`;

let db: PGlite;
let migration: string;
let withoutStorage: unknown;

beforeAll(async () => {
  migration = await readFile(MIGRATION, 'utf8');
  db = await openScriptedDatabase([SUPABASE_PATHS.bootstrap]);
  // First as on plain PostgreSQL: no storage schema yet.
  withoutStorage = await db.exec(migration).then(
    async () => (await db.query(`select to_regnamespace('storage') as storage`)).rows,
    (error: unknown) => error,
  );
  await db.exec(STORAGE_STAND_IN);
  await db.exec(migration);
  // An upload made in the dashboard (the service role, past row-level security).
  await withRole(db, 'service_role', (tx) =>
    tx.query(`insert into storage.objects (bucket_id, name) values ('site-pictures', 'pet.jpg'), ('avatars', 'me.png')`),
  );
});

afterAll(async () => {
  await db?.close();
});

const bucket = async () =>
  (
    await db.query(
      `select id, name, public, file_size_limit, allowed_mime_types, xmin::text from storage.buckets where id = 'site-pictures'`,
    )
  ).rows;

const policies = async () =>
  (await db.query<{ policyname: string }>(`select policyname from pg_policies where schemaname = 'storage' order by policyname`)).rows.map(
    (row) => row.policyname,
  );

it('makes the bucket public, for JPEG, PNG, WebP and AVIF pictures of at most 10 MB', async () => {
  expect(await bucket()).toEqual([
    {
      id: 'site-pictures',
      name: 'site-pictures',
      public: true,
      file_size_limit: 10 * 1024 * 1024,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      xmin: expect.any(String),
    },
  ]);
});

it.each(['anon', 'authenticated'] as const)('lets %s neither upload to the bucket nor list it', async (role) => {
  const listed = await withRole(db, role, (tx) => tx.query(`select name from storage.objects where bucket_id = 'site-pictures'`));
  expect(listed.rows).toEqual([]);
  const upload = await withRole(db, role, (tx) =>
    tx.query(`insert into storage.objects (bucket_id, name) values ('site-pictures', 'x.jpg')`),
  ).then(
    () => 'stored',
    (error: unknown) => sqlState(error),
  );
  expect(upload).toBe(INSUFFICIENT_PRIVILEGE);
});

it('drops the policies naming this bucket and keeps the other buckets’ ones', async () => {
  expect(await policies()).toEqual(['Avatars are listed']);
  const avatars = await withRole(db, 'anon', (tx) => tx.query(`select name from storage.objects where bucket_id = 'avatars'`));
  expect(avatars.rows).toEqual([{ name: 'me.png' }]);
});

it('applies again without an error and without changing anything', async () => {
  const before = { bucket: await bucket(), policies: await policies() };
  await db.exec(migration);
  // xmin included: the row was not even rewritten with the same values.
  expect({ bucket: await bucket(), policies: await policies() }).toEqual(before);
});

it('is skipped without an error where there is no Storage, as on plain PostgreSQL and PGlite', () => {
  expect(withoutStorage).toEqual([{ storage: null }]);
});
