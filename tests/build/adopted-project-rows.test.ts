// The rows of a project the site adopted (made by Supabase's Table Editor or a site builder, not by
// our migrations), as PostgREST returns them: bigint ids as JSON numbers, uuid or text ids, nulls
// and blanks in optional columns, extra columns, values of another type, rows without a title.
// The build publishes every row it can show, in order, and names each row it leaves out.
import path from 'node:path';
import { fakeGatsby, removeFakeCacheFolders } from 'gatsby-source-supabase-content/testing';
import { PROJECT_SCHEMA, startLocalBackend, type Intercept, type LocalBackend } from 'local-supabase';
import { PUBLISHED_TABLES } from '../../src/content/model';

// The pictures' cache folders the sourcing made.
afterAll(removeFakeCacheFolders);

const KEY = 'anon-key-for-tests';

type Row = Record<string, string | number | boolean | null>;

// An old http picture on another host than the project's (were it asked for, the connection would be
// refused at once: no lookup leaves the machine). The build does not ask for it.
const GONE_PICTURE = 'http://127.0.0.1:2/glass.jpg';

// Table Editor style: bigint identity ids, created_at, and columns the site does not know.
function legacyTables(): Record<string, Row[]> {
  const extra = { created_at: '2024-03-01T10:00:00+00:00', updated_at: null, owner_note: 'x' };
  // One row a line reads as a table, so Prettier leaves it as written:
  // prettier-ignore
  return {
    material_coverage: [
      { id: 12, name: 'PET', description: null, image: null, status: 'live', is_active: true, order_index: 2, ...extra },
      { id: 3, name: 'Glass', description: '   ', image: GONE_PICTURE, status: null, is_active: true, order_index: 1, ...extra },
      { id: 7, name: null, description: 'Nameless draft', image: null, status: 'live', is_active: true, order_index: 3, ...extra },
      { id: 8, name: 'Off', description: null, image: null, status: 'live', is_active: false, order_index: 0, ...extra },
      { id: 9, name: 'Unordered', description: null, image: null, status: 'development', is_active: true, order_index: null, ...extra },
    ],
    timeline: [
      { id: 10, period: null, title: 'Ten', description: null, status: 'current', icon: null, is_active: true, order_index: 0, ...extra },
      { id: 9, period: 2024, title: 'Nine', description: 'Tie with ten', status: 'completed', icon: 'Rocket', is_active: true, order_index: 0, ...extra },
      { id: 11, period: 'Q1', title: '  ', description: null, status: 'upcoming', icon: null, is_active: true, order_index: 5, ...extra },
    ],
    feature_cards: [
      { id: 'b2f0c3de-1111-4a4a-8b8b-000000000001', classification: 'adasorter', title: 'Uuid card', subtitle: null, icon: null, icon_color: null, is_active: true, order_index: 1 },
      { id: 'text-id', classification: 'worker', title: 'Text id card', subtitle: 'Fine', icon: '✓', icon_color: '#0f766e', is_active: true, order_index: 1 },
      { id: 44, classification: 'worker', title: 'Null order', subtitle: null, icon: null, icon_color: null, is_active: null, order_index: 0 },
    ],
  };
}

// The local Supabase serving the adopted tables (fixtures/adopted-project-rows) with these rows.
let server: LocalBackend;
beforeAll(async () => {
  server = await startLocalBackend({
    anonKey: KEY,
    paths: { bootstrap: PROJECT_SCHEMA.bootstrap, migrations: path.join(__dirname, 'fixtures', 'adopted-project-rows') },
  });
  for (const [table, rows] of Object.entries(legacyTables())) {
    await server.sql(`insert into public.${table} select * from json_populate_recordset(null::public.${table}, $1)`, [
      JSON.stringify(rows),
    ]);
  }
});
afterAll(() => server.stop());
afterEach(() => server.intercept(null));

async function build(intercept?: Intercept) {
  server.intercept(intercept ?? null);
  const gatsby = fakeGatsby();
  await gatsby.source({ tables: PUBLISHED_TABLES, url: server.url, anonKey: KEY });
  return gatsby;
}

const published = (gatsby: ReturnType<typeof fakeGatsby>, type: string) =>
  gatsby
    .ofType(type)
    .sort((a, b) => (a.row_position as number) - (b.row_position as number))
    .map(({ row_id, row_position, ...rest }) => ({
      row_id,
      row_position,
      ...Object.fromEntries(Object.entries(rest).filter(([key]) => !['id', 'parent', 'children', 'internal'].includes(key))),
    }));

