// The embedded default backend: an in-memory PostgreSQL (PGlite) holding the same schema and demo
// content a Supabase project would, so a build without settings publishes exactly what RLS lets
// the anonymous role read.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { PGlite, type Transaction } from '@electric-sql/pglite';

export interface EmbeddedPaths {
  /** Supabase's platform stand-in (roles, schemas, default privileges). */
  bootstrap: string;
  /** Directory of Supabase CLI migrations; every *.sql file runs, in name order. */
  migrations: string;
  /** Demo content, loaded last. */
  seed?: string;
}

export type EmbeddedRole = 'anon' | 'authenticated' | 'service_role';

const ROLES: readonly EmbeddedRole[] = ['anon', 'authenticated', 'service_role'];

// PGlite zeroes all of its 128MB of shared buffers, in WebAssembly, at every start; these small
// in-memory databases run as fast with 16MB.
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** A PGlite database: a new one (initdb), or the one a snapshot holds. */
const startPglite = (loadDataDir?: Blob) => PGlite.create({ loadDataDir, startParams: START_PARAMS });

export interface OpenOptions {
  /**
   * A folder of snapshots. The database these exact files make is saved there (PGlite's
   * dumpDataDir, gzipped) the first time, and loaded from there the next time instead of running the
   * files again, which takes several times longer. Files met for the first time run on a copy of the
   * empty database, itself saved there as the snapshot of no files. For a series of short-lived
   * databases, such as tests; use a folder that lives no longer than the installed PGlite, whose
   * data format it holds.
   * Defaults to the environment variable PGLITE_SNAPSHOT_DIR; without either, or with null, the
   * files run every time.
   */
  snapshotDir?: string | null;
}

/** Opens a fresh in-memory database: bootstrap, then each migration in name order, then the seed. */
export async function openEmbeddedDatabase(paths: EmbeddedPaths, options: OpenOptions = {}): Promise<PGlite> {
  return openScriptedDatabase(await embeddedFiles(paths), options);
}

/**
 * Makes the snapshot openEmbeddedDatabase(paths) would load from `snapshotDir`, unless it is there
 * already (then no PGlite starts): a test run makes it once before its workers start.
 */
export async function prepareSnapshot(paths: EmbeddedPaths, snapshotDir: string): Promise<void> {
  const files = await embeddedFiles(paths);
  const texts = (await readScripts(files)).map((script) => script.sql);
  if (existsSync(snapshotFile(snapshotDir, texts))) return;
  await (await openScriptedDatabase(files, { snapshotDir })).close();
}

async function embeddedFiles(paths: EmbeddedPaths): Promise<string[]> {
  const files = [paths.bootstrap, ...(await migrationFiles(paths.migrations))];
  if (paths.seed) files.push(paths.seed);
  return files;
}

/**
 * Opens a fresh in-memory database made by running `files` in order, each as one implicit
 * transaction; a failing file closes the database and is named in the error, with its line.
 */
export async function openScriptedDatabase(
  files: readonly string[],
  { snapshotDir = process.env.PGLITE_SNAPSHOT_DIR || undefined }: OpenOptions = {},
): Promise<PGlite> {
  // Read everything first: a missing file fails at once, before PGlite's seconds-long start.
  const scripts = await readScripts(files);
  const texts = scripts.map((script) => script.sql);
  const snapshot = snapshotDir ? snapshotFile(snapshotDir, texts) : null;
  if (!snapshot) return makeDatabase(scripts);
  for (;;) {
    const saved = await savedDatabase(snapshot);
    if (saved) return startPglite(saved);
    // One process makes a missing snapshot while the others wait for it: a test run's workers would
    // otherwise each spend the same tens of seconds running the same files side by side.
    const release = await makerLock(snapshot);
    if (!release) continue;
    try {
      if (existsSync(snapshot)) continue;
      // Other files start from the snapshot of no files at all, the empty database: initdb is most
      // of the cost of a fresh PGlite.
      const db = await makeDatabase(scripts, scripts.length > 0 ? () => openScriptedDatabase([], { snapshotDir }) : startWithoutTemplates);
      await saveSnapshot(db, snapshot).catch(async (error: unknown) => {
        await db.close();
        throw error;
      });
      return db;
    } finally {
      await release();
    }
  }
}

/**
 * A new database without template0 and template1, for the empty database's snapshot, which every
 * other snapshot starts from. They are two thirds of the data directory's files; PGlite connects to
 * `postgres` and nothing here creates a database, and each load unpacks every file: a third less
 * CPU to load, half to save.
 */
