import { onPluginInit } from '../../plugins/gatsby-source-supabase-content/src/on-plugin-init';
import { remoteDriver } from '../../plugins/gatsby-source-supabase-content/src/remote';
import { sourceContent } from '../../plugins/gatsby-source-supabase-content/src/source-nodes';
import { ERROR_CODES } from '../../plugins/gatsby-source-supabase-content/src/errors';
import { CONTENT_TABLES } from '../../src/content/model';
import { fakeGatsby } from 'gatsby-source-supabase-content/testing';
import { startFakePostgrest, type FakePostgrest, type FakeRow } from './support/fake-postgrest';

const KEY = 'anon-key-for-tests';
const tables = CONTENT_TABLES;

function material(id: string, order: number, extra: Partial<FakeRow> = {}): FakeRow {
  return {
    id,
    name: `Material ${id}`,
    description: `About ${id}`,
    image: `/images/materials/${id}.svg`,
    status: 'live',
    is_active: true,
    order_index: order,
    ...extra,
  };
}

function milestone(id: string, order: number, extra: Partial<FakeRow> = {}): FakeRow {
  return {
    id,
    period: `Q${order} 2025`,
    title: `Milestone ${id}`,
    description: `Step ${id}`,
    status: 'completed',
    icon: 'CheckCircle',
    is_active: true,
    order_index: order,
    ...extra,
  };
}

function card(id: string, classification: string, order: number, extra: Partial<FakeRow> = {}): FakeRow {
  return {
    id,
    classification,
    title: `Card ${id}`,
    subtitle: `Subtitle ${id}`,
    icon: '⚡',
    icon_color: '#16a34a',
    is_active: true,
    order_index: order,
    ...extra,
  };
}

function sampleTables(): Record<string, FakeRow[]> {
  return {
    material_coverage: [
      material('m2', 2, { name: '<b>html</b> & <script>alert(1)</script>', image: null }),
      material('m1', 1),
      material('m-off', 0, { is_active: false }),
    ],
    timeline: [milestone('t1', 1), milestone('t2', 2, { status: 'current', icon: 'Rocket' })],
    feature_cards: [
      card('a2', 'adasorter', 2),
      card('a1', 'adasorter', 1),
      card('w1', 'worker', 1),
      card('w-off', 'worker', 0, { is_active: false }),
    ],
  };
}

let server: FakePostgrest | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(rows: Record<string, FakeRow[]>, override?: Parameters<typeof startFakePostgrest>[0]['override']) {
  server = await startFakePostgrest({ anonKey: KEY, tables: rows, override });
  const gatsby = fakeGatsby();
  await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
  await sourceContent(gatsby.args, { tables, url: server.url, anonKey: KEY });
  return { gatsby, server };
}

describe('remote driver: the requests it makes', () => {
  test('asks PostgREST for the active rows of each published query, ordered, with the anon key', async () => {
    const { server } = await run(sampleTables());

    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /rest/v1/material_coverage',
      'GET /rest/v1/timeline',
      'GET /rest/v1/feature_cards',
      'GET /rest/v1/feature_cards',
    ]);
    expect(server.requests.map((r) => [...r.query])).toEqual([
      [
        ['select', 'id,name,description,image,status,is_active,order_index'],
        ['is_active', 'eq.true'],
        ['order', 'order_index.asc'],
      ],
      [
        ['select', 'id,period,title,description,status,icon,is_active,order_index'],
        ['is_active', 'eq.true'],
        ['order', 'order_index.asc'],
      ],
      [
        ['select', 'id,classification,title,subtitle,icon,icon_color,is_active,order_index'],
        ['is_active', 'eq.true'],
        ['classification', 'eq.adasorter'],
        ['order', 'order_index.asc'],
      ],
      [
        ['select', 'id,classification,title,subtitle,icon,icon_color,is_active,order_index'],
        ['is_active', 'eq.true'],
        ['classification', 'eq.worker'],
        ['order', 'order_index.asc'],
      ],
    ]);
    for (const request of server.requests) {
      expect(request.headers.apikey).toBe(KEY);
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    }
  });

  test('a trailing slash in the URL does not change the request path', async () => {
    server = await startFakePostgrest({ anonKey: KEY, tables: sampleTables() });
    const driver = remoteDriver({ url: `${server.url}/`, anonKey: KEY });
    await driver.read({ table: 'timeline', nodeType: 'TimelineItem', columns: [], queries: [{}] }, {});
    expect(server.requests[0]?.path).toBe('/rest/v1/timeline');
    expect(driver.label).toBe(server.url);
  });
});

