// The embedded default: a site's SQL files (here the recipe site's, ./fixtures/supabase) loaded
// into an in-process PGlite and read as `anon`, so row-level security decides what is published.
import path from 'node:path';
import type * as EmbeddedDb from '../src/embedded-db';
import { publishedQuery } from '../src/embedded';
import { ERROR_CODES } from '../src/errors';
import { DEFAULT_WORDING } from '../src/source-nodes';
import { fakeGatsby, removeFakeCacheFolders } from '../testing';
import { EMBEDDED, RECIPES, TABLES } from './fixtures/model';

// The pictures' cache folders the sourcing made.
afterAll(removeFakeCacheFolders);

// Records the role of every query the driver runs, and runs it for real.
const roles: string[] = [];
jest.mock('../src/embedded-db', () => {
  const actual = jest.requireActual<typeof EmbeddedDb>('../src/embedded-db');
  return {
    ...actual,
    withRole: (...args: Parameters<typeof actual.withRole>) => {
      roles.push(args[1]);
      return actual.withRole(...args);
    },
  };
});

const embedded = EMBEDDED;
const tables = TABLES;
const MISSING = path.join(path.dirname(embedded.migrations), 'no-such-migrations');
const HEADING = ['', '='.repeat(72), 'NO BACKEND CONFIGURED: building from the embedded default database'];

const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

// What the recipe site's seed (./fixtures/supabase/seed.sql) publishes per query, in order, and
// its drafts, which it must not.
const PUBLISHED = [
  { type: 'Author', course: undefined, ids: ['2', '1', '4'], drafts: ['3'] },
  { type: 'Recipe', course: 'main', ids: [uuid(1), uuid(3)], drafts: [uuid(2)] },
  { type: 'Recipe', course: 'dessert', ids: [uuid(4), uuid(5)], drafts: [uuid(6)] },
];

describe('embedded driver with the SQL files of a site', () => {
  test('publishes, as anon, every active seed row in order_index order and no inactive row, with a loud warning', async () => {
    const gatsby = fakeGatsby();
    await gatsby.source({ tables, embedded });
    expect(gatsby.errors).toEqual([]);
    // Every query ran as anon, so row-level security had the last word on what is published.
    expect(roles).toEqual(Array(tables.reduce((n, spec) => n + spec.queries.length, 0)).fill('anon'));

    for (const { type, course, ids, drafts } of PUBLISHED) {
      const nodes = gatsby.ofType(type).filter((node) => !course || node.course === course);
      expect(nodes.map((node) => node.row_id)).toEqual(ids);
      expect(nodes.map((node) => node.row_position)).toEqual(ids.map((_, index) => index));
      for (const id of drafts) expect(nodes.map((node) => node.row_id)).not.toContain(id);
    }

    // Without words of the site's own, the warning names the plugin's options.
    expect(gatsby.warnings).toContain([...HEADING, DEFAULT_WORDING.embeddedWarning, '='.repeat(72)].join('\n'));
    expect(DEFAULT_WORDING.embeddedWarning).toMatch(/url and anonKey options/);
    expect(DEFAULT_WORDING.embeddedWarning).toMatch(/requireBackend/);
  });

  test("prints the site's own words under the same heading, and reads no environment variable of its own", async () => {
    const saved = process.env.REQUIRE_BACKEND;
    // The variable a site may read for the same purpose: only the requireBackend option counts.
    process.env.REQUIRE_BACKEND = '1';
    try {
      const gatsby = fakeGatsby();
      const words = 'Demo recipes from seed.sql.\nSet RECIPES_URL and RECIPES_KEY for the real ones.';
      // The warning comes before the database opens: a missing folder ends the build at once after it.
      await gatsby.source({ tables, embedded: { ...embedded, migrations: MISSING }, wording: { embeddedWarning: words } });
      expect(gatsby.warnings).toEqual([[...HEADING, words, '='.repeat(72)].join('\n')]);
      expect(gatsby.errors.map((error) => error.id)).toEqual([ERROR_CODES.EmbeddedFailed]);
    } finally {
      if (saved === undefined) delete process.env.REQUIRE_BACKEND;
      else process.env.REQUIRE_BACKEND = saved;
    }
  });

  test('with requireBackend and no backend settings the build fails instead', async () => {
    const gatsby = fakeGatsby();
    await gatsby.source({ tables, url: '', anonKey: '', embedded, requireBackend: true });
    expect(gatsby.errors).toEqual([
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      { id: ERROR_CODES.BackendRequired, text: expect.stringContaining('requireBackend is set but no backend is configured') },
    ]);
    expect(gatsby.nodes.size).toBe(0);
  });

  test("fails with the site's own words when it gives them", async () => {
    const gatsby = fakeGatsby();
    const backendRequired = 'RECIPES_STRICT=1 wants RECIPES_URL and RECIPES_KEY.';
    await gatsby.source({ tables, embedded, requireBackend: true, wording: { backendRequired } });
    expect(gatsby.errors).toEqual([{ id: ERROR_CODES.BackendRequired, text: backendRequired }]);
    expect(gatsby.warnings).toEqual([]);
  });

  test('a broken embedded setup fails the build naming the database and the file', async () => {
    const gatsby = fakeGatsby();
    await gatsby.source({ tables, embedded: { ...embedded, migrations: MISSING } });
    expect(gatsby.errors).toHaveLength(1);
    expect(gatsby.errors[0]?.id).toBe(ERROR_CODES.EmbeddedFailed);
    expect(gatsby.errors[0]?.text).toContain(`embedded PGlite from ${MISSING}`);
    expect(gatsby.errors[0]?.text).toContain('no-such-migrations');
  });
});

describe('publishedQuery', () => {
  test('is the SQL twin of the remote query, with the filter value as a parameter', () => {
    expect(publishedQuery(RECIPES, { course: 'main' })).toEqual({
      text:
        'select "id", "course", "title", "summary", "difficulty", "minutes", "is_active", "order_index" ' +
        'from public."recipes" where "is_active" = true and "course" = $1 order by "order_index" asc',
      params: ['main'],
    });
  });
});
