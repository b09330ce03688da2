// The permission matrix: every operation on every table, as each of Supabase's API roles, with the
// outcome the schema promises. Visitors (anon, and authenticated without an editor's JWT) read
// active content and file inquiries; service_role (the notifier, operators' tooling) does anything.
// What a listed editor may do is tests/database/editors-permissions.test.ts.
import { INSUFFICIENT_PRIVILEGE, sqlState, type Session, type TestDatabase } from '../../support/database';

type ApiRole = 'anon' | 'authenticated' | 'service_role';
const VISITORS: ApiRole[] = ['anon', 'authenticated'];
const API_ROLES: ApiRole[] = [...VISITORS, 'service_role'];

/**
 * What a statement did, compared with what the owner sees in the same transaction: which rows a
 * select returned, how many rows a write touched, or that it was refused.
 */
type Outcome = 'denied' | 'no rows' | 'one row' | 'active rows' | 'inactive rows' | 'every row';

const CONTENT_TABLES = ['material_coverage', 'timeline', 'feature_cards'] as const;
type ContentTable = (typeof CONTENT_TABLES)[number];
type Table = ContentTable | 'contact_submissions';

interface Operation {
  /**
   * read: compare the ids the statement returns (updates and deletes say `returning id`, so the
   * rows they touched are compared exactly); count: the number a `count(*) as n` returns, against
   * the table's rows; write: the inserted count; truncate: what is left.
   */
  kind: 'read' | 'count' | 'write' | 'truncate';
  sql: (table: Table) => string;
}

const NEW_CONTENT_ROW: Record<ContentTable, string> = {
  material_coverage: `(name, description, status) values ('Batteries', 'Household cells', 'coming-soon')`,
  timeline: `(period, title, description, status, icon) values ('Q4 2027', 'Nine cities', 'More lines', 'upcoming', 'Rocket')`,
  feature_cards: `(classification, title, subtitle, icon, icon_color) values ('worker', 'Shade', 'Cooler lines', '☂', '#0f766e')`,
};

const CONTENT_OPERATIONS = {
  'select active rows': { kind: 'read', sql: (t) => `select id from public.${t} where is_active` },
  'select inactive rows': { kind: 'read', sql: (t) => `select id from public.${t} where not is_active` },
  'select without a filter': { kind: 'read', sql: (t) => `select id from public.${t}` },
  // Visitors may read the published columns only; the site names them (`select=*` is refused).
  'select every column': { kind: 'read', sql: (t) => `select * from public.${t}` },
  'insert a row': {
    kind: 'write',
    sql: (t) => `insert into public.${t} ${NEW_CONTENT_ROW[t as ContentTable]}`,
  },
  'update every row': {
    kind: 'read',
    sql: (t) => `update public.${t} set order_index = order_index + 1 returning id`,
  },
  'publish the inactive rows': {
    kind: 'read',
    sql: (t) => `update public.${t} set is_active = true where not is_active returning id`,
  },
  'delete every row': { kind: 'read', sql: (t) => `delete from public.${t} returning id` },
  'truncate the table': { kind: 'truncate', sql: (t) => `truncate public.${t}` },
} satisfies Record<string, Operation>;
type ContentOperation = keyof typeof CONTENT_OPERATIONS;

// [operation, outcome for anon and for authenticated, outcome for service_role, outcome for
// authenticated where it differs: the editors' grants let it try, and RLS leaves a non-editor no row]
const CONTENT_MATRIX: Array<[ContentOperation, Outcome, Outcome, Outcome?]> = [
  ['select active rows', 'active rows', 'active rows'],
  ['select inactive rows', 'no rows', 'inactive rows'],
  ['select without a filter', 'active rows', 'every row'],
  ['select every column', 'denied', 'every row'],
  ['insert a row', 'denied', 'one row'],
  ['update every row', 'denied', 'every row', 'no rows'],
  ['publish the inactive rows', 'denied', 'inactive rows', 'no rows'],
  ['delete every row', 'denied', 'every row', 'no rows'],
  ['truncate the table', 'denied', 'every row'],
];