describe('remote driver: the nodes it makes', () => {
  test('one node per returned row, with the row id in row_id, its place in row_position and the text kept verbatim', async () => {
    const { gatsby } = await run(sampleTables());

    expect(gatsby.errors).toEqual([]);
    const materials = gatsby.ofType('MaterialCoverage');
    expect(materials.map((n) => n.row_id)).toEqual(['m1', 'm2']);
    expect(materials[1]).toMatchObject({
      row_id: 'm2',
      name: '<b>html</b> & <script>alert(1)</script>',
      description: 'About m2',
      image: null,
      status: 'live',
      row_position: 1,
      parent: null,
      children: [],
      internal: { type: 'MaterialCoverage' },
    });
    // Only the published columns (and the link to a downloaded picture) become fields; is_active
    // and order_index decide which rows and in what order, they are not content.
    expect(Object.keys(materials[1] ?? {}).sort()).toEqual([
      'children',
      'description',
      'id',
      'image',
      'image_file',
      'internal',
      'name',
      'parent',
      'row_id',
      'row_position',
      'status',
    ]);
    expect(gatsby.ofType('TimelineItem').map((n) => n.row_id)).toEqual(['t1', 't2']);
    expect(gatsby.ofType('FeatureCard').map((n) => [n.classification, n.row_id])).toEqual([
      ['adasorter', 'a1'],
      ['adasorter', 'a2'],
      ['worker', 'w1'],
    ]);
  });

  test('node ids come from createNodeId and digests change only with the content', async () => {
    const first = await run(sampleTables());
    const before = first.gatsby.ofType('TimelineItem');
    await first.server.close();

    const rows = sampleTables();
    rows.timeline = [milestone('t1', 1), milestone('t2', 2, { title: 'Renamed', status: 'current', icon: 'Rocket' })];
    const second = await run(rows);
    const after = second.gatsby.ofType('TimelineItem');

    expect(after.map((n) => n.id)).toEqual(before.map((n) => n.id));
    expect(new Set(after.map((n) => n.id)).size).toBe(2);
    const digest = (n: Record<string, unknown>) => (n.internal as { contentDigest: string }).contentDigest;
    expect(digest(after[0]!)).toBe(digest(before[0]!));
    expect(digest(after[1]!)).not.toBe(digest(before[1]!));
  });

  test('re-sourcing removes nodes whose rows were deactivated or deleted', async () => {
    server = await startFakePostgrest({ anonKey: KEY, tables: sampleTables() });
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    const options = { tables, url: server.url, anonKey: KEY };
    await sourceContent(gatsby.args, options);
    expect(gatsby.ofType('MaterialCoverage')).toHaveLength(2);

    const rows = sampleTables();
    rows.material_coverage = [material('m1', 1), material('m2', 2, { is_active: false })];
    rows.feature_cards = [];
    server.tables = rows;
    gatsby.resetPass();
    await sourceContent(gatsby.args, options);

    expect(gatsby.errors).toEqual([]);
    expect(gatsby.ofType('MaterialCoverage').map((n) => n.row_id)).toEqual(['m1']);
    expect(gatsby.ofType('FeatureCard')).toEqual([]);
    expect(gatsby.ofType('TimelineItem')).toHaveLength(2);
  });
});

describe('remote driver: unknown values are kept with a warning', () => {
  test('an unknown status or icon does not fail; the warning names table, row and value', async () => {
    const rows = sampleTables();
    rows.material_coverage = [material('m1', 1, { status: 'recycling-soon' })];
    rows.timeline = [milestone('t1', 1, { icon: 'Sparkles' })];
    const { gatsby } = await run(rows);

    expect(gatsby.errors).toEqual([]);
    expect(gatsby.ofType('MaterialCoverage')[0]?.status).toBe('recycling-soon');
    expect(gatsby.ofType('TimelineItem')[0]?.icon).toBe('Sparkles');
    expect(gatsby.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/material_coverage row m1: unknown status "recycling-soon"/),
        expect.stringMatching(/timeline row t1: unknown icon "Sparkles"/),
      ]),
    );
  });
});

