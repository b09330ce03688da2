// The site's build without backend settings, as gatsby-config.ts sets up the source plugin: the
// site's own SQL files and words. It publishes what the seed lets the anonymous visitor read, says
// that contact submissions are simulated, and under REQUIRE_BACKEND=1 fails instead.
import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase } from 'gatsby-source-supabase-content/embedded-db';
import type { SupabaseContentOptions } from 'gatsby-source-supabase-content/gatsby-node';
import { fakeGatsby, removeFakeCacheFolders } from 'gatsby-source-supabase-content/testing';
import { CONTENT_REVISION } from '../../src/content/model';
import { SUPABASE_PATHS } from '../support/database';
import { configFor, pluginOptions, restoreBuildEnv } from '../support/gatsby-config';

// The pictures' cache folders the sourcing made.
afterAll(removeFakeCacheFolders);

afterEach(restoreBuildEnv);

async function sourceOptions(env: Record<string, string>): Promise<SupabaseContentOptions> {
  return pluginOptions<SupabaseContentOptions>(await configFor(env), 'gatsby-source-supabase-content');
}

// The seed as the database owner sees it (RLS does not apply to the owner): the oracle for what
// the anon role may and may not publish, without copying the seed's content into the test.
let owner: PGlite;
beforeAll(async () => {
  owner = await openEmbeddedDatabase(SUPABASE_PATHS);
});
afterAll(() => owner?.close());

// The build without backend settings, run once: the first two cases read what it published.
let build: { options: SupabaseContentOptions; gatsby: ReturnType<typeof fakeGatsby> };
beforeAll(async () => {
  const options = await sourceOptions({});
  const gatsby = fakeGatsby();
  try {
    await gatsby.source(options);
  } finally {
    restoreBuildEnv();
  }
  build = { options, gatsby };
});

async function seedIds(table: string, active: boolean, where = 'true', params: string[] = []): Promise<string[]> {
  const { rows } = await owner.query<{ id: string }>(
    `select id from public.${table} where is_active = ${active} and ${where} order by order_index, id`,
    params,
  );
  return rows.map((row) => row.id);
}

test('publishes, as anon, every active seed row in order_index order and no inactive row, with a loud warning', async () => {
  const { options, gatsby } = build;
  expect(options.embedded).toEqual(SUPABASE_PATHS);
  expect(gatsby.errors).toEqual([]);

  const expectations = [
    { type: 'MaterialCoverage', table: 'material_coverage', where: 'true', params: [] as string[] },
    { type: 'TimelineItem', table: 'timeline', where: 'true', params: [] },
    { type: 'FeatureCard', table: 'feature_cards', where: 'classification = $1', params: ['adasorter'] },
    { type: 'FeatureCard', table: 'feature_cards', where: 'classification = $1', params: ['worker'] },
  ];
  for (const { type, table, where, params } of expectations) {
    const nodes = gatsby.ofType(type).filter((node) => !params[0] || node.classification === params[0]);
    const active = await seedIds(table, true, where, params);
    const inactive = await seedIds(table, false);
    // The seed must hold rows of both kinds, or this test would prove nothing.
    expect(active.length).toBeGreaterThan(0);
    expect(inactive.length).toBeGreaterThan(0);

    // seedIds orders by order_index, then id: the published order.
    expect(nodes.map((node) => node.row_id)).toEqual(active);
    expect(nodes.map((node) => node.row_position)).toEqual(active.map((_, index) => index));
    for (const id of inactive) expect(nodes.map((node) => node.row_id)).not.toContain(id);
  }

  const [warning, ...others] = gatsby.warnings.filter((text) => text.includes('NO BACKEND CONFIGURED'));
  expect(others).toEqual([]);
  expect(warning).toMatch(/demo content from supabase\/seed\.sql/);
  expect(warning).toMatch(/SIMULATED/);
  expect(warning).toMatch(/REQUIRE_BACKEND=1/);
});

test("embeds the database's content revision, which the page query reads with the lists", async () => {
  const { options, gatsby } = build;
  expect(options.revision).toEqual(CONTENT_REVISION);
  const { rows } = await owner.query<{ revision: string }>('select revision::text as revision from private.content_revision');
  // The seed's statements moved it past its first value.
  expect(Number(rows[0]?.revision)).toBeGreaterThan(1);
  expect(gatsby.ofType('SupabaseContentRevision').map((node) => node.revision)).toEqual([rows[0]?.revision]);
});

test('with REQUIRE_BACKEND=1 and no backend settings the build fails instead', async () => {
  const options = await sourceOptions({ REQUIRE_BACKEND: '1' });
  expect(options.requireBackend).toBe(true);
  const gatsby = fakeGatsby();
  await gatsby.source({ ...options, url: '', anonKey: '' });
  expect(gatsby.errors).toEqual([
    // The message's id is the plugin's error code 10007, which hosts' logs and docs may name.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
    { id: '10007', text: expect.stringContaining('REQUIRE_BACKEND=1 is set but no backend is configured') },
  ]);
  expect(gatsby.nodes.size).toBe(0);
});

test('without REQUIRE_BACKEND the plugin is not asked to require a backend', async () => {
  expect((await sourceOptions({})).requireBackend).toBe(false);
});
