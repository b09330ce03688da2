// A throwaway PostgreSQL cluster for tests: initdb into a temporary directory, start it on a free
// loopback port (its unix socket in the same directory), load bootstrap + migrations + seed with
// the `pg` client, and remove everything on close. This is the "plain PostgreSQL 15 with the
// Supabase roles" the migrations must also hold on, next to PGlite.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { SUPABASE_PATHS, type DbRole, type Row, type Session, type TestDatabase } from './database';

const run = promisify(execFile);

/** Debian's package for the server binaries, named in the failure message for CI images. */
export const POSTGRES_DEBIAN_PACKAGE = 'postgresql-15';

/**
 * Where initdb and pg_ctl live: $PG_BINDIR alone when it is set (so a wrong setting fails instead
 * of silently testing another server), else PostgreSQL 15's Debian path, pg_config, then PATH.
 */
export async function findPostgresBinaries(): Promise<string> {
  const candidates = await binaryDirectories();
  const found = candidates.find(
    (dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
  if (!found) {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) not found; looked in: ${candidates.filter(Boolean).join(', ')}. ` +
        `Install them (Debian: apt-get install ${POSTGRES_DEBIAN_PACKAGE}) or set PG_BINDIR.`,
    );
  }
  return found;
}

async function binaryDirectories(): Promise<string[]> {
  if (process.env.PG_BINDIR) return [process.env.PG_BINDIR];
  const candidates = ['/usr/lib/postgresql/15/bin'];
  try {
    candidates.push((await run('pg_config', ['--bindir'])).stdout.trim());
  } catch {
    // pg_config ships with the client packages; the server may be installed without it.
  }
  try {
    candidates.push(path.dirname((await run('sh', ['-c', 'command -v initdb'])).stdout.trim()));
  } catch {
    // Not on PATH either; reported with everything that was tried.
  }
  return candidates;
}

/**
 * initdb refuses to run as root. As root, run the server as the `postgres` OS user (the Debian
 * package creates it) and hand it the cluster directory; otherwise run as ourselves.
 */
async function serverUser(): Promise<{ prefix: string[]; uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
  } catch {
    throw new Error(
      'Running as root and there is no `postgres` OS user to run initdb as ' +
        `(the Debian package ${POSTGRES_DEBIAN_PACKAGE} creates it); run the tests as a non-root user.`,
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface PostgresCluster {
  readonly port: number;
  readonly directory: string;
  /** A connected superuser client (`postgres`) on the cluster's `postgres` database. */
  readonly client: Client;
  stop(): Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bindir = await findPostgresBinaries();
  const user = await serverUser();
  const directory = await mkdtemp(path.join(tmpdir(), 'pg15-test-'));
  const data = path.join(directory, 'data');
  const log = path.join(directory, 'server.log');
  if (user) await chown(directory, user.uid, user.gid);

  const exec = (binary: string, args: string[]) => {
    const argv = [...(user?.prefix ?? []), path.join(bindir, binary), ...args];
    return run(argv[0]!, argv.slice(1));
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
    // Trust on loopback is fine for a cluster that lives for one test file in a private directory.
    await exec('initdb', [
      '-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync',
    ]);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${directory}`,
      '-c listen_addresses=127.0.0.1',
      // Durability is pointless for a throwaway cluster and costs seconds.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    await exec('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '30', 'start']);
    started = true;

    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await client.connect();
    return {
      port,
      directory,
      client,
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

/** Runs the bootstrap, every migration in name order and the seed, naming the file that fails. */
export async function loadSupabaseFiles(client: Client): Promise<void> {
  const migrations = (await readdir(SUPABASE_PATHS.migrations))
    .filter((name) => name.endsWith('.sql'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => path.join(SUPABASE_PATHS.migrations, name));
  for (const file of [SUPABASE_PATHS.bootstrap, ...migrations, SUPABASE_PATHS.seed]) {
    try {
      await client.query(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** A seeded PostgreSQL 15 cluster behind the same interface as the PGlite test database. */
export async function openPostgresTestDatabase(): Promise<TestDatabase> {
  const cluster = await startPostgresCluster();
  try {
    await loadSupabaseFiles(cluster.client);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  const { client } = cluster;
  let queue: Promise<unknown> = Promise.resolve();
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
      const run = queue.then(async () => {
        await client.query('begin');
        try {
          await session.setRole(role);
          return await fn(session);
        } finally {
          await client.query('rollback');
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => cluster.stop(),
  };
}