async function startWithoutTemplates(): Promise<PGlite> {
  const db = await startPglite();
  await db.query(`update pg_catalog.pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  // DROP DATABASE refuses to run in a transaction block, so one statement each.
  await db.query('drop database template0');
  await db.query('drop database template1');
  return db;
}

/** A new database with `scripts` run on it, closed again if one fails. */
async function makeDatabase(
  scripts: readonly { file: string; sql: string }[],
  start: () => Promise<PGlite> = () => startPglite(),
): Promise<PGlite> {
  const db = await start();
  try {
    await runScriptTexts(db, scripts);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

const LOCK_POLL_MS = 200;

/**
 * Takes the right to make `snapshot` (a lock file holding this process's id) and returns its
 * release; or, when another live process holds it, waits until that one is done and returns null.
 * A lock whose process has died is taken over.
 */
async function makerLock(snapshot: string): Promise<(() => Promise<void>) | null> {
  const lock = `${snapshot}.lock`;
  await mkdir(path.dirname(lock), { recursive: true });
  try {
    await writeFile(lock, String(process.pid), { flag: 'wx' });
    return () => rm(lock, { force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  while (isAlive(Number(await readFile(lock, 'utf8').catch(() => '')))) {
    if (existsSync(snapshot)) return null;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  // Gone, or its maker died: remove a dead maker's lock, then try again.
  await rm(lock, { force: true });
  return null;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `files` in order on an open database, each as one implicit transaction, so a failing file
 * leaves nothing of itself; the error names it, with its line. The database stays open either way.
 */
export async function runScripts(db: PGlite, files: readonly string[]): Promise<void> {
  await runScriptTexts(db, await readScripts(files));
}

const readScripts = (files: readonly string[]) => Promise.all(files.map(async (file) => ({ file, sql: await readScript(file) })));

async function runScriptTexts(db: PGlite, scripts: readonly { file: string; sql: string }[]): Promise<void> {
  for (const script of scripts) await runScript(db, script.file, script.sql);
}

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** Where `snapshotDir` keeps the database that scripts of these texts make, in this order (their paths do not matter). */
export function snapshotFile(snapshotDir: string, texts: readonly string[]): string {
  const hash = createHash('sha256');
  // The snapshots' own format: a new one leaves older snapshots unread (they held the templates).
  hash.update('without templates;');
  for (const text of texts) hash.update(`${text.length}:`).update(text);
  return path.join(snapshotDir, `${hash.digest('hex').slice(0, 32)}.tar.gz`);
}

/**
 * A tarball PGlite reads at each start from the same bytes: Node's Blob would copy its tens of
 * megabytes out again every time. PGlite copies each file out of it, never writing into it.
 */
class Tarball extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: Uint8Array) {
    const own = Tarball.ownBuffer(bytes);
    super([own], { type: 'application/x-tar' });
    this.#bytes = own;
  }

  /** zlib's output this large has a buffer of its own; only a view into a shared one is copied out. */
  private static ownBuffer(bytes: Uint8Array): ArrayBuffer {
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return whole && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : bytes.slice().buffer;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/** The snapshot this process unpacked last: a series of databases from one snapshot reads and unpacks it once. */
let lastUnpacked: { file: string; tar: Promise<Blob | null> } | undefined;

/** The database a snapshot file holds, as the tarball PGlite loads; null if there is no such file. */
function savedDatabase(file: string): Promise<Blob | null> {
  if (lastUnpacked?.file === file) return lastUnpacked.tar;
  // Unpacked by Node's zlib, in native code: PGlite's own gzip streams take several times the CPU.
  const tar = readFile(file).then(
    async (packed) => new Tarball(await unzip(packed)),
    () => null,
  );
  lastUnpacked = { file, tar };
  // A missing file may be saved next: only a found one is kept.
  void tar.then((found) => {
    if (!found && lastUnpacked?.tar === tar) lastUnpacked = undefined;
  });
  return tar;
}

async function saveSnapshot(db: PGlite, file: string): Promise<void> {
  // The fastest level: a few more megabytes on disk cost less than the CPU a denser packing takes.
  const data = await zip(new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer()), { level: 1 });
  await mkdir(path.dirname(file), { recursive: true });
  // Several processes may make the same snapshot at once: each writes its own file and renames it
  // into place, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  await writeFile(partial, data);
  await rename(partial, file);
}

/**
 * Runs `fn` in a transaction as one of Supabase's API roles, so row-level security and grants apply
 * exactly as they do for a request with that role's key. The role ends with the transaction.
 */
export function withRole<T>(db: PGlite, role: EmbeddedRole, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  // The role is spliced into SQL (SET takes no parameters), and JavaScript callers bypass the type.
  if (!ROLES.includes(role)) {
    return Promise.reject(new Error(`withRole: unknown role ${JSON.stringify(role)}`));
  }
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${role}`);
    return fn(tx);
  });
}

async function migrationFiles(directory: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    throw new Error(`Cannot read the migrations directory ${directory}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  // Plain code-unit order, as the Supabase CLI orders its timestamp-prefixed files.
  return names
    .filter((name) => name.endsWith('.sql'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => path.join(directory, name));
}

async function readScript(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${messageOf(error)}`, { cause: error });
  }
}

async function runScript(db: PGlite, file: string, sql: string): Promise<void> {
  try {
    // One simple-query round trip: PostgreSQL runs a multi-statement string as one implicit
    // transaction, so a failing file leaves nothing half-applied.
    await db.exec(sql);
  } catch (error) {
    throw new Error(`${file}${lineOf(sql, error)}: ${messageOf(error)}`, { cause: error });
  }
}

/** ", line N" from the character position PostgreSQL reports for a syntax or name error. */
function lineOf(sql: string, error: unknown): string {
  const position = Number((error as { position?: unknown } | null)?.position);
  if (!Number.isInteger(position) || position < 1) return '';
  const line = [...sql]
    .slice(0, position - 1)
    .join('')
    .split('\n').length;
  return `, line ${line}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
