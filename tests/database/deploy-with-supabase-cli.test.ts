// The deploy path an operator takes, run for real: the pinned Supabase CLI's `db push` (as
// `npm run db:push` runs it) against PostgreSQL 15 with Supabase's roles, on a fresh project and on
// existing projects the migrations adopt. The CLI splits files into statements and records versions itself,
// which is not the path the other database tests take, so its result is compared with theirs.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, SUPABASE_PATHS, migrationFiles, runFiles, type Row, type ScratchDatabase } from '../support/database';
import { scriptCommand } from '../support/package-script';
import { openPostgresScratchDatabase, retryingRoleRace, superuserUrl } from '../support/postgres';
import { sharedClusterForTheFile } from '../support/shared-postgres';
import { LEGACY_PROJECTS } from './fixtures/legacy-projects';
import { TABLES, catalogue, tableExists, tableRows, type Catalogue } from './support/catalogue';

const run = promisify(execFile);
const ADOPTED_PROJECT = path.join(REPO_ROOT, 'tests', 'supabase-api', 'fixtures', 'adopted-project');
const ADOPTED_PROJECT_FILES = ['0001_tables_and_rows.sql', '0002_indonesian_twins.sql'].map((file) => path.join(ADOPTED_PROJECT, file));
const cluster = sharedClusterForTheFile();

/** `npm run db:push -- --db-url …` as an operator types it (without npm's own start); resolves with what the CLI printed. */
async function push(db: ScratchDatabase, ...flags: string[]): Promise<string> {
  const [{ name }] = (await db.results('select current_database() as name'))[0] as [{ name: string }];
  const url = `${superuserUrl(cluster().port, name)}?sslmode=disable`;
  const [program, ...args] = scriptCommand('db:push');
  // A push stops at a failed migration and the next one goes on from there.
  const { stdout, stderr } = await retryingRoleRace(() =>
    run(program, [...args, '--db-url', url, '--yes', ...flags], { cwd: REPO_ROOT, timeout: 90_000 }),
  );
  return `${stdout}${stderr}`;
}

async function recordedVersions(db: ScratchDatabase): Promise<string[]> {
  const [rows] = await db.results('select version || $$_$$ || name as file from supabase_migrations.schema_migrations order by version');
  return rows!.map((row) => `${String(row.file)}.sql`);
}

/** The schema of the four tables and every row in them: what a push must leave as it was. */
async function state(db: ScratchDatabase): Promise<{ catalogue: Catalogue; rows: Record<string, Row[]> }> {
  return db.rolledBack('postgres', async (session) => {
    const rows: Record<string, Row[]> = {};
    for (const table of TABLES) if (await tableExists(session, table)) rows[table] = await tableRows(session, table);
    return { catalogue: await catalogue(session), rows };
  });
}

/** The company's project as the old site left it, and the Table Editor's shape of legacy project. */
const EXISTING_PROJECTS = [
  ['adopted project of the browser tests', { sql: ADOPTED_PROJECT_FILES.map((file) => readFileSync(file, 'utf8')).join('\n') }],
  ...LEGACY_PROJECTS.filter((project) => project.name.startsWith('Table Editor')).map((project) => [project.name, project] as const),
] as const;

let migrationNames: string[];
beforeAll(async () => {
  migrationNames = (await readdir(SUPABASE_PATHS.migrations)).filter((name) => name.endsWith('.sql')).sort();
});

describe('npm run db:push (the pinned Supabase CLI) on PostgreSQL 15 with Supabase roles', () => {
  it('pins the CLI exactly, and db:push is its db push', async () => {
    const manifest = JSON.parse(await readFile(`${REPO_ROOT}/package.json`, 'utf8')) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.devDependencies.supabase).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.scripts['db:push']).toBe('supabase db push');
    const [program] = scriptCommand('supabase');
    const { stdout } = await run(program, ['--version'], { cwd: REPO_ROOT });
    expect(stdout.trim()).toBe(manifest.devDependencies.supabase);
  });

  it('sets up a fresh project as the migration files do, records every migration and loads the seed; a second push changes nothing', async () => {
    const pushed = await openPostgresScratchDatabase(cluster());
    const reference = await openPostgresScratchDatabase(cluster());
    try {
      expect(await push(pushed, '--include-seed')).toContain('Finished supabase db push.');
      expect(await recordedVersions(pushed)).toEqual(migrationNames);

      await runFiles(reference, [
        ...(await migrationFiles()),
        { file: SUPABASE_PATHS.seed, sql: await readFile(SUPABASE_PATHS.seed, 'utf8') },
      ]);
      const after = await state(pushed);
      expect(withoutTimestamps(after)).toEqual(withoutTimestamps(await state(reference)));
      expect(after.rows.timeline!.length).toBeGreaterThan(0);

      expect(await push(pushed, '--include-seed')).toContain('Remote database is up to date.');
      expect(await state(pushed)).toEqual(after);
      expect(await recordedVersions(pushed)).toEqual(migrationNames);
    } finally {
      await Promise.all([pushed.close(), reference.close()]);
    }
  }, 180_000);

  describe.each(EXISTING_PROJECTS)('adopting the %s', (_name, project) => {
    it('applies every migration, keeps every old row, and a second push changes nothing', async () => {
      const db = await openPostgresScratchDatabase(cluster());
      try {
        await db.run(project.sql);
        const before = await state(db);

        expect(await push(db)).toContain('Finished supabase db push.');
        expect(await recordedVersions(db)).toEqual(migrationNames);
        const after = await state(db);
        // Every old row is still there with its id and values; adoption only adds columns.
        for (const [table, rows] of Object.entries(before.rows)) {
          expect({ table, rows: after.rows[table] }).toEqual({ table, rows: rows.map((row): unknown => expect.objectContaining(row)) });
        }

        expect(await push(db)).toContain('Remote database is up to date.');
        expect(await state(db)).toEqual(after);
      } finally {
        await db.close();
      }
    }, 180_000);
  });
});

/** The state without the columns that hold the time a row was written (`now()` defaults), which two databases never share. */
function withoutTimestamps({ catalogue, rows }: Awaited<ReturnType<typeof state>>) {
  const strip = (row: Row) => Object.fromEntries(Object.entries(row).filter(([column]) => !column.endsWith('_at')));
  return { catalogue, rows: Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.map(strip)])) };
}