/** What the editors' migration grants authenticated beyond the visitors' read (20261127000300_editors.sql). */
const EDITABLE: Record<ContentTable, string[]> = {
  material_coverage: ['name', 'name_ind', 'description', 'description_ind', 'image', 'status', 'is_active', 'order_index'],
  timeline: ['period', 'period_ind', 'title', 'title_ind', 'description', 'description_ind', 'status', 'icon', 'is_active', 'order_index'],
  feature_cards: ['classification', 'title', 'title_ind', 'subtitle', 'subtitle_ind', 'icon', 'icon_color', 'is_active', 'order_index'],
};

const FORM = `(name, email, company, message, type)
  values ('Sari Wulandari', 'sari@example.co.id', 'Bank Sampah Sejahtera', 'Could we see a demo?', 'contact')`;

const SUBMISSION_OPERATIONS = {
  "insert the form's columns": {
    kind: 'write',
    sql: () => `insert into public.contact_submissions ${FORM}`,
  },
  'insert with a browser-made id': {
    kind: 'write',
    sql: () => `insert into public.contact_submissions (id, name, email, company, message, type)
      values ('6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b', 'Budi', 'budi@example.com', null, 'Deck, please', 'investor')`,
  },
  'insert with notified_at set': {
    kind: 'write',
    sql: () => `insert into public.contact_submissions (name, email, message, type, notified_at)
      values ('Budi', 'budi@example.com', 'Hello', 'contact', now())`,
  },
  'insert with created_at set': {
    kind: 'write',
    sql: () => `insert into public.contact_submissions (name, email, message, type, created_at)
      values ('Budi', 'budi@example.com', 'Hello', 'contact', now() + interval '1 day')`,
  },
  'insert and read the row back': {
    kind: 'write',
    sql: () => `insert into public.contact_submissions ${FORM} returning id`,
  },
  // The contact modal's connection test (call 4 of docs/behaviour.md#the-calls-the-page-makes) is
  // this count, as a HEAD request.
  'count submissions': { kind: 'count', sql: () => 'select count(*)::int as n from public.contact_submissions' },
  'select submissions': { kind: 'read', sql: () => 'select id from public.contact_submissions' },
  "select the visitors' text": {
    kind: 'read',
    sql: () => 'select id, name, email, company, message from public.contact_submissions',
  },
  'select by a column other than id': {
    kind: 'read',
    sql: () => `select id from public.contact_submissions where email = 'rina@example.com'`,
  },
  'select one submission by id': {
    kind: 'read',
    sql: () => `select id from public.contact_submissions where id = '${FIXTURE_IDS[0]}'`,
  },
  'claim submissions (set notified_at)': {
    kind: 'read',
    sql: () => 'update public.contact_submissions set notified_at = now() where notified_at is null returning id',
  },
  'edit a message': {
    kind: 'read',
    sql: () => `update public.contact_submissions set message = 'changed' where id = '${FIXTURE_IDS[0]}' returning id`,
  },
  'delete submissions': { kind: 'read', sql: () => 'delete from public.contact_submissions returning id' },
} satisfies Record<string, Operation>;
type SubmissionOperation = keyof typeof SUBMISSION_OPERATIONS;

const SUBMISSION_MATRIX: Array<[SubmissionOperation, Outcome, Outcome, Outcome?]> = [
  ["insert the form's columns", 'one row', 'one row'],
  ['insert with a browser-made id', 'one row', 'one row'],
  ['insert with notified_at set', 'denied', 'one row'],
  ['insert with created_at set', 'denied', 'one row'],
  ['insert and read the row back', 'denied', 'one row'],
  // Visitors may count (the connection test) and select ids, and always get nothing: the select
  // policy matches no row. Every other column stays refused to anon, even as a filter; a signed-in
  // user may name the team's columns and, unless a team member, still gets no row.
  ['count submissions', 'no rows', 'every row'],
  ['select submissions', 'no rows', 'every row'],
  ['select one submission by id', 'no rows', 'one row'],
  ["select the visitors' text", 'denied', 'every row', 'no rows'],
  ['select by a column other than id', 'denied', 'one row', 'no rows'],
  ['claim submissions (set notified_at)', 'denied', 'every row'],
  ['edit a message', 'denied', 'one row'],
  ['delete submissions', 'denied', 'every row'],
];

