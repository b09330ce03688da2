// One PostgreSQL 15 cluster (no pg_cron) for the whole Jest run: the first suite that needs it starts
// it, the others connect to it, and tests/support/global-teardown.ts stops it. Each schema state is
// built once, in a template database, and every suite gets its own copy (CREATE DATABASE ... TEMPLATE),
// so suites running side by side never see each other's rows.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { migrationFiles, SUPABASE_PATHS, type TestDatabase } from './database';
import { forTheFile } from './for-the-file';
import {
  RUN_DIR_VARIABLE,
  clientTestDatabase,
  loadSupabaseFiles,
  startPostgresCluster,
  stopPostgresServer,
  type PostgresCluster,
} from './postgres';

export { RUN_DIR_VARIABLE };
const START_TIMEOUT_MS = 120_000;

interface SharedCluster {
  port: number;
  directory: string;
  bindir: string;
}

const addressFile = (runDir: string) => path.join(runDir, 'cluster.json');
const failureFile = (runDir: string) => path.join(runDir, 'failed.txt');

function runDirectory(): string {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (!dir) throw new Error(`${RUN_DIR_VARIABLE} is not set: run the tests through Jest, whose global setup sets it`);
  return dir;
}

let shared: Promise<SharedCluster> | undefined;

/** The run's cluster, started here if no other worker has started it yet. */
/** Written beside and renamed into place: a worker polling for the file never reads half of it. */
async function writeWhole(file: string, text: string): Promise<void> {
  await writeFile(`${file}.partial`, text);
  await rename(`${file}.partial`, file);
}

export function sharedCluster(): Promise<SharedCluster> {
  shared ??= (async () => {
    const runDir = runDirectory();
    const lock = await open(path.join(runDir, 'lock'), 'wx').catch(() => null);
    if (lock) {
      await lock.close();
      try {
        const cluster = await startPostgresCluster();
        await cluster.client.end();
        const address: SharedCluster = { port: cluster.port, directory: cluster.directory, bindir: cluster.bindir };
        await writeWhole(addressFile(runDir), JSON.stringify(address));
        return address;
      } catch (error) {
        await writeWhole(failureFile(runDir), (error as Error).message);
        throw error;
      }
    }
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (existsSync(addressFile(runDir))) return JSON.parse(await readFile(addressFile(runDir), 'utf8')) as SharedCluster;
      if (existsSync(failureFile(runDir))) throw new Error(await readFile(failureFile(runDir), 'utf8'));
      if (Date.now() > deadline) throw new Error(`the shared PostgreSQL 15 test cluster did not start within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return shared;
}

/** Stops the run's cluster if a suite started it (Jest's global teardown). */
export async function stopSharedCluster(runDir: string): Promise<void> {
  if (!existsSync(addressFile(runDir))) return;
  const { directory, bindir } = JSON.parse(await readFile(addressFile(runDir), 'utf8')) as SharedCluster;
  await stopPostgresServer(directory, bindir);
}

const connect = async (port: number, database: string) => {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database });
  await client.connect();
  return client;
};

let databases = 0;

/** A connected superuser client on a new database of the shared cluster, a copy of `template` (or empty); close() drops it. */
async function newDatabase(template: string | null): Promise<{ client: Client; port: number; database: string; close(): Promise<void> }> {
  const { port } = await sharedCluster();
  databases += 1;
  const database = `suite_${process.pid}_${databases}`;
  const owner = await connect(port, 'postgres');
  try {
    await owner.query(`create database ${database}${template ? ` template ${template}` : ''}`);
  } finally {
    await owner.end();
  }
  const client = await connect(port, database);
  return {
    client,
    port,
    database,
    close: async () => {
      await client.end().catch(() => undefined);
      const dropper = await connect(port, 'postgres');
      await dropper.query(`drop database if exists ${database}`).finally(() => dropper.end());
    },
  };
}

/**
 * The template database holding the project's bootstrap, migrations and seed, built by the first
 * suite that asks (the others wait on an advisory lock) and named for the files' contents.
 */
async function projectTemplate(): Promise<string> {
  const { port } = await sharedCluster();
  const texts = [
    await readFile(SUPABASE_PATHS.bootstrap, 'utf8'),
    ...(await migrationFiles()).map((file) => file.sql),
    await readFile(SUPABASE_PATHS.seed, 'utf8'),
  ];
  const hash = createHash('sha256');
  for (const text of texts) hash.update(`${text.length}:`).update(text);
  const name = `template_${hash.digest('hex').slice(0, 16)}`;
  const owner = await connect(port, 'postgres');
  try {
    await owner.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await owner.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await owner.query(`create database ${name}`);
      const builder = await connect(port, name);
      try {
        await loadSupabaseFiles(builder);
      } catch (error) {
        await builder.end();
        await owner.query(`drop database ${name}`);
        throw error;
      }
      await builder.end();
    }
    return name;
  } finally {
    await owner.end();
  }
}

/** A database of the shared cluster holding the project's bootstrap, migrations and seed. */
export async function openProjectDatabase(): Promise<{ client: Client; port: number; database: string; close(): Promise<void> }> {
  return newDatabase(await projectTemplate());
}

/** An empty database of the shared cluster, for a test that builds its own. */
export function openEmptyDatabase(): Promise<{ client: Client; port: number; database: string; close(): Promise<void> }> {
  return newDatabase(null);
}

/** A copy of the project's database behind the TestDatabase interface. */
export async function openSharedTestDatabase(): Promise<TestDatabase> {
  const db = await openProjectDatabase();
  return clientTestDatabase(db.client, () => db.close());
}

/** The shared cluster for the calling file, as a PostgresCluster whose client (on `postgres`) makes scratch databases. */
export function sharedClusterForTheFile(): () => PostgresCluster {
  return forTheFile(
    'the shared PostgreSQL 15 test cluster',
    async () => {
      const { port, directory, bindir } = await sharedCluster();
      const client = await connect(port, 'postgres');
      return { port, directory, bindir, client, stop: () => client.end() };
    },
    (cluster) => cluster.stop(),
  );
}
