// The source plugin's remote driver against the local Supabase (tools/local-supabase) serving the
// plugin's recipe site schema (its tests/fixtures): the requests it makes for a content model
// (tests/fixtures/model.ts), the nodes it makes of the answers, and how each kind of failure fails
// the build naming the URL and the table. Here rather than in the plugin, which does not depend on
// local-supabase (local-supabase depends on it).
import { freePort, startLocalBackend, type Intercept, type LocalBackend, type ServedApi } from 'local-supabase';
import { onPluginInit } from 'gatsby-source-supabase-content/gatsby-node';
import { ERROR_CODES, fakeGatsby, remoteDriver, removeFakeCacheFolders, sourceContent } from 'gatsby-source-supabase-content/testing';
import { EMBEDDED, TABLES } from '../../plugins/gatsby-source-supabase-content/tests/fixtures/model';

// The pictures' cache folders the sourcing made.
afterAll(removeFakeCacheFolders);

const KEY = 'anon-key-for-tests';
const tables = TABLES;

type Row = Record<string, string | number | boolean | null>;
interface Rows {
  authors: Row[];
  recipes: Row[];
}

// The rows' names in this file and their ids in the schema (authors: bigint, recipes: uuid).
const AUTHOR_ID = { a1: 1, a2: 2, 'a-off': 3 } as const;
const RECIPE_ID = {
  m1: '00000000-0000-4000-8000-000000000011',
  m2: '00000000-0000-4000-8000-000000000012',
  d1: '00000000-0000-4000-8000-000000000021',
  'd-off': '00000000-0000-4000-8000-000000000020',
} as const;

function author(name: keyof typeof AUTHOR_ID, order: number, extra: Row = {}): Row {
  return {
    id: AUTHOR_ID[name],
    name: `Author ${name}`,
    bio: `About ${name}`,
    portrait: `/images/authors/${name}.svg`,
    role: 'writer',
    is_active: true,
    order_index: order,
    ...extra,
  };
}

function recipe(name: keyof typeof RECIPE_ID, course: string, order: number, extra: Row = {}): Row {
  return {
    id: RECIPE_ID[name],
    course,
    title: `Recipe ${name}`,
    summary: `Summary ${name}`,
    difficulty: 'easy',
    minutes: 30,
    is_active: true,
    order_index: order,
    ...extra,
  };
}

function sampleTables(): Rows {
  return {
    authors: [
      author('a2', 2, { name: '<b>html</b> & <script>alert(1)</script>', portrait: null }),
      author('a1', 1),
      author('a-off', 0, { is_active: false }),
    ],
    recipes: [
      recipe('m2', 'main', 2),
      recipe('m1', 'main', 1),
      recipe('d1', 'dessert', 1),
      recipe('d-off', 'dessert', 0, { is_active: false }),
    ],
  };
}

// The two reads the recipe site's model makes; any other request answers 400 naming its shape.
const API: ServedApi = {
  shapes: [
    { name: 'the authors read', methods: ['GET'], table: 'authors', keys: ['select', 'is_active', 'order'] },
    {
      name: 'the recipes read, once per course',
      methods: ['GET'],
      table: 'recipes',
      keys: ['select', 'is_active', 'course', 'order'],
    },
  ],
  functions: {},
};

let server: LocalBackend;
beforeAll(async () => {
  server = await startLocalBackend({ anonKey: KEY, paths: EMBEDDED, api: API });
});
afterAll(() => server.stop());

/** Replaces the tables' rows, as the schema's owner (the API roles only read). */
async function setRows(rows: Rows) {
  await server.db.transaction(async (tx) => {
    await tx.query('delete from public.recipes');
    await tx.query('delete from public.authors');
    await tx.query('insert into public.authors overriding system value select * from json_populate_recordset(null::public.authors, $1)', [
      JSON.stringify(rows.authors),
    ]);
    await tx.query('insert into public.recipes select * from json_populate_recordset(null::public.recipes, $1)', [
      JSON.stringify(rows.recipes),
    ]);
  });
}

beforeEach(async () => {
  await setRows(sampleTables());
  server.requests.length = 0;
});

afterEach(() => {
  server.intercept(null);
  server.hang(false);
  server.failReads(false);
});

async function run(rows: Rows, intercept?: Intercept) {
  await setRows(rows);
  server.intercept(intercept ?? null);
  const gatsby = fakeGatsby();
  await gatsby.source({ tables, url: server.url, anonKey: KEY });
  return { gatsby, server };
}

