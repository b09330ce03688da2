// The browser's refresh against a project the site adopted: the local backend serving its tables
// (fixtures/adopted-project), which answers bigint ids as JSON numbers, nulls and blanks in optional
// columns, and extra columns. The site's real backend client reads the lists, and the build reads
// the same server through the source plugin: both sides must normalise to equal rows, so an
// unchanged list stays unchanged on screen.
import path from 'node:path';
import { fakeGatsby, removeFakeCacheFolders } from 'gatsby-source-supabase-content/testing';
import { PROJECT_SCHEMA, startLocalBackend, type LocalBackend } from 'local-supabase';
import { readyList, type PageLists } from '../../src/content/lists';
import { PUBLISHED_TABLES, PAGE_LISTS, PAGE_LIST_KEYS } from '../../src/content/model';
import { createContentReader } from '../../src/lib/content-reader';
import { applyOutcome } from '../../src/lib/refresh';

// The pictures' cache folders the sourcing made.
afterAll(removeFakeCacheFolders);

const KEY = 'anon-key-for-tests';

let server: LocalBackend;
beforeAll(async () => {
  server = await startLocalBackend({
    anonKey: KEY,
    paths: { bootstrap: PROJECT_SCHEMA.bootstrap, migrations: path.join(__dirname, 'fixtures', 'adopted-project') },
  });
});
afterAll(() => server.stop());

/** The built lists as the page query returns them: `id: row_id` and the model's columns, in row_position order. */
async function builtLists(): Promise<PageLists> {
  const gatsby = fakeGatsby();
  await gatsby.source({ tables: PUBLISHED_TABLES, url: server.url, anonKey: KEY });
  expect(gatsby.errors).toEqual([]);
  const list = (key: keyof typeof PAGE_LISTS) => {
    const { spec, filter } = PAGE_LISTS[key];
    const nodes = gatsby
      .ofType(spec.nodeType)
      .filter((node) => Object.entries(filter).every(([column, value]) => node[column] === value))
      .sort((a, b) => (a.row_position as number) - (b.row_position as number));
    return readyList(
      nodes.map((node) =>
        Object.fromEntries<unknown>([['id', node.row_id], ...spec.columns.map((c): [string, unknown] => [c.name, node[c.name]])]),
      ),
    );
  };
  return {
    coverage: list('coverage'),
    timeline: list('timeline'),
    adasorter: list('adasorter'),
    worker: list('worker'),
  } as unknown as PageLists;
}

test('the refresh reads number ids as the build does, so an unchanged list is recognised as unchanged', async () => {
  const built = await builtLists();
  expect(built.coverage.items.map((item) => item.id)).toEqual(['5', '21']);

  const reader = createContentReader({ url: server.url, anonKey: KEY });
  let lists = built;
  for (const key of PAGE_LIST_KEYS) {
    const { items, warnings } = await reader.readList(key);
    expect(warnings).toEqual([]);
    lists = applyOutcome(lists, key, { ok: true, items });
  }
  // The very same object: React skips the render and nothing moves.
  expect(lists).toBe(built);
});

test('refreshed rows carry string ids, nulls for empty values and no extra column', async () => {
  const reader = createContentReader({ url: server.url, anonKey: KEY });
  expect((await reader.readList('coverage')).items).toEqual([
    // The Indonesian twins are model columns too: empty here, so the page shows the English.
    {
      id: '5',
      name: 'Cans',
      description: null,
      image: '/images/materials/aluminium.svg',
      status: null,
      name_ind: null,
      description_ind: null,
    },
    { id: '21', name: 'PET', description: null, image: null, status: 'live', name_ind: null, description_ind: null },
  ]);
  expect((await reader.readList('timeline')).items.map((item) => item.id)).toEqual(['99', '100']);
  expect((await reader.readList('adasorter')).items).toEqual([
    {
      id: '1',
      classification: 'adasorter',
      title: 'Fast',
      subtitle: null,
      icon: null,
      icon_color: null,
      title_ind: null,
      subtitle_ind: null,
    },
  ]);
});

test('an edit that changes a row is seen as a change', async () => {
  const built = await builtLists();
  const reader = createContentReader({ url: server.url, anonKey: KEY });
  await server.sql(`update material_coverage set description = 'Now described' where id = 21`);
  try {
    const { items } = await reader.readList('coverage');
    const next = applyOutcome(built, 'coverage', { ok: true, items });
    expect(next).not.toBe(built);
    expect(next.coverage.items.map((item) => item.description)).toEqual([null, 'Now described']);
  } finally {
    await server.sql(`update material_coverage set description = null where id = 21`);
  }
});
