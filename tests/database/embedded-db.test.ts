// The embedded loader: builds a database from the Supabase files in the CLI's order, names the file
// (and line) that fails, and runs queries as an API role so RLS decides what is published.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import {
  openEmbeddedDatabase,
  openScriptedDatabase,
  runScripts,
  snapshotFile,
  withRole,
  type EmbeddedRole,
} from 'gatsby-source-supabase-content/embedded-db';
import { SUPABASE_PATHS, pgliteTestDatabase } from '../support/database';
import { catalogue, tableRows, TABLES } from './support/catalogue';
import { SEED_IDS } from '../support/seed-ids';

describe('with the repository’s bootstrap, migrations and seed', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await openEmbeddedDatabase(SUPABASE_PATHS);
  });
  afterAll(() => db.close());

  test('anon reads the published materials in order, without the inactive draft', async () => {
    const ids = await withRole(db, 'anon', async (tx) => {
      const { rows } = await tx.query<{ id: string }>('select id from public.material_coverage where is_active order by order_index');
      return rows.map((row) => row.id);
    });
    expect(ids[0]).toBe(SEED_IDS.material.pet);
    expect(ids).not.toContain(SEED_IDS.material.inactive);
  });

  test('RLS, not the query, hides inactive rows: anon sees none even when asking for them', async () => {
    const rows = await withRole(db, 'anon', async (tx) => (await tx.query('select id from public.timeline where not is_active')).rows);
    expect(rows).toEqual([]);
  });

  test.each<EmbeddedRole>(['anon', 'authenticated', 'service_role'])('withRole runs as %s and the role ends with it', async (role) => {
    const inside = await withRole(db, role, async (tx) => (await tx.query<{ u: string }>('select current_user as u')).rows[0]?.u);
    const after = (await db.query<{ u: string }>('select current_user as u')).rows[0]?.u;
    expect([inside, after]).toEqual([role, 'postgres']);
  });

  test('withRole commits what the function did', async () => {
    const id = 'e1e1e1e1-0000-4000-8000-000000000001';
    await withRole(db, 'anon', (tx) =>
      tx.query(
        `insert into public.contact_submissions (id, name, email, message, type)
         values ($1, 'Dewi', 'dewi@example.com', 'Hello', 'contact')`,
        [id],
      ),
    );
    const stored = await db.query('select id from public.contact_submissions where id = $1', [id]);
    await db.query('delete from public.contact_submissions where id = $1', [id]);
    expect(stored.rows).toEqual([{ id }]);
  });

  test('withRole rolls back when the function throws', async () => {
    const title = 'Rolled back';
    await expect(
      withRole(db, 'service_role', async (tx) => {
        await tx.query(
          `insert into public.feature_cards (classification, title, subtitle, icon, icon_color)
           values ('worker', $1, 'S', '★', '#0f766e')`,
          [title],
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await db.query('select id from public.feature_cards where title = $1', [title]);
    expect(rows.rows).toEqual([]);
  });

  test('withRole refuses a role that is not an API role, before any SQL runs', async () => {
    await expect(withRole(db, 'postgres; drop table public.timeline' as EmbeddedRole, async () => 1)).rejects.toThrow(
      'withRole: unknown role',
    );
    const rows = await db.query('select count(*)::int as n from public.timeline');
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
    expect(rows.rows[0]).toEqual({ n: expect.any(Number) });
  });
});

describe('with files of its own', () => {
  // These cases are about running the files. They share a snapshot folder of their own, in which
  // each case's files are new, so the files run, each time on a copy of the empty database.
  let runFiles: { snapshotDir: string };
  let emptyDatabase: string;
  /** A new snapshot folder holding only the empty database, as files met there for the first time find it. */
  async function withEmptyDatabase(snapshotDir: string): Promise<string> {
    await mkdir(snapshotDir, { recursive: true });
    await copyFile(emptyDatabase, path.join(snapshotDir, path.basename(emptyDatabase)));
    return snapshotDir;
  }
  beforeAll(async () => {
    runFiles = { snapshotDir: await mkdtemp(path.join(tmpdir(), 'embedded-db-snapshots-')) };
    // The run's empty database (made here if the run has none yet): initdb, in WebAssembly, costs
    // several times a start from a snapshot, so only the case that asks for a fresh database runs it.
    const runSnapshots = process.env.PGLITE_SNAPSHOT_DIR || runFiles.snapshotDir;
    emptyDatabase = snapshotFile(runSnapshots, []);
    if (!existsSync(emptyDatabase)) await (await openScriptedDatabase([], { snapshotDir: runSnapshots })).close();
    if (runSnapshots !== runFiles.snapshotDir) await withEmptyDatabase(runFiles.snapshotDir);
  });
  afterAll(() => rm(runFiles.snapshotDir, { recursive: true, force: true }));
  let dir: string;
  let migrations: string;
  let bootstrap: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-db-'));
    migrations = path.join(dir, 'migrations');
    bootstrap = path.join(dir, 'bootstrap.sql');
    await mkdir(migrations);
    await writeFile(bootstrap, 'create schema app;');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const migration = (name: string, sql: string) => writeFile(path.join(migrations, name), sql);

  test('runs the bootstrap, then every migration in name order, then the seed; other files are ignored', async () => {
    // Written out of order, and each needs the one named before it.
    await migration('20260101000200_second.sql', 'alter table app.log add column step text;');
    await migration('20260101000100_first.sql', 'create table app.log (n serial);');
    await migration('README.md', 'not SQL');
    const seed = path.join(dir, 'seed.sql');
    await writeFile(seed, "insert into app.log (step) values ('seeded');");

    const db = await openEmbeddedDatabase({ bootstrap, migrations, seed }, runFiles);
    try {
      expect((await db.query('select step from app.log')).rows).toEqual([{ step: 'seeded' }]);
    } finally {
      await db.close();
    }
  });

  test('the seed is optional', async () => {
    await migration('1_table.sql', 'create table app.t (n int);');
    const db = await openEmbeddedDatabase({ bootstrap, migrations }, runFiles);
    try {
      expect((await db.query('select count(*)::int as n from app.t')).rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });

  describe('with files that fail, run on one open database', () => {
    // Naming the failing file needs no database of its own: each file is one transaction, and what a
    // case's files made is dropped after it. (openEmbeddedDatabase's own failure is the snapshot case's.)
    let db: PGlite;
    beforeAll(async () => {
      db = await openScriptedDatabase([], runFiles);
    });
    afterAll(() => db.close());
    afterEach(() => db.exec('drop schema if exists app cascade'));

    test('a failing migration is named, with the line of the error, and leaves nothing of itself', async () => {
      const good = path.join(migrations, '1_good.sql');
      const bad = path.join(migrations, '2_bad.sql');
      await migration('1_good.sql', 'create table app.t (n int);');
      await migration('2_bad.sql', 'create table app.u (n int);\n\ninsert into app.missing values (1);\n');
      await expect(runScripts(db, [bootstrap, good, bad])).rejects.toThrow(`${bad}, line 3: relation "app.missing" does not exist`);
      const made = await db.query(`select to_regclass('app.t') is not null as t, to_regclass('app.u') is not null as u`);
      expect(made.rows).toEqual([{ t: true, u: false }]);
    });

    test('a failing bootstrap or seed is named', async () => {
      const seed = path.join(dir, 'seed.sql');
      await writeFile(seed, "insert into app.nowhere values ('x');");
      await expect(runScripts(db, [bootstrap, seed])).rejects.toThrow(`${seed}, line 1:`);
      await writeFile(bootstrap, 'create schema app;\nselec 1;');
      await expect(runScripts(db, [bootstrap, seed])).rejects.toThrow(`${bootstrap}, line 2: syntax error at or near "selec"`);
    });
  });

  test('a missing migrations directory or seed file is named', async () => {
    const nowhere = path.join(dir, 'no-such-dir');
    await expect(openEmbeddedDatabase({ bootstrap, migrations: nowhere }, runFiles)).rejects.toThrow(
      `Cannot read the migrations directory ${nowhere}`,
    );
    const seed = path.join(dir, 'no-seed.sql');
    await expect(openEmbeddedDatabase({ bootstrap, migrations, seed }, runFiles)).rejects.toThrow(`Cannot read ${seed}`);
  });

  describe('with a snapshot folder', () => {
    // Three or four databases a case, two of them running every migration; on a busy machine each
    // of those can take a minute.
    const SNAPSHOT_CASE_MS = 180_000;
    // Each open draws a new token; a database loaded from a snapshot has the token of the one saved.
    const TOKEN_TABLE = 'create table app.made (token uuid not null default gen_random_uuid()); insert into app.made default values;';
    const openWithSnapshots = (snapshotDir: string) => openEmbeddedDatabase({ bootstrap, migrations }, { snapshotDir });
    async function token(snapshotDir: string): Promise<unknown> {
      const db = await openWithSnapshots(snapshotDir);
      try {
        return (await db.query<{ token: string }>('select token from app.made')).rows[0]?.token;
      } finally {
        await db.close();
      }
    }

    test(
      'saves nothing for files that fail, saves the first database they make, and loads the next from it until a file changes',
      async () => {
        const snapshots = await withEmptyDatabase(path.join(dir, 'snapshots'));
        await migration('1_made.sql', TOKEN_TABLE);
        await migration('2_more.sql', 'select * from app.missing;');
        await expect(openWithSnapshots(snapshots)).rejects.toThrow('2_more.sql, line 1');
        // Only the empty database, which the files started from.
        expect(await readdir(snapshots)).toHaveLength(1);

        await migration('2_more.sql', 'create table app.more (n int);');
        const first = await token(snapshots);
        expect(await readdir(snapshots)).toHaveLength(2);
        expect(await token(snapshots)).toBe(first);

        await migration('2_more.sql', 'create table app.more (n bigint);');
        expect(await token(snapshots)).not.toBe(first);
        expect(await readdir(snapshots)).toHaveLength(3);
      },
      SNAPSHOT_CASE_MS,
    );

    test(
      "the project's database is the same made fresh and loaded from the snapshot made on a copy of the empty database: catalogue, rows and 16MB of shared buffers",
      async () => {
        // The run's snapshots (made on a copy of the empty database when missing), or a folder of
        // the test's own outside the test runner: one more run of every migration costs the
        // suite tens of CPU seconds, and the run's snapshot is the one every other suite loads.
        const snapshots = process.env.PGLITE_SNAPSHOT_DIR || (await withEmptyDatabase(path.join(dir, 'snapshots')));
        const describeDatabase = async (db: PGlite) =>
          pgliteTestDatabase(db).rolledBack('postgres', async (session) => ({
            catalogue: await catalogue(session),
            rows: await Promise.all(TABLES.map((table) => tableRows(session, table))),
          }));
        type Description = Awaited<ReturnType<typeof describeDatabase>>;
        const withoutClock = ({ catalogue, rows }: Description) => ({
          catalogue,
          rows: rows.map((table) => table.map((row) => ({ ...row, created_at: null, updated_at: null }))),
        });
        const fresh = await openEmbeddedDatabase(SUPABASE_PATHS, { snapshotDir: null });
        const loaded = await openEmbeddedDatabase(SUPABASE_PATHS, { snapshotDir: snapshots });
        const again = await openEmbeddedDatabase(SUPABASE_PATHS, { snapshotDir: snapshots });
        try {
          const expected = await describeDatabase(fresh);
          expect(expected.rows.flat().length).toBeGreaterThan(10);
          const fromSnapshot = await describeDatabase(loaded);
          // Made apart, the two differ only in the seed's timestamps.
          expect(withoutClock(fromSnapshot)).toEqual(withoutClock(expected));
          // Snapshots leave out the template databases, which nothing here uses.
          const databases = (db: PGlite) => db.query<{ datname: string }>('select datname from pg_database order by 1').then((r) => r.rows);
          expect(await databases(fresh)).toEqual([{ datname: 'postgres' }, { datname: 'template0' }, { datname: 'template1' }]);
          expect(await databases(loaded)).toEqual([{ datname: 'postgres' }]);
          // Two loads of one snapshot are the same to the timestamp.
          expect(await describeDatabase(again)).toEqual(fromSnapshot);
          // Not PGlite's 128MB, which it zeroes at every start (docs/architecture.md).
          const buffers = (db: PGlite) => db.query('show shared_buffers').then((result) => result.rows);
          expect(await Promise.all([fresh, loaded, again].map(buffers))).toEqual(Array(3).fill([{ shared_buffers: '16MB' }]));
        } finally {
          await Promise.all([fresh.close(), loaded.close(), again.close()]);
        }
      },
      SNAPSHOT_CASE_MS,
    );
  });
});