describe('remote driver: the requests it makes', () => {
  test('asks PostgREST for the active rows of each published query, ordered, with the anon key', async () => {
    const { server } = await run(sampleTables());

    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /rest/v1/authors',
      'GET /rest/v1/recipes',
      'GET /rest/v1/recipes',
    ]);
    expect(server.requests.map((r) => Object.entries(r.query))).toEqual([
      [
        ['select', 'id,name,bio,portrait,role,is_active,order_index'],
        ['is_active', 'eq.true'],
        ['order', 'order_index.asc'],
      ],
      [
        ['select', 'id,course,title,summary,difficulty,minutes,is_active,order_index'],
        ['is_active', 'eq.true'],
        ['course', 'eq.main'],
        ['order', 'order_index.asc'],
      ],
      [
        ['select', 'id,course,title,summary,difficulty,minutes,is_active,order_index'],
        ['is_active', 'eq.true'],
        ['course', 'eq.dessert'],
        ['order', 'order_index.asc'],
      ],
    ]);
    for (const request of server.requests) {
      expect(request.headers.apikey).toBe(KEY);
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    }
  });

  test('a trailing slash in the URL does not change the request path', async () => {
    const driver = remoteDriver({ url: `${server.url}/`, anonKey: KEY });
    await driver.read({ table: 'authors', nodeType: 'Author', columns: [], queries: [{}] }, {});
    expect(server.requests[0]?.path).toBe('/rest/v1/authors');
    expect(driver.label).toBe(server.url);
  });
});

describe('remote driver: the nodes it makes', () => {
  test('one node per returned row, with the row id in row_id, its place in row_position and the text kept verbatim', async () => {
    const { gatsby } = await run(sampleTables());

    expect(gatsby.errors).toEqual([]);
    const authors = gatsby.ofType('Author');
    expect(authors.map((n) => n.row_id)).toEqual([String(AUTHOR_ID.a1), String(AUTHOR_ID.a2)]);
    expect(authors[1]).toMatchObject({
      row_id: String(AUTHOR_ID.a2),
      name: '<b>html</b> & <script>alert(1)</script>',
      bio: 'About a2',
      portrait: null,
      role: 'writer',
      row_position: 1,
      parent: null,
      children: [],
      internal: { type: 'Author' },
    });
    // Only the published columns (and the link to a downloaded picture) become fields; is_active
    // and order_index decide which rows and in what order, they are not content.
    expect(Object.keys(authors[1] ?? {}).sort()).toEqual([
      'bio',
      'children',
      'id',
      'internal',
      'name',
      'parent',
      'portrait',
      'portrait_file',
      'role',
      'row_id',
      'row_position',
    ]);
    expect(gatsby.ofType('Recipe').map((n) => [n.course, n.row_id])).toEqual([
      ['main', RECIPE_ID.m1],
      ['main', RECIPE_ID.m2],
      ['dessert', RECIPE_ID.d1],
    ]);
    expect(gatsby.ofType('Recipe')[0]).toMatchObject({ title: 'Recipe m1', summary: 'Summary m1', difficulty: 'easy', minutes: 30 });
  });

  test('node ids come from createNodeId and digests change only with the content', async () => {
    const first = await run(sampleTables());
    const before = first.gatsby.ofType('Author');

    const rows = sampleTables();
    rows.authors = [author('a1', 1), author('a2', 2, { name: 'Renamed', portrait: null })];
    const second = await run(rows);
    const after = second.gatsby.ofType('Author');

    expect(after.map((n) => n.id)).toEqual(before.map((n) => n.id));
    expect(new Set(after.map((n) => n.id)).size).toBe(2);
    const digest = (n: Record<string, unknown>) => (n.internal as { contentDigest: string }).contentDigest;
    expect(digest(after[0]!)).toBe(digest(before[0]!));
    expect(digest(after[1]!)).not.toBe(digest(before[1]!));
  });

  test('re-sourcing removes nodes whose rows were deactivated or deleted', async () => {
    const gatsby = fakeGatsby();
    const options = { tables, url: server.url, anonKey: KEY };
    await gatsby.source(options);
    expect(gatsby.ofType('Author')).toHaveLength(2);

    const rows = sampleTables();
    rows.authors = [author('a1', 1), author('a2', 2, { is_active: false })];
    // Every dessert deleted; the main courses untouched.
    rows.recipes = sampleTables().recipes.filter((row) => row.course === 'main');
    await setRows(rows);
    gatsby.resetPass();
    await gatsby.source(options);

    expect(gatsby.errors).toEqual([]);
    expect(gatsby.ofType('Author').map((n) => n.row_id)).toEqual([String(AUTHOR_ID.a1)]);
    expect(gatsby.ofType('Recipe').filter((n) => n.course === 'dessert')).toEqual([]);
    expect(gatsby.ofType('Recipe').filter((n) => n.course === 'main')).toHaveLength(2);
  });
});

describe('remote driver: unknown values are kept with a warning', () => {
  test('an unknown role or difficulty does not fail; the warning names table, row and value', async () => {
    const rows = sampleTables();
    rows.authors = [author('a1', 1, { role: 'translator' })];
    rows.recipes = [recipe('m1', 'main', 1, { difficulty: 'extreme' })];
    const { gatsby } = await run(rows);

    expect(gatsby.errors).toEqual([]);
    expect(gatsby.ofType('Author')[0]?.role).toBe('translator');
    expect(gatsby.ofType('Recipe')[0]?.difficulty).toBe('extreme');
    expect(gatsby.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`authors row ${AUTHOR_ID.a1}: unknown role "translator"`)),
        expect.stringMatching(new RegExp(`recipes \\(course = main\\) row ${RECIPE_ID.m1}: unknown difficulty "extreme"`)),
      ]),
    );
  });
});

