// One shape for the two database engines the schema must hold on: the embedded PGlite of the build,
// and a real PostgreSQL 15 cluster (tests/support/postgres.ts). Suites written against TestDatabase
// run unchanged on both.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openEmbeddedDatabase, openScriptedDatabase, type EmbeddedPaths } from 'gatsby-source-supabase-content/embedded-db';
import { PROJECT_SCHEMA } from 'local-supabase';

export const REPO_ROOT = path.join(__dirname, '..', '..');

export const SUPABASE_PATHS: Required<EmbeddedPaths> = PROJECT_SCHEMA;

/** `postgres` is the owner, as the Supabase dashboard's SQL editor and migrations run. */
export type DbRole = 'postgres' | 'anon' | 'authenticated' | 'service_role';

export type Row = Record<string, unknown>;

export interface QueryResult {
  rows: Row[];
  /** Rows inserted, updated or deleted by the statement. */
  affected: number;
}

export interface Session {
  query(sql: string, params?: unknown[]): Promise<QueryResult>;
  /** Runs a script of several statements (no parameters, no result). */
  exec(sql: string): Promise<void>;
  /** Switches role for the rest of the transaction (the session user stays the owner). */
  setRole(role: DbRole): Promise<void>;
}

export interface TestDatabase {
  readonly engine: string;
  /**
   * Runs `fn` as `role` in a transaction that is always rolled back, so every case starts from the
   * seeded state whatever the previous one wrote.
   */
  rolledBack<T>(role: DbRole, fn: (session: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL's SQLSTATE of an error thrown by either driver. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const INSUFFICIENT_PRIVILEGE = '42501';
export const CHECK_VIOLATION = '23514';
export const NOT_NULL_VIOLATION = '23502';
export const UNIQUE_VIOLATION = '23505';

export async function openPGliteTestDatabase(): Promise<TestDatabase> {
  const db = await openEmbeddedDatabase(SUPABASE_PATHS);
  return pgliteTestDatabase(db);
}

export function pgliteTestDatabase(db: PGlite): TestDatabase {
  return {
    engine: 'PGlite',
    rolledBack: (role, fn) =>
      db.transaction(async (tx) => {
        const session = pgliteSession(tx);
        try {
          await session.setRole(role);
          return await fn(session);
        } finally {
          // A failed statement aborts the transaction; ROLLBACK is still accepted then.
          if (!tx.closed) await tx.rollback();
        }
      }),
    close: () => db.close(),
  };
}

function pgliteSession(tx: Transaction): Session {
  return {
    async query(sql, params) {
      const result = await tx.query<Row>(sql, params);
      return { rows: result.rows, affected: result.affectedRows ?? 0 };
    },
    async exec(sql) {
      await tx.exec(sql);
    },
    async setRole(role) {
      await tx.exec(`set local role ${role}`);
    },
  };
}

/**
 * A database the test builds step by step: the platform stand-in only, then whatever scripts the
 * test runs (a legacy project's schema and rows, the migrations, once or twice).
 */
export interface ScratchDatabase extends TestDatabase {
  /**
   * Runs a script as the owner and commits it. Several statements run as one implicit
   * transaction, as `supabase db push` runs a migration file: a failing script leaves nothing.
   */
  run(sql: string): Promise<void>;
  /** Runs a script as the owner, like run(), and returns the rows of each of its statements. */
  results(sql: string): Promise<Row[][]>;
}

export interface SqlFile {
  file: string;
  sql: string;
}

/** The migrations in the order the Supabase CLI applies them. */
export async function migrationFiles(): Promise<SqlFile[]> {
  const names = (await readdir(SUPABASE_PATHS.migrations))
    .filter((name) => name.endsWith('.sql'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(SUPABASE_PATHS.migrations, name);
      return { file, sql: await readFile(file, 'utf8') };
    }),
  );
}

/** Runs each file, naming the one that fails. */
export async function runFiles(db: ScratchDatabase, files: SqlFile[]): Promise<void> {
  for (const { file, sql } of files) {
    try {
      await db.run(sql);
    } catch (error) {
      throw new Error(`${path.relative(REPO_ROOT, file)}: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** A PGlite holding only supabase/local/bootstrap.sql. */
export async function openPGliteScratchDatabase(): Promise<ScratchDatabase> {
  const db = await openScriptedDatabase([SUPABASE_PATHS.bootstrap]);
  return {
    ...pgliteTestDatabase(db),
    run: async (sql) => {
      await db.exec(sql);
    },
    results: async (sql) => (await db.exec(sql)).map((result) => result.rows as Row[]),
  };
}
