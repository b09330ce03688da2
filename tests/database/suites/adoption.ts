// Adopting an existing project: each legacy project of ../fixtures gets the migrations twice, and
// must come out with every old row as it was, a schema the second run did not change, and
// visitors' permissions exactly those of a fresh project, with Supabase's advisors clean. A fresh
// project is held to the same (twice = once, advisors clean) and is the reference for the rest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REPO_ROOT,
  migrationFiles,
  runFiles,
  sqlState,
  type DbRole,
  type Row,
  type ScratchDatabase,
  type Session,
  type SqlFile,
} from '../../support/database';
import { LEGACY_PROJECTS, type LegacyProject } from '../fixtures/legacy-projects';
import { advisorFindings, graphqlExposure, type Finding } from '../support/advisor-lints';
import {
  CONTENT_TABLES,
  TABLES,
  catalogue,
  tableExists,
  tableRows,
  visitorPermissions,
  type Catalogue,
  type Table,
} from '../support/catalogue';

export type OpenScratchDatabase = () => Promise<ScratchDatabase>;

const VERIFY_SCRIPT = path.join(REPO_ROOT, 'supabase', 'scripts', 'verify-adoption.sql');
const SWITCH_TO_UUID = path.join(REPO_ROOT, 'supabase', 'scripts', 'switch-submission-ids-to-uuid.sql');
/** The migrations the switch script says to run again afterwards. */
const SUBMISSION_MIGRATIONS =
  /_(contact_submissions|connection_test|adopted_objects|languages|inquiry_promises|promise_delivery|action_links|team_inbox)\.sql$/;

const asOwner = <T>(db: ScratchDatabase, fn: (session: Session) => Promise<T>) => db.rolledBack('postgres', fn);

const describeFinding = (finding: Finding) => `${finding.lint}: ${finding.detail}`;

/** What a statement did as `role`, undone afterwards: `stored`, or the SQLSTATE that refused it. */
async function outcome(db: ScratchDatabase, role: DbRole, sql: string): Promise<string> {
  return db.rolledBack(role, async (session) => {
    try {
      await session.query(sql);
      return 'stored';
    } catch (error) {
      const code = sqlState(error);
      if (!code) throw error;
      return code;
    }
  });
}

// SQLSTATEs of a refused write: a rule (check), a missing required value, a value its column type
// cannot hold (an adopted enum column), a missing privilege.
const RULE = ['23514', '23502', '22P02'];
const NO_PRIVILEGE = '42501';

/** The verify script's matrix as `table role: attempt → result` lines, and its verdicts. */
interface Verification {
  lines: string[];
  notOk: string[];
  breaking: Record<string, number>;
}

async function verify(db: ScratchDatabase, script: string): Promise<Verification> {
  let results: Row[][];
  try {
    results = await db.results(script);
  } catch (error) {
    // The script's transaction is left aborted; end it so the connection can go on.
    await db.run('rollback');
    throw error;
  }
  // begin, create function, the matrix, the rules, rollback
  const matrix = results.find((rows) => rows[0] && 'attempt' in rows[0]) ?? [];
  const rules = results.find((rows) => rows[0] && 'rows_breaking_it' in rows[0]) ?? [];
  const line = (row: Row) => `${String(row.table)} ${String(row.role)}: ${String(row.attempt)} → ${String(row.result)}`;
  const breaking: Record<string, number> = {};
  for (const rule of rules) {
    const count = Number(rule.rows_breaking_it);
    if (count > 0) breaking[String(rule.rule)] = count;
  }
  return {
    lines: matrix.map(line),
    notOk: matrix.filter((row) => row.ok !== true).map((row) => `${line(row)} (expected ${String(row.expected)})`),
    breaking,
  };
}

/** Counts in the matrix differ between projects; the rest must not. */
const withoutCounts = (lines: string[]) => lines.map((line) => line.replace(/→ \d+ rows?$/, '→ n rows'));

interface MigratedState {
  once: Catalogue;
  twice: Catalogue;
  findings: Finding[];
  exposure: Record<string, string[]>;
  verification: Verification;
}

