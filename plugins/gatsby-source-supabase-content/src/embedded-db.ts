// The embedded default backend: an in-memory PostgreSQL (PGlite) holding the same schema and demo
// content a Supabase project would, so a build without settings publishes exactly what RLS lets
// the anonymous role read.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
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

/** Opens a fresh in-memory database: bootstrap, then each migration in name order, then the seed. */
export async function openEmbeddedDatabase(paths: EmbeddedPaths): Promise<PGlite> {
  const files = [paths.bootstrap, ...(await migrationFiles(paths.migrations))];
  if (paths.seed) files.push(paths.seed);
  // Read everything first: a missing file fails at once, before PGlite's seconds-long start.
  const scripts = await Promise.all(files.map(async (file) => ({ file, sql: await readScript(file) })));

  const db = await PGlite.create();
  try {
    for (const script of scripts) await runScript(db, script.file, script.sql);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
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