describe('remote driver: failures fail the build and name the URL and the table', () => {
  async function failure(override: Parameters<typeof startFakePostgrest>[0]['override'], rows = sampleTables()) {
    const { gatsby, server } = await run(rows, override);
    expect(gatsby.errors).toHaveLength(1);
    // Nothing is published from a failed pass.
    expect(gatsby.nodes.size).toBe(0);
    return { error: gatsby.errors[0]!, url: server.url };
  }

  test('HTTP 500', async () => {
    const { error, url } = await failure((r) =>
      r.path.endsWith('/timeline') ? { status: 500, body: '{"message":"database is restarting"}' } : undefined,
    );
    expect(error.id).toBe(ERROR_CODES.HttpError);
    expect(error.text).toContain(url);
    expect(error.text).toContain('timeline');
    expect(error.text).toContain('HTTP 500');
    expect(error.text).toContain('database is restarting');
  });

  test('a rejected key (401)', async () => {
    server = await startFakePostgrest({ anonKey: KEY, tables: sampleTables() });
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    await sourceContent(gatsby.args, { tables, url: server.url, anonKey: 'wrong-key' });

    expect(gatsby.errors).toEqual([
      {
        id: ERROR_CODES.KeyRejected,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
        text: expect.stringContaining(`${server.url} rejected the anon key (HTTP 401) while reading material_coverage`),
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
    server = await startFakePostgrest({ anonKey: KEY, tables: {} });
    const url = server.url;
    await server.close();
    server = undefined;
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    // Retries (1 s + 2 s + 4 s) are postgrest-js's; the message is what is tested here.
    await sourceContent(gatsby.args, { tables, url, anonKey: KEY }, async () => remoteDriver({ url, anonKey: KEY, retry: false }));

    expect(gatsby.errors).toHaveLength(1);
    expect(gatsby.errors[0]?.id).toBe(ERROR_CODES.BackendUnreachable);
    expect(gatsby.errors[0]?.text).toContain(`Could not reach the Supabase backend at ${url} while reading material_coverage`);
    expect(gatsby.errors[0]?.text).toContain('ECONNREFUSED');
  });

  test('an unknown host', async () => {
    const url = 'http://no-such-project.invalid';
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    await sourceContent(gatsby.args, { tables, url, anonKey: KEY }, async () => remoteDriver({ url, anonKey: KEY, retry: false }));

    expect(gatsby.errors[0]?.id).toBe(ERROR_CODES.BackendUnreachable);
    expect(gatsby.errors[0]?.text).toContain(url);
    expect(gatsby.errors[0]?.text).toContain('material_coverage');
    expect(gatsby.errors[0]?.text).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  test('a backend that never answers', async () => {
    server = await startFakePostgrest({ anonKey: KEY, tables: {}, hang: true });
    const url = server.url;
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    await sourceContent(gatsby.args, { tables, url, anonKey: KEY }, async () => remoteDriver({ url, anonKey: KEY, timeoutMs: 200 }));

    expect(gatsby.errors[0]?.id).toBe(ERROR_CODES.BackendUnreachable);
    expect(gatsby.errors[0]?.text).toContain(`${url} while reading material_coverage`);
    expect(gatsby.errors[0]?.text).toMatch(/abort/i);
  });

  test('a body that is not JSON', async () => {
    const { error, url } = await failure((r) =>
      r.path.endsWith('/material_coverage') ? { status: 200, body: '<html>maintenance</html>' } : undefined,
    );
    expect(error.id).toBe(ERROR_CODES.BadBody);
    expect(error.text).toContain(`${url} did not return a JSON array of rows for material_coverage`);
    expect(error.text).toContain('not JSON');
  });

  test('a JSON body that is not an array', async () => {
    const { error, url } = await failure((r) =>
      r.query.get('classification') === 'eq.worker' ? { status: 200, body: '{"rows":[]}' } : undefined,
    );
    expect(error.id).toBe(ERROR_CODES.BadBody);
    expect(error.text).toContain(url);
    expect(error.text).toContain('feature_cards (classification = worker)');
    expect(error.text).toContain('expected an array, got an object');
  });

  test('under gatsby develop a failed re-source keeps the content it already had', async () => {
    server = await startFakePostgrest({ anonKey: KEY, tables: sampleTables() });
    const gatsby = fakeGatsby();
    await onPluginInit({ reporter: gatsby.reporter } as never, { plugins: [] }, () => undefined);
    const options = { tables, url: server.url, anonKey: KEY };
    await sourceContent(gatsby.args, options);
    const before = [...gatsby.nodes.keys()];

    server.tables = {};
    gatsby.resetPass();
    await sourceContent(gatsby.args, options);

    expect(gatsby.errors).toHaveLength(1);
    expect([...gatsby.nodes.keys()]).toEqual(before);
    expect([...gatsby.touched].sort()).toEqual([...before].sort());
  });
});