async function migrateTwice(
  db: ScratchDatabase,
  migrations: SqlFile[],
  script: string,
  afterEachRun: () => Promise<void> = async () => undefined,
): Promise<MigratedState> {
  await runFiles(db, migrations);
  const once = await asOwner(db, catalogue);
  await afterEachRun();
  await runFiles(db, migrations);
  const twice = await asOwner(db, catalogue);
  await afterEachRun();
  return {
    once,
    twice,
    findings: await asOwner(db, advisorFindings),
    exposure: await asOwner(db, graphqlExposure),
    verification: await verify(db, script),
  };
}

/** Rule constraints (ours all end in _valid) and whether each is validated. */
const ruleValidity = (snapshot: Catalogue) =>
  Object.fromEntries(
    (snapshot.constraints ?? []).filter((row) => String(row.name).endsWith('_valid')).map((row) => [String(row.name), row.validated]),
  );

// Writes that must be refused after adoption, new rows or changed ones. `%id` is replaced by a
// new row's id column and value where the table needs one named.
const BAD_WRITES: Array<[string, DbRole, Table, string]> = [
  ['a material with an unknown status', 'service_role', 'material_coverage', `(%idname, status) values (%v'Batteries', 'archived')`],
  ['a material without a name', 'service_role', 'material_coverage', `(%idstatus) values (%v'live')`],
  [
    'a material image with a javascript: URL',
    'service_role',
    'material_coverage',
    `(%idname, status, image) values (%v'B', 'live', 'javascript:alert(1)')`,
  ],
  ['a timeline item with a blank title', 'service_role', 'timeline', `(%idperiod, title, status) values (%v'Q1 2030', '  ', 'upcoming')`],
  ['a timeline item with an unknown status', 'service_role', 'timeline', `(%idperiod, title, status) values (%v'Q1 2030', 'T', 'done')`],
  ['a feature card with an unknown classification', 'service_role', 'feature_cards', `(%idclassification, title) values (%v'robot', 'T')`],
  [
    'a feature card colour carrying url()',
    'service_role',
    'feature_cards',
    `(%idclassification, title, icon_color) values (%v'worker', 'T', 'url(https://evil.example/x)')`,
  ],
  [
    'an inquiry with a malformed email',
    'anon',
    'contact_submissions',
    `(name, email, message, type) values ('Sari', 'sari at example', 'Hi', 'contact')`,
  ],
  [
    'an inquiry of an unknown type',
    'anon',
    'contact_submissions',
    `(name, email, message, type) values ('Sari', 'sari@example.com', 'Hi', 'newsletter')`,
  ],
  [
    'an inquiry with a blank message',
    'anon',
    'contact_submissions',
    `(name, email, message, type) values ('Sari', 'sari@example.com', ' ', 'contact')`,
  ],
  ['an inquiry without a name', 'anon', 'contact_submissions', `(email, message, type) values ('sari@example.com', 'Hi', 'contact')`],
];

const GOOD_WRITES: Array<[Table, string]> = [
  ['material_coverage', `(%idname, description, status) values (%v'Batteries', 'Household cells', 'coming-soon')`],
  ['timeline', `(%idperiod, title, status) values (%v'Q1 2030', 'Ten cities', 'upcoming')`],
  ['feature_cards', `(%idclassification, title) values (%v'worker', 'Shade')`],
];

function insertSql(project: LegacyProject | null, table: Table, values: string): string {
  const id = project?.newIds[table];
  return `insert into public.${table} ${values.replace('%id', id ? 'id, ' : '').replace('%v', id ? `${id}, ` : '')}`;
}