describe('a build from an adopted project', () => {
  test('publishes every active row it can show, in order, with number ids as strings and empty values as null', async () => {
    const gatsby = await build();
    expect(gatsby.errors).toEqual([]);

    expect(published(gatsby, 'MaterialCoverage')).toEqual([
      // A blank description counts as none; a picture the build could not download links no file
      // (the page falls back).
      {
        row_id: '3',
        row_position: 0,
        name: 'Glass',
        description: null,
        image: GONE_PICTURE,
        image_file: null,
        status: null,
        name_ind: null,
        description_ind: null,
      },
      {
        row_id: '12',
        row_position: 1,
        name: 'PET',
        description: null,
        image: null,
        image_file: null,
        status: 'live',
        name_ind: null,
        description_ind: null,
      },
      // A null order_index sorts last, as PostgreSQL sorts it.
      {
        row_id: '9',
        row_position: 2,
        name: 'Unordered',
        description: null,
        image: null,
        image_file: null,
        status: 'development',
        name_ind: null,
        description_ind: null,
      },
    ]);
    // Ties in order_index are broken by id, numerically: the build and the browser agree on it.
    // A number where text belongs is shown as empty rather than failing the build.
    expect(published(gatsby, 'TimelineItem')).toEqual([
      {
        row_id: '9',
        row_position: 0,
        period: null,
        title: 'Nine',
        description: 'Tie with ten',
        status: 'completed',
        icon: 'Rocket',
        period_ind: null,
        title_ind: null,
        description_ind: null,
      },
      {
        row_id: '10',
        row_position: 1,
        period: null,
        title: 'Ten',
        description: null,
        status: 'current',
        icon: null,
        period_ind: null,
        title_ind: null,
        description_ind: null,
      },
    ]);
    expect(published(gatsby, 'FeatureCard')).toEqual([
      {
        row_id: 'b2f0c3de-1111-4a4a-8b8b-000000000001',
        row_position: 0,
        classification: 'adasorter',
        title: 'Uuid card',
        subtitle: null,
        icon: null,
        icon_color: null,
        title_ind: null,
        subtitle_ind: null,
      },
      {
        row_id: 'text-id',
        row_position: 0,
        classification: 'worker',
        title: 'Text id card',
        subtitle: 'Fine',
        icon: '✓',
        icon_color: '#0f766e',
        title_ind: null,
        subtitle_ind: null,
      },
    ]);
  });

  test('names the table, the row id and the column of every row it leaves out or empties', async () => {
    const gatsby = await build();
    const warnings = gatsby.warnings.join('\n');
    expect(warnings).toContain('material_coverage row 7: no "name"; the row is left out');
    expect(warnings).toContain('timeline row 11: no "title"; the row is left out');
    expect(warnings).toContain('timeline row 9: "period" must be text, got number 2024; shown as empty');
    expect(warnings).toContain(
      `material_coverage row 3, "image": picture ${GONE_PICTURE} not used (not from a place the site takes pictures from)`,
    );
    // Empty optional values are normal in an adopted project: no warning for them.
    expect(warnings).not.toMatch(/row 12/);
  });

  test('a server that ignores the filters and the order still publishes only active rows, in order', async () => {
    // Every row of the table, every column, in storage order: as a careless proxy or stand-in might.
    const everything = legacyTables();
    const gatsby = await build((request) => {
      const table = request.path.split('/').pop() ?? '';
      const classification = request.query.get('classification')?.slice(3);
      const rows = (everything[table] ?? []).filter((row) => !classification || row.classification === classification);
      return { status: 200, body: JSON.stringify([...rows].reverse()) };
    });
    expect(gatsby.errors).toEqual([]);
    expect(published(gatsby, 'MaterialCoverage').map((node) => node.row_id)).toEqual(['3', '12', '9']);
    expect(published(gatsby, 'TimelineItem').map((node) => node.row_id)).toEqual(['9', '10']);
    expect(published(gatsby, 'FeatureCard').map((node) => node.row_id)).not.toContain('44');
  });

  test('the same rows in another order or with other extra columns make the same nodes (same digests)', async () => {
    const first = await build();
    const digests = (gatsby: ReturnType<typeof fakeGatsby>) =>
      Object.fromEntries([...gatsby.nodes.entries()].map(([id, node]) => [id, node.internal.contentDigest]));
    const before = digests(first);

    const reordered = legacyTables();
    const gatsby = await build((request) => {
      const table = request.path.split('/').pop() ?? '';
      const classification = request.query.get('classification')?.slice(3);
      const rows = (reordered[table] ?? [])
        .filter((row) => row.is_active === true && (!classification || row.classification === classification))
        .map((row) => ({ ...row, another_column: 42 }))
        .reverse();
      return { status: 200, body: JSON.stringify(rows) };
    });
    expect(digests(gatsby)).toEqual(before);
  });
});
