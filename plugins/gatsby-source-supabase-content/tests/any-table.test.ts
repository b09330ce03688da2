// The plugin with a table whose id, flag and order columns have names of their own, served by the
// embedded PGlite default from SQL files written here.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TableSpec } from '../browser';
import { typeDefinition } from '../src/schema';
import { fakeGatsby } from '../testing';
import { EMBEDDED } from './fixtures/model';

const POSTS: TableSpec = {
  table: 'posts',
  nodeType: 'BlogPost',
  idColumn: 'slug',
  activeColumn: 'published',
  orderColumn: 'rank',
  columns: [
    { name: 'title', type: 'String', required: true },
    { name: 'lang', type: 'String', known: ['en', 'id'] },
    { name: 'reading_minutes', type: 'Int' },
  ],
  queries: [{ lang: 'en' }, { lang: 'id' }],
};

const MIGRATION = `
create table public.posts (
  slug text primary key,
  title text,
  lang text not null,
  reading_minutes integer,
  published boolean not null default false,
  rank integer
);
alter table public.posts enable row level security;
grant select on public.posts to anon;
create policy "public posts" on public.posts for select to anon using (published);
`;

const SEED = `
insert into public.posts values
  ('hello', 'Hello', 'en', 3, true, 2),
  ('first', 'First', 'en', null, true, 1),
  ('draft', 'Draft', 'en', 9, false, 0),
  ('halo', 'Halo', 'id', 4, true, 1);
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'any-table-'));
  await mkdir(path.join(dir, 'migrations'));
  await writeFile(path.join(dir, 'migrations', '0001_posts.sql'), MIGRATION);
  await writeFile(path.join(dir, 'seed.sql'), SEED);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('publishes the readable rows of any table described in the options, and types them', async () => {
  const gatsby = fakeGatsby();
  await gatsby.source({
    tables: [POSTS],
    // Supabase's roles come from the fixtures' platform stand-in; the schema is written above.
    embedded: { bootstrap: EMBEDDED.bootstrap, migrations: path.join(dir, 'migrations'), seed: path.join(dir, 'seed.sql') },
  });

  expect(gatsby.errors).toEqual([]);
  const posts = gatsby.ofType('BlogPost').map(({ row_id, row_position, title, lang, reading_minutes }) => ({
    row_id,
    row_position,
    title,
    lang,
    reading_minutes,
  }));
  expect(posts).toEqual([
    { row_id: 'first', row_position: 0, title: 'First', lang: 'en', reading_minutes: null },
    { row_id: 'hello', row_position: 1, title: 'Hello', lang: 'en', reading_minutes: 3 },
    { row_id: 'halo', row_position: 0, title: 'Halo', lang: 'id', reading_minutes: 4 },
  ]);
  // Only the table the options describe becomes nodes.
  expect(new Set([...gatsby.nodes.values()].map((node) => node.internal.type))).toEqual(new Set(['BlogPost']));
  expect(gatsby.infos.join('\n')).toContain('3 BlogPost from embedded PGlite');

  expect(typeDefinition(POSTS)).toBe(
    [
      'type BlogPost implements Node @dontInfer {',
      '  row_id: String!',
      '  row_position: Int!',
      '  title: String!',
      '  lang: String',
      '  reading_minutes: Int',
      '}',
    ].join('\n'),
  );
});