export function describeAdoption(open: OpenScratchDatabase): void {
  let migrations: SqlFile[];
  let script: string;
  let fresh: MigratedState;

  beforeAll(async () => {
    migrations = await migrationFiles();
    script = readFileSync(VERIFY_SCRIPT, 'utf8');
    const db = await open();
    try {
      fresh = await migrateTwice(db, migrations, script);
    } finally {
      await db.close();
    }
  });

  describe('a fresh project', () => {
    test('a second run of the migrations changes nothing', () => {
      expect(fresh.twice).toEqual(fresh.once);
    });

    test('creates the four tables with every rule validated (there is no old row to spare)', () => {
      expect((fresh.once.tables ?? []).map((row) => row.table)).toEqual([...TABLES].sort());
      const rules = ruleValidity(fresh.once);
      expect(Object.keys(rules)).toHaveLength(26);
      // The Indonesian twins' length bounds (20261125003000_languages.sql).
      expect(
        Object.keys(rules)
          .filter((rule) => rule.includes('_ind_'))
          .sort(),
      ).toEqual([
        'feature_cards_subtitle_ind_valid',
        'feature_cards_title_ind_valid',
        'material_coverage_description_ind_valid',
        'material_coverage_name_ind_valid',
        'timeline_description_ind_valid',
        'timeline_period_ind_valid',
        'timeline_title_ind_valid',
      ]);
      expect(Object.values(rules).every((validated) => validated === true)).toBe(true);
    });

    test("Supabase's advisors (our mirror of their lints) find no error or warning", () => {
      expect(fresh.findings.map(describeFinding)).toEqual([]);
    });

    test('pg_graphql, where installed, would show visitors the four tables and nothing else', () => {
      const four = [...TABLES].sort();
      expect(fresh.exposure).toEqual({ anon: four, authenticated: four });
    });

    test('supabase/scripts/verify-adoption.sql finds every answer as expected', () => {
      expect(fresh.verification.notOk).toEqual([]);
      expect(fresh.verification.lines).toHaveLength(2 * (3 * 6 + 11) + 4);
      expect(fresh.verification.breaking).toEqual({});
    });
  });

  describe.each(LEGACY_PROJECTS)('adopting a $name', (project) => {
    let db: ScratchDatabase;
    let rowsBefore: Partial<Record<Table, Row[]>>;
    let findingsBefore: Finding[];
    let verificationBefore: Verification;
    let state: MigratedState;
    const rowsAfter: Array<Partial<Record<Table, Row[]>>> = [];

    async function rowsOf(tables: readonly Table[]): Promise<Partial<Record<Table, Row[]>>> {
      const rows: Partial<Record<Table, Row[]>> = {};
      for (const table of tables) rows[table] = await asOwner(db, (session) => tableRows(session, table));
      return rows;
    }

    beforeAll(async () => {
      db = await open();
      await db.run(project.sql);
      const existing = await asOwner(db, async (session) => {
        const found: Table[] = [];
        for (const table of TABLES) if (await tableExists(session, table)) found.push(table);
        return found;
      });
      expect(existing).toEqual(project.existing);
      rowsBefore = await rowsOf(project.existing);
      findingsBefore = await asOwner(db, advisorFindings);
      verificationBefore = await verify(db, script).catch(() => ({ lines: [], notOk: ['the script failed'], breaking: {} }));

      state = await migrateTwice(db, migrations, script, async () => {
        rowsAfter.push(await rowsOf(project.existing));
      });
    });

    afterAll(async () => {
      await db?.close();
    });

    test('every old row is kept, every column of it unchanged, after each run', () => {
      for (const [run, after] of rowsAfter.entries()) {
        for (const table of project.existing) {
          const before = rowsBefore[table] ?? [];
          const legacyColumns = (row: Row) => Object.fromEntries(Object.keys(before[0] ?? {}).map((key) => [key, row[key]]));
          expect({ run: run + 1, table, rows: (after[table] ?? []).map(legacyColumns) }).toEqual({
            run: run + 1,
            table,
            rows: before,
          });
        }
      }
      expect(Object.values(rowsBefore).every((rows) => rows.length > 0)).toBe(true);
    });

    test('a second run of the migrations changes nothing in the schema', () => {
      expect(state.twice).toEqual(state.once);
    });

    test("visitors' permissions (RLS, policies, grants) are exactly a fresh project's", () => {
      const expected = visitorPermissions(fresh.once);
      if (project.submissionIds === 'numbered') {
        // Visitors do not pick the numbers of a table numbered by a sequence.
        expected.column_grants = (expected.column_grants ?? []).filter(
          (row) => !(row.table === 'contact_submissions' && row.column === 'id' && row.privilege === 'INSERT'),
        );
      }
      expect(visitorPermissions(state.once)).toEqual(expected);
    });

    test('supabase/scripts/verify-adoption.sql finds every answer as a fresh project gives it', () => {
      expect(state.verification.notOk).toEqual([]);
      const differs = (line: string) => line.includes('file it with an id made in the browser');
      expect(withoutCounts(state.verification.lines).filter((line) => !differs(line))).toEqual(
        withoutCounts(fresh.verification.lines).filter((line) => !differs(line)),
      );
    });

    test('before adoption, the same script reports what was open', () => {
      expect(verificationBefore.notOk.length).toBeGreaterThan(0);
      expect(verificationBefore.notOk).toEqual(expect.arrayContaining([...project.openBefore]));
    });

    test("Supabase's advisors (our mirror of their lints) find no error or warning", () => {
      expect(state.findings.map(describeFinding)).toEqual([]);
    });

    test('before adoption, the same lints found what adoption fixes', () => {
      expect(findingsBefore.map(describeFinding)).toEqual(expect.arrayContaining([...project.findingsBefore]));
    });

    test('pg_graphql, where installed, would show visitors what a fresh project shows', () => {
      expect(state.exposure).toEqual(fresh.exposure);
    });

    test('rules are NOT VALID on tables that already held rows, validated on the tables it made', () => {
      const rules = ruleValidity(state.once);
      expect(Object.keys(rules).sort()).toEqual(Object.keys(ruleValidity(fresh.once)).sort());
      for (const [rule, validated] of Object.entries(rules)) {
        const table = TABLES.find((name) => rule.startsWith(`${name}_`));
        expect({ rule, validated }).toEqual({ rule, validated: !project.existing.includes(table as Table) });
      }
    });

    test('the old rows that break a rule are still there, counted by the verification script', () => {
      expect(state.verification.breaking).toEqual(project.breaking);
    });

    test.each(BAD_WRITES)('refuses %s (as %s)', async (_name, role, table, values) => {
      expect(RULE).toContain(await outcome(db, role, insertSql(project, table, values)));
    });

    test.each(GOOD_WRITES)('service_role (editors) can add a valid row to %s', async (table, values) => {
      await expect(outcome(db, 'service_role', insertSql(project, table, values))).resolves.toBe('stored');
    });

    if (project.badRow) {
      const { table, where, fix } = project.badRow;
      test(`an old row that breaks a rule can be edited only into one that keeps it (${table} where ${where})`, async () => {
        await expect(outcome(db, 'service_role', `update public.${table} set id = id where ${where}`)).resolves.toBe('23514');
        await expect(outcome(db, 'service_role', `update public.${table} set ${fix} where ${where}`)).resolves.toBe('stored');
        await expect(outcome(db, 'service_role', `delete from public.${table} where ${where}`)).resolves.toBe('stored');
      });
    }

    test('an old picture link from another host is kept through edits of other fields; a new one is refused', async () => {
      const { rows } = await asOwner(db, (session) =>
        session.query(
          `select id::text as id from public.material_coverage
            where image like 'https://%' and private.picture_link_problem(image) is not null order by 1`,
        ),
      );
      expect(rows).toHaveLength(project.foreignPictures ?? 0);
      for (const { id } of rows) {
        const where = `where id::text = '${String(id)}'`;
        await expect(
          outcome(db, 'service_role', `update public.material_coverage set order_index = order_index + 1 ${where}`),
        ).resolves.toBe('stored');
        await expect(
          outcome(db, 'service_role', `update public.material_coverage set image = 'https://cdn.example.com/other.png' ${where}`),
        ).resolves.toBe('23514');
      }
    });

    test.each(CONTENT_TABLES)('visitors may not read every column of %s, nor an unpublished one', async (table) => {
      for (const role of ['anon', 'authenticated'] as const) {
        await expect(outcome(db, role, `select * from public.${table}`)).resolves.toBe(NO_PRIVILEGE);
        await expect(outcome(db, role, `select created_at from public.${table}`)).resolves.toBe(NO_PRIVILEGE);
      }
    });

    test('no view or materialized view over the tables shows a visitor more than the tables do', async () => {
      for (const view of state.once.views ?? []) {
        await expect(outcome(db, 'anon', `select * from ${String(view.view)}`)).resolves.toBe(NO_PRIVILEGE);
      }
    });

    test("the browser's own uuid id is stored where ids are uuid or text, refused where a sequence numbers rows", async () => {
      const id = '9d7c6b5a-4e3f-4a2b-8c1d-0e9f8a7b6c5d';
      const stored = await db.rolledBack('anon', async (session) => {
        try {
          await session.query(
            `insert into public.contact_submissions (id, name, email, company, message, type)
             values ($1, 'Sari', 'sari@example.com', null, 'Hello', 'contact')`,
            [id],
          );
        } catch (error) {
          return sqlState(error);
        }
        await session.setRole('service_role');
        const { rows } = await session.query('select id::text as id, notified_at from public.contact_submissions where id::text = $1', [
          id,
        ]);
        return rows;
      });
      if (project.submissionIds === 'browser-made') expect(stored).toEqual([{ id, notified_at: null }]);
      // The uuid does not fit a numbered id column (22P02, PostgREST's 400); were it a number,
      // visitors hold no INSERT on the column (42501).
      else expect(['22P02', NO_PRIVILEGE]).toContain(stored);
    });

    test("a visitor's inquiry is accepted whatever the session's time zone", async () => {
      const stored = await db.rolledBack('postgres', async (session) => {
        await session.query(`set local timezone = 'Asia/Jakarta'`);
        await session.setRole('anon');
        await session.query(
          `insert into public.contact_submissions (name, email, message, type) values ('Sari', 'sari@example.com', 'Hello', 'contact')`,
        );
        await session.setRole('service_role');
        const { rows } = await session.query(
          `select count(*)::int as n from public.contact_submissions where email = 'sari@example.com' and created_at = now()`,
        );
        return rows[0]?.n;
      });
      expect(stored).toBe(1);
    });

    test('inquiries that predate adoption count as sent; a new one starts unsent', async () => {
      const notified = await db.rolledBack('anon', async (session) => {
        await session.query(
          `insert into public.contact_submissions (name, email, message, type) values ('Sari', 'sari@example.com', 'Hello', 'contact')`,
        );
        await session.setRole('service_role');
        const { rows } = await session.query(
          `select count(*) filter (where notified_at is null)::int as unsent, count(*)::int as total,
                  count(distinct notified_at)::int as stamps
             from public.contact_submissions`,
        );
        return rows[0];
      });
      const old = rowsBefore.contact_submissions?.length ?? 0;
      expect(notified).toEqual({ unsent: 1, total: old + 1, stamps: 1 });
    });

    test("an older site's trigger functions keep working, with a fixed search_path and no EXECUTE for visitors", async () => {
      for (const fn of state.once.trigger_functions ?? []) {
        expect({ fn: fn.function, config: fn.config }).toEqual({
          fn: fn.function,
          // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
          config: expect.arrayContaining([expect.stringMatching(/^search_path=/)]),
        });
        for (const role of ['anon', 'authenticated']) {
          const { rows } = await asOwner(db, (session) =>
            session.query(`select has_function_privilege($1, $2::regprocedure, 'EXECUTE') as allowed`, [role, fn.function]),
          );
          expect({ fn: fn.function, role, allowed: rows[0]?.allowed }).toEqual({ fn: fn.function, role, allowed: false });
        }
      }
      const updatedAt = (state.once.columns ?? []).some((row) => row.table === 'timeline' && row.column === 'updated_at');
      if (updatedAt) {
        const touched = await db.rolledBack('service_role', async (session) => {
          const { rows } = await session.query(
            `update public.timeline set order_index = order_index where status = 'completed'
             returning updated_at = now() as touched`,
          );
          return rows.map((row) => row.touched);
        });
        expect(touched).toEqual([true]);
      }
    });

    if (project.submissionIds === 'numbered') {
      // Last: it changes the table for good.
      test('switch-submission-ids-to-uuid.sql and the eight migrations again: the browser can file inquiries, every row keeps its old number', async () => {
        const byOldId = (rows: Row[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));
        const before = await asOwner(db, (session) => tableRows(session, 'contact_submissions'));
        await db.run(readFileSync(SWITCH_TO_UUID, 'utf8'));
        await runFiles(
          db,
          migrations.filter((file) => SUBMISSION_MIGRATIONS.test(file.file)),
        );

        const after = await asOwner(db, (session) => tableRows(session, 'contact_submissions'));
        expect(after.every((row) => /^[0-9a-f-]{36}$/.test(String(row.id)))).toBe(true);
        expect(byOldId(after.map(({ id: _uuid, legacy_id: legacyId, ...rest }) => ({ ...rest, id: legacyId })))).toEqual(byOldId(before));

        const switched = await asOwner(db, catalogue);
        expect(visitorPermissions(switched)).toEqual(visitorPermissions(fresh.once));
        const verification = await verify(db, script);
        expect(verification.notOk).toEqual([]);
        expect(verification.lines).toContain('contact_submissions anon: file it with an id made in the browser → 1 row');

        await runFiles(db, migrations);
        expect(await asOwner(db, catalogue)).toEqual(switched);
        await expect(db.run(readFileSync(SWITCH_TO_UUID, 'utf8'))).resolves.toBeUndefined();
      });
    }
  });
}