describe('remote driver: failures fail the build and name the URL and the table', () => {
  async function failure(intercept: Intercept, rows = sampleTables()) {
    const { gatsby, server } = await run(rows, intercept);
    expect(gatsby.errors).toHaveLength(1);
    // Nothing is published from a failed pass.
    expect(gatsby.nodes.size).toBe(0);
    return { error: gatsby.errors[0]!, url: server.url };
  }

  test('HTTP 500', async () => {
    const { error, url } = await failure((r) =>
      r.path.endsWith('/recipes') ? { status: 500, body: '{"message":"database is restarting"}' } : undefined,
    );
    expect(error.id).toBe(ERROR_CODES.HttpError);
    expect(error.text).toContain(url);
    expect(error.text).toContain('recipes (course = main)');
    expect(error.text).toContain('HTTP 500');
    expect(error.text).toContain('database is restarting');
  });

  test('a rejected key (401)', async () => {
    const gatsby = fakeGatsby();
    await gatsby.source({ tables, url: server.url, anonKey: 'wrong-key' });

    expect(gatsby.errors).toEqual([
      {
        id: ERROR_CODES.KeyRejected,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
        text: expect.stringContaining(`${server.url} rejected the anon key (HTTP 401) while reading authors`),
      },
    ]);
    expect(gatsby.errors[0]?.text).not.toContain('wrong-key');
  });

  test('a 403 is a rejected key too', async () => {
    const { error } = await failure(() => ({ status: 403, body: '{"code":"42501","message":"permission denied"}' }));
    expect(error.id).toBe(ERROR_CODES.KeyRejected);
    expect(error.text).toContain('HTTP 403');
  });

  test('connection refused', async () => {
    // A port nothing listens on.
    const url = `http://127.0.0.1:${await freePort()}`;
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    // Retries (1 s + 2 s + 4 s) are postgrest-js's; the message is what is tested here.
    await sourceContent(gatsby.args, { tables, url, anonKey: KEY }, async () => remoteDriver({ url, anonKey: KEY, retry: false }));

    expect(gatsby.errors).toHaveLength(1);
    expect(gatsby.errors[0]?.id).toBe(ERROR_CODES.BackendUnreachable);
    expect(gatsby.errors[0]?.text).toContain(`Could not reach the Supabase backend at ${url} while reading authors`);
    expect(gatsby.errors[0]?.text).toContain('ECONNREFUSED');
  });

  test('an unknown host', async () => {
    const url = 'http://no-such-project.invalid';
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    await sourceContent(gatsby.args, { tables, url, anonKey: KEY }, async () => remoteDriver({ url, anonKey: KEY, retry: false }));

    expect(gatsby.errors[0]?.id).toBe(ERROR_CODES.BackendUnreachable);
    expect(gatsby.errors[0]?.text).toContain(url);
    expect(gatsby.errors[0]?.text).toContain('authors');
    expect(gatsby.errors[0]?.text).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  test('a backend that never answers', async () => {
    server.hang(true);
    const url = server.url;
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    await sourceContent(gatsby.args, { tables, url, anonKey: KEY }, async () => remoteDriver({ url, anonKey: KEY, timeoutMs: 200 }));

    expect(gatsby.errors[0]?.id).toBe(ERROR_CODES.BackendUnreachable);
    expect(gatsby.errors[0]?.text).toContain(`${url} while reading authors`);
    expect(gatsby.errors[0]?.text).toMatch(/abort/i);
  });

  test('a body that is not JSON', async () => {
    const { error, url } = await failure((r) =>
      r.path.endsWith('/authors') ? { status: 200, body: '<html>maintenance</html>' } : undefined,
    );
    expect(error.id).toBe(ERROR_CODES.BadBody);
    expect(error.text).toContain(`${url} did not return a JSON array of rows for authors`);
    expect(error.text).toContain('not JSON');
  });

  test('a JSON body that is not an array', async () => {
    const { error, url } = await failure((r) =>
      r.query.get('course') === 'eq.dessert' ? { status: 200, body: '{"rows":[]}' } : undefined,
    );
    expect(error.id).toBe(ERROR_CODES.BadBody);
    expect(error.text).toContain(url);
    expect(error.text).toContain('recipes (course = dessert)');
    expect(error.text).toContain('expected an array, got an object');
  });

  test('under gatsby develop a failed re-source keeps the content it already had', async () => {
    const gatsby = fakeGatsby();
    const options = { tables, url: server.url, anonKey: KEY };
    await gatsby.source(options);
    const before = [...gatsby.nodes.keys()];

    server.failReads(true);
    gatsby.resetPass();
    await gatsby.source(options);

    expect(gatsby.errors).toHaveLength(1);
    expect([...gatsby.nodes.keys()]).toEqual(before);
    expect([...gatsby.touched].sort()).toEqual([...before].sort());
  });
});
