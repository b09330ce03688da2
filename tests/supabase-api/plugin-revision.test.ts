// The source plugin's `revision` option on a Supabase project (tools/local-supabase serving the
// plugin's recipe site schema): the build asks PostgREST for the revision before the lists and
// publishes it as one node, and an answer that is no revision fails the build. Here rather than in
// the plugin, which does not depend on local-supabase (local-supabase depends on it).
import { startLocalBackend, type LocalBackend } from 'local-supabase';
import { REVISION_NODE_TYPE, type RevisionSpec } from 'gatsby-source-supabase-content/browser';
import { ERROR_CODES, fakeGatsby, remoteDriver, removeFakeCacheFolders } from 'gatsby-source-supabase-content/testing';
import { EMBEDDED, REVISION, TABLES } from '../../plugins/gatsby-source-supabase-content/tests/fixtures/model';

// The pictures' cache folders the sourcing made.
afterAll(removeFakeCacheFolders);

const KEY = 'anon-key-for-tests';
const revisionNodes = (gatsby: ReturnType<typeof fakeGatsby>) =>
  gatsby.ofType(REVISION_NODE_TYPE).map(({ id: _id, internal: _internal, ...fields }) => fields);

describe('on a Supabase project', () => {
  // The recipe site's schema on the local Supabase, serving the lists and the revision function to a
  // GET as PostgREST does; `no_such_revision` is served too but exists nowhere, as after a missed migration.
  let server: LocalBackend;
  beforeAll(async () => {
    server = await startLocalBackend({
      anonKey: KEY,
      paths: EMBEDDED,
      api: {
        shapes: [
          { name: 'the authors read', methods: ['GET'], table: 'authors', keys: ['select', 'is_active', 'order'] },
          { name: 'the recipes read', methods: ['GET'], table: 'recipes', keys: ['select', 'is_active', 'course', 'order'] },
        ],
        functions: {},
        readFunctions: { recipes_revision: 'the build', no_such_revision: 'the build' },
      },
    });
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    server.requests.length = 0;
  });

  /** Makes the revision function answer `json` (a JSON text), as the schema's owner would redefine it. */
  async function answering(json: string) {
    await server.db.exec(`
      drop function public.recipes_revision(text);
      create function public.recipes_revision(apikey text default null) returns json
        language sql stable set search_path = '' as $$ select ${json === 'null' ? 'null' : `'${json}'`}::json $$;
      grant execute on function public.recipes_revision(text) to anon;`);
  }

  async function source(revision: RevisionSpec = REVISION) {
    const gatsby = fakeGatsby();
    await gatsby.source({ tables: TABLES, url: server.url, anonKey: KEY, revision });
    return gatsby;
  }

  test('asks PostgREST first, with a GET on the function and the anon key, and publishes a number as its digits', async () => {
    await answering('42');
    const gatsby = await source();
    expect(gatsby.errors).toEqual([]);
    const [first, ...rest] = server.requests;
    expect(`${first?.method} ${first?.path}`).toBe('GET /rest/v1/rpc/recipes_revision');
    expect(first?.query).toEqual({});
    expect(rest.map((r) => r.path)).toEqual(['/rest/v1/authors', '/rest/v1/recipes', '/rest/v1/recipes']);
    expect(first?.headers.apikey).toBe(KEY);
    expect(revisionNodes(gatsby)).toEqual([{ revision: '42', parent: null, children: [] }]);
  });

  test('a missing function fails the build with the answer that names it', async () => {
    const gatsby = await source({ function: 'no_such_revision' });
    expect(gatsby.errors).toEqual([
      {
        id: ERROR_CODES.HttpError,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
        text: expect.stringContaining(`${server.url} answered HTTP 404 while reading the revision (rpc/no_such_revision): [PGRST202]`),
      },
    ]);
    expect(gatsby.nodes.size).toBe(0);
    // Nothing else was read: the lists wait for the revision.
    expect(server.requests).toHaveLength(1);
  });

  test.each([
    ['null (a function that found no row)', 'null', 'null'],
    ['an object', '{"revision":3}', '{"revision":3}'],
    ['an empty text', '""', '""'],
    ['a number JavaScript cannot hold exactly', String(2 ** 53 + 2), String(2 ** 53 + 2)],
  ])('an answer that is no revision fails the build: %s', async (_name, body, shown) => {
    await answering(body);
    const gatsby = await source();
    expect(gatsby.errors).toEqual([
      {
        id: ERROR_CODES.BadRevision,
        text: `${server.url} did not return the revision (rpc/recipes_revision): expected a number or a short text, got ${shown}`,
      },
    ]);
    expect(gatsby.nodes.size).toBe(0);
  });

  test('the remote driver hands over what PostgREST answered, unchecked', async () => {
    await answering('"v7"');
    await expect(remoteDriver({ url: server.url, anonKey: KEY }).revision(REVISION)).resolves.toBe('v7');
  });
});
