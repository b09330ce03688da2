import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase } from '../../plugins/gatsby-source-supabase-content/src/embedded-db';
import type * as EmbeddedDb from '../../plugins/gatsby-source-supabase-content/src/embedded-db';
import { publishedQuery } from '../../plugins/gatsby-source-supabase-content/src/embedded';
import { ERROR_CODES } from '../../plugins/gatsby-source-supabase-content/src/errors';
import { onPluginInit } from '../../plugins/gatsby-source-supabase-content/src/on-plugin-init';
import { EMBEDDED_WARNING, sourceContent } from '../../plugins/gatsby-source-supabase-content/src/source-nodes';
import { CONTENT_TABLES, FEATURE_CARDS_TABLE } from '../../src/content/model';
import { fakeGatsby } from 'gatsby-source-supabase-content/testing';

// Records the role of every query the driver runs, and runs it for real.
const roles: string[] = [];
jest.mock('../../plugins/gatsby-source-supabase-content/src/embedded-db', () => {
  const actual = jest.requireActual<typeof EmbeddedDb>('../../plugins/gatsby-source-supabase-content/src/embedded-db');
  return {
    ...actual,
    withRole: (...args: Parameters<typeof actual.withRole>) => {
      roles.push(args[1]);
      return actual.withRole(...args);
    },
  };
});

const supabase = path.join(__dirname, '..', '..', 'supabase');
const embedded = {
  bootstrap: path.join(supabase, 'local', 'bootstrap.sql'),
  migrations: path.join(supabase, 'migrations'),
  seed: path.join(supabase, 'seed.sql'),
};
const tables = CONTENT_TABLES;

// The seed as the database owner sees it (RLS does not apply to the owner): the oracle for what
// the anon role may and may not publish, without copying the seed's content into the test.
let owner: PGlite;
beforeAll(async () => {
  owner = await openEmbeddedDatabase(embedded);
}, 30_000);
afterAll(() => owner?.close());

async function seedIds(table: string, active: boolean, where = 'true', params: string[] = []): Promise<string[]> {
  const { rows } = await owner.query<{ id: string }>(
    `select id from public.${table} where is_active = ${active} and ${where} order by order_index, id`,
    params,
  );
  return rows.map((row) => row.id);
}

async function withGatsby() {
  const gatsby = fakeGatsby();
  await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
  return gatsby;
}

describe('embedded driver with the real supabase/ files', () => {
  const originalRequire = process.env.REQUIRE_BACKEND;
  afterEach(() => {
    if (originalRequire === undefined) delete process.env.REQUIRE_BACKEND;
    else process.env.REQUIRE_BACKEND = originalRequire;
  });

  test('publishes, as anon, every active seed row in order_index order and no inactive row, with a loud warning', async () => {
    delete process.env.REQUIRE_BACKEND;
    const gatsby = await withGatsby();
    await sourceContent(gatsby.args, { tables, embedded });
    expect(gatsby.errors).toEqual([]);
    // Every query ran as anon, so row-level security had the last word on what is published.
    expect(roles).toEqual(Array(tables.reduce((n, spec) => n + spec.queries.length, 0)).fill('anon'));

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

    expect(gatsby.warnings).toContain(EMBEDDED_WARNING);
    expect(EMBEDDED_WARNING).toMatch(/SIMULATED/);
    expect(EMBEDDED_WARNING).toMatch(/REQUIRE_BACKEND=1/);
  }, 30_000);

  test('with REQUIRE_BACKEND=1 and no backend settings the build fails instead', async () => {
    process.env.REQUIRE_BACKEND = '1';
    const gatsby = await withGatsby();
    await sourceContent(gatsby.args, { tables, url: '', anonKey: '', embedded });
    expect(gatsby.errors).toEqual([
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      { id: ERROR_CODES.BackendRequired, text: expect.stringContaining('REQUIRE_BACKEND=1 is set but no backend is configured') },
    ]);
    expect(gatsby.nodes.size).toBe(0);
  });

  test('a broken embedded setup fails the build naming the database and the file', async () => {
    const gatsby = await withGatsby();
    const missing = path.join(supabase, 'no-such-migrations');
    await sourceContent(gatsby.args, { tables, embedded: { ...embedded, migrations: missing } });
    expect(gatsby.errors).toHaveLength(1);
    expect(gatsby.errors[0]?.id).toBe(ERROR_CODES.EmbeddedFailed);
    expect(gatsby.errors[0]?.text).toContain(`embedded PGlite from ${missing}`);
    expect(gatsby.errors[0]?.text).toContain('no-such-migrations');
  });
});

describe('publishedQuery', () => {
  test('is the SQL twin of the remote query, with the classification as a parameter', () => {
    expect(publishedQuery(FEATURE_CARDS_TABLE, { classification: 'worker' })).toEqual({
      text:
        'select "id", "classification", "title", "subtitle", "icon", "icon_color", "is_active", "order_index" ' +
        'from public."feature_cards" where "is_active" = true and "classification" = $1 order by "order_index" asc',
      params: ['worker'],
    });
  });
});
