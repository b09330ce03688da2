// The plugin on its own, as another site would use it: a table this site does not have, with its
// own id, flag and order columns, served by the embedded PGlite default from that site's SQL files.
// Nothing of this site's content model is involved.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TableSpec } from '../../plugins/gatsby-source-supabase-content/browser';
import { onPluginInit } from '../../plugins/gatsby-source-supabase-content/src/on-plugin-init';
import { typeDefinition } from '../../plugins/gatsby-source-supabase-content/src/schema';
import { sourceContent } from '../../plugins/gatsby-source-supabase-content/src/source-nodes';
import { SUPABASE_PATHS } from '../support/database';
import { fakeGatsby } from 'gatsby-source-supabase-content/testing';

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
  await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
  await sourceContent(gatsby.args, {
    tables: [POSTS],
    // Supabase's roles come from this repository's platform stand-in; the schema is the other site's.
    embedded: { bootstrap: SUPABASE_PATHS.bootstrap, migrations: path.join(dir, 'migrations'), seed: path.join(dir, 'seed.sql') },
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
  expect(gatsby.ofType('MaterialCoverage')).toEqual([]);
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
}, 30_000);