// Two stored inquiries in every case, so reads and writes of submissions have something to hit.
const FIXTURE_IDS = ['0a5e0000-0000-4000-8000-000000000001', '0a5e0000-0000-4000-8000-000000000002'];
const FIXTURE_SUBMISSIONS = `insert into public.contact_submissions (id, name, email, message, type) values
  ('${FIXTURE_IDS[0]}', 'Rina', 'rina@example.com', 'Partnership?', 'contact'),
  ('${FIXTURE_IDS[1]}', 'Agus', 'agus@example.com', 'The deck, please', 'investor')`;

interface Truth {
  all: string[];
  active: string[];
  inactive: string[];
}

async function truthOf(session: Session, table: Table): Promise<Truth> {
  const active = table === 'contact_submissions' ? 'true' : 'is_active';
  const { rows } = await session.query(`select id, ${active} as active from public.${table}`);
  const ids = (filter: (row: (typeof rows)[number]) => boolean) =>
    rows
      .filter(filter)
      .map((row) => String(row.id))
      .sort();
  return { all: ids(() => true), active: ids((r) => r.active === true), inactive: ids((r) => r.active !== true) };
}

function sameIds(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function describeRows(ids: string[], truth: Truth): string {
  if (ids.length === 0) return 'no rows';
  if (sameIds(ids, truth.all)) return 'every row';
  if (sameIds(ids, truth.active)) return 'active rows';
  if (sameIds(ids, truth.inactive)) return 'inactive rows';
  if (ids.length === 1) return 'one row';
  return `${ids.length} other rows`;
}

function describeCount(count: number): string {
  if (count === 0) return 'no rows';
  return count === 1 ? 'one row' : `${count} rows`;
}

/** Runs one operation as `role` and says what happened, in the matrix's words. */
async function attempt(db: TestDatabase, table: Table, operation: Operation, role: ApiRole): Promise<string> {
  return db.rolledBack('postgres', async (session) => {
    await session.query(FIXTURE_SUBMISSIONS);
    const truth = await truthOf(session, table);
    await session.setRole(role);
    let result;
    try {
      result = await session.query(operation.sql(table));
    } catch (error) {
      if (sqlState(error) === INSUFFICIENT_PRIVILEGE) return 'denied';
      throw error;
    }
    if (operation.kind === 'read') {
      return describeRows(result.rows.map((row) => String(row.id)).sort(), truth);
    }
    if (operation.kind === 'count') {
      const counted = Number(result.rows[0]?.n);
      return counted === truth.all.length ? 'every row' : describeCount(counted);
    }
    if (operation.kind === 'truncate') {
      await session.setRole('postgres');
      const left = await session.query(`select count(*)::int as n from public.${table}`);
      return left.rows[0]?.n === 0 ? 'every row' : 'some rows left';
    }
    return describeCount(result.affected);
  });
}

function expand<O extends string>(matrix: Array<[O, Outcome, Outcome, Outcome?]>, tables: readonly Table[]) {
  return tables.flatMap((table) =>
    matrix.flatMap(([operation, visitor, service, signedIn]) =>
      API_ROLES.map((role) => ({
        role,
        operation,
        table,
        expected: role === 'service_role' ? service : role === 'authenticated' ? (signedIn ?? visitor) : visitor,
      })),
    ),
  );
}

export function describePermissionMatrix(database: () => TestDatabase): void {
  describe('permission matrix on the content tables', () => {
    test.each(expand(CONTENT_MATRIX, CONTENT_TABLES))(
      '$role: $operation on $table → $expected',
      async ({ role, operation, table, expected }) => {
        await expect(attempt(database(), table, CONTENT_OPERATIONS[operation], role)).resolves.toBe(expected);
      },
    );
  });

  describe('permission matrix on contact_submissions', () => {
    test.each(expand(SUBMISSION_MATRIX, ['contact_submissions']))(
      '$role: $operation → $expected',
      async ({ role, operation, table, expected }) => {
        await expect(attempt(database(), table, SUBMISSION_OPERATIONS[operation], role)).resolves.toBe(expected);
      },
    );
  });

  describe('the insert policy on contact_submissions', () => {
    // The column grant already keeps notified_at and created_at at their defaults. Widen it inside
    // the test's transaction to prove the policy refuses on its own, i.e. is not `with check (true)`.
    async function insertWithWidenedGrant(role: ApiRole, columns: string, values: string): Promise<string> {
      return database().rolledBack('postgres', async (session) => {
        await session.query(`grant insert (notified_at, created_at) on public.contact_submissions to anon, authenticated`);
        await session.setRole(role);
        try {
          await session.query(`insert into public.contact_submissions (${columns}) values (${values})`);
          return 'stored';
        } catch (error) {
          if (sqlState(error) !== INSUFFICIENT_PRIVILEGE) throw error;
          return /row-level security/.test((error as Error).message) ? 'refused by policy' : 'denied';
        }
      });
    }
    const base = `'Rina', 'rina@example.com', 'Hello', 'contact'`;

    test.each(VISITORS)('%s cannot file a pre-claimed inquiry (notified_at set)', async (role) => {
      await expect(insertWithWidenedGrant(role, 'name, email, message, type, notified_at', `${base}, now()`)).resolves.toBe(
        'refused by policy',
      );
    });

    test.each(VISITORS)('%s cannot back-date an inquiry (created_at in the past)', async (role) => {
      await expect(
        insertWithWidenedGrant(role, 'name, email, message, type, created_at', `${base}, now() - interval '1 hour'`),
      ).resolves.toBe('refused by policy');
    });

    test.each(VISITORS)('%s still files a fresh inquiry through the same grant', async (role) => {
      await expect(insertWithWidenedGrant(role, 'name, email, message, type, created_at', `${base}, now()`)).resolves.toBe('stored');
    });
  });

  describe('nothing else is open', () => {
    const privileges = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'];

    async function tablePrivileges(role: ApiRole): Promise<Record<string, string[]>> {
      return database().rolledBack('postgres', async (session) => {
        const { rows } = await session.query(
          `select c.relname as table, p.privilege
             from pg_class c
             join pg_namespace n on n.oid = c.relnamespace
             cross join unnest($2::text[]) as p(privilege)
            where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
              and has_table_privilege($1, c.oid, p.privilege)
            order by 1, 2`,
          [role, privileges],
        );
        const result: Record<string, string[]> = {};
        for (const row of rows) (result[String(row.table)] ??= []).push(String(row.privilege));
        return result;
      });
    }

    /** Column privileges per table, in column order: e.g. `SELECT id`, `INSERT name`. */
    async function columnPrivileges(role: ApiRole, tables: string[]): Promise<Record<string, string[]>> {
      return database().rolledBack('postgres', async (session) => {
        const { rows } = await session.query(
          `select c.relname as table, p.privilege || ' ' || a.attname as granted
             from pg_class c
             join pg_namespace n on n.oid = c.relnamespace
             join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
             cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) as p(privilege)
            where n.nspname = 'public' and c.relname = any($2::text[])
              and has_column_privilege($1, c.oid, a.attnum, p.privilege)
            order by c.relname, a.attnum, p.privilege`,
          [role, tables],
        );
        const result: Record<string, string[]> = {};
        for (const row of rows) (result[String(row.table)] ??= []).push(String(row.granted));
        return result;
      });
    }

    test('anon holds no table-wide privilege on any table; authenticated only DELETE on the content tables, for editors', async () => {
      await expect(tablePrivileges('anon')).resolves.toEqual({});
      await expect(tablePrivileges('authenticated')).resolves.toEqual({
        feature_cards: ['DELETE'],
        material_coverage: ['DELETE'],
        timeline: ['DELETE'],
      });
    });

    test('authenticated may also read row_version, and insert and update the editable columns, never id or created_at', async () => {
      const anon = await columnPrivileges('anon', [...CONTENT_TABLES]);
      const signedIn = await columnPrivileges('authenticated', [...CONTENT_TABLES]);
      for (const table of CONTENT_TABLES) {
        const editors = [
          'SELECT row_version',
          'UPDATE row_version',
          ...EDITABLE[table].flatMap((column) => [`INSERT ${column}`, `UPDATE ${column}`]),
        ];
        expect([...signedIn[table]!].sort()).toEqual([...anon[table]!, ...editors].sort());
      }
    });

    test('anon may select exactly the published columns of the three content tables', async () => {
      const role = 'anon';
      await expect(columnPrivileges(role, ['material_coverage', 'timeline', 'feature_cards'])).resolves.toEqual({
        material_coverage: [
          'SELECT id',
          'SELECT name',
          'SELECT description',
          'SELECT image',
          'SELECT status',
          'SELECT is_active',
          'SELECT order_index',
          'SELECT name_ind',
          'SELECT description_ind',
        ],
        timeline: [
          'SELECT id',
          'SELECT period',
          'SELECT title',
          'SELECT description',
          'SELECT status',
          'SELECT icon',
          'SELECT is_active',
          'SELECT order_index',
          'SELECT period_ind',
          'SELECT title_ind',
          'SELECT description_ind',
        ],
        feature_cards: [
          'SELECT id',
          'SELECT classification',
          'SELECT title',
          'SELECT subtitle',
          'SELECT icon',
          'SELECT icon_color',
          'SELECT is_active',
          'SELECT order_index',
          'SELECT title_ind',
          'SELECT subtitle_ind',
        ],
      });
    });

    test.each(VISITORS)(
      "%s may insert exactly the form's columns of contact_submissions; anon selects only its id, authenticated the team's columns",
      async (role) => {
        // The team's page (20261129001000_team_inbox.sql): RLS shows the rows to team members only.
        const team =
          role === 'authenticated'
            ? [
                'SELECT type',
                'SELECT created_at',
                'SELECT reply_due_at',
                'SELECT answered_at',
                'SELECT answered_how',
                'SELECT language',
                'SELECT legal_hold',
                'SELECT deck_sent_at',
                'SELECT mailbox',
              ]
            : [];
        const visitorText = role === 'authenticated' ? ['SELECT name', 'SELECT email', 'SELECT company', 'SELECT message'] : [];
        const granted = await columnPrivileges(role, ['contact_submissions']);
        expect([...granted.contact_submissions!].sort()).toEqual(
          [
            'INSERT id',
            'SELECT id',
            'INSERT name',
            'INSERT email',
            'INSERT company',
            'INSERT message',
            'INSERT type',
            'INSERT language',
            ...visitorText,
            ...team,
          ].sort(),
        );
      },
    );

    test('service_role keeps full access to all four tables', async () => {
      const granted = await tablePrivileges('service_role');
      for (const table of [...CONTENT_TABLES, 'contact_submissions']) {
        expect(granted[table]).toEqual(expect.arrayContaining(['SELECT', 'INSERT', 'UPDATE', 'DELETE']));
      }
    });

    // The page's only API functions: the content revision (./content-revision.ts), and the preview
    // link's three, which refuse a call without a valid token (tests/database/preview-links.test.ts,
    // tests/database/site-live-watch.test.ts).
    // A signed-in user may call the editors' live state and preview link, which refuse anyone not
    // on the list (tests/database/editors-permissions.test.ts).
    const REVISION_FUNCTION = 'function content_revision(text)';
    const EDITOR_FUNCTIONS = ['function editor_live_state(bigint)', 'function editor_preview_link()'];
    // The team's, which refuse anyone not on the team (tests/database/editors-permissions.test.ts).
    const TEAM_FUNCTIONS = [
      'function team_deck_claim(text)',
      'function team_erase(text,text)',
      'function team_export(text)',
      'function team_inbox_counts()',
      'function team_mailbox(text)',
      'function team_mark_answered(text)',
      'function team_set_hold(text,boolean)',
    ];
    const PREVIEW_FUNCTIONS = [
      'function arrange_content(text,text,jsonb)',
      'function preview_content(text)',
      'function preview_live_state(text,bigint)',
      // The team's /act/ page reads what an action link would do (tests/database/inquiry-promises-job.test.ts).
      'function action_link_lookup(text)',
    ];
    // The build (the anon key) asks where pictures may come from (./picture-links.ts).
    const BUILD_FUNCTIONS = ['function picture_sources()'];

    test.each(VISITORS)(
      "%s can use no sequence and execute no function in public but the content revision, the build's picture sources and the preview link's, or the editors' and the team's",
      async (role) => {
        const open = await database().rolledBack('postgres', async (session) => {
          const { rows } = await session.query(
            `select 'sequence ' || c.relname as object
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind = 'S'
              and (has_sequence_privilege($1, c.oid, 'USAGE') or has_sequence_privilege($1, c.oid, 'SELECT')
                   or has_sequence_privilege($1, c.oid, 'UPDATE'))
           union all
           select 'function ' || p.oid::regprocedure::text
             from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where n.nspname = 'public' and has_function_privilege($1, p.oid, 'EXECUTE')
            order by 1`,
            [role],
          );
          return rows.map((row) => row.object);
        });
        expect(open).toEqual(
          role === 'anon'
            ? [...PREVIEW_FUNCTIONS, REVISION_FUNCTION, ...BUILD_FUNCTIONS].sort()
            : [REVISION_FUNCTION, ...EDITOR_FUNCTIONS, ...TEAM_FUNCTIONS].sort(),
        );
      },
    );

    test('row-level security is on for every table in public', async () => {
      const withoutRls = await database().rolledBack('postgres', async (session) => {
        const { rows } = await session.query(
          `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
        );
        return rows.map((row) => row.relname);
      });
      expect(withoutRls).toEqual([]);
    });

    test("the only policies are the visitors' reads, insert and count, the team's read, and the editors' four per content table", async () => {
      const policies = await database().rolledBack('postgres', async (session) => {
        const { rows } = await session.query(
          `select tablename || ' ' || cmd || ' to ' || array_to_string(roles, ',') || ' ' || coalesce(qual, with_check) as policy
             from pg_policies where schemaname = 'public' order by 1`,
        );
        return rows.map((row) => row.policy);
      });
      const editors = (table: string) => [
        `${table} DELETE to authenticated ( SELECT private.is_editor() AS is_editor)`,
        `${table} INSERT to authenticated ( SELECT private.is_editor() AS is_editor)`,
        `${table} SELECT to anon is_active`,
        `${table} SELECT to authenticated (is_active OR ( SELECT private.is_editor() AS is_editor))`,
        `${table} UPDATE to authenticated ( SELECT private.is_editor() AS is_editor)`,
      ];
      expect(policies).toEqual([
        'contact_submissions INSERT to anon,authenticated ((notified_at IS NULL) AND (created_at = now()))',
        // The connection test's count: anon sees no submission.
        'contact_submissions SELECT to anon false',
        // A signed-in user sees every inquiry as a team member, none otherwise (20261129001000_team_inbox.sql).
        'contact_submissions SELECT to authenticated ( SELECT private.is_team_member() AS is_team_member)',
        ...editors('feature_cards'),
        ...editors('material_coverage'),
        ...editors('timeline'),
      ]);
    });
  });
}
