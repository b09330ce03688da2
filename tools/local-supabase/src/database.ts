// Step one of the backend: the database. PGlite holding a schema (the project's by default), and
// what the Data API needs to know of it, read once: the served tables' columns, the served
// functions' arguments.
import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase, type EmbeddedPaths } from 'gatsby-source-supabase-content/embedded-db';
import type { ColumnMap, FunctionArguments } from './postgrest';
import { servedTables, type ServedApi } from './site-api';

export interface Catalog {
  columns: ColumnMap;
  functions: FunctionArguments;
}

async function readColumns(db: PGlite, tables: string[]): Promise<ColumnMap> {
  const result = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and table_name = any($1::text[])`,
    [tables],
  );
  const map = new Map<string, Set<string>>();
  for (const row of result.rows) {
    const columns = map.get(row.table_name) ?? new Set<string>();
    columns.add(row.column_name);
    map.set(row.table_name, columns);
  }
  return map;
}

async function readFunctions(db: PGlite, names: string[], readNames: string[]): Promise<FunctionArguments> {
  const result = await db.query<{ name: string; volatility: string; names: string[] | null; types: string[] | null }>(
    `select p.proname as name, p.provolatile as volatility, p.proargnames as names,
            array(select pg_catalog.format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality as u(t, o) order by o) as types
       from pg_catalog.pg_proc as p join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = any($1::text[])`,
    [[...names, ...readNames]],
  );
  // PostgREST answers a GET of a volatile function with an error: so must the stand-in, before it serves one.
  const volatile = result.rows.filter((row) => readNames.includes(row.name) && row.volatility === 'v').map((row) => row.name);
  if (volatile.length > 0) throw new Error(`local backend: ${volatile.join(', ')} is volatile; PostgREST serves it to POST only`);
  return new Map(
    result.rows.map((row) => [row.name, (row.types ?? []).map((type, index) => ({ name: row.names?.[index] ?? `arg${index}`, type }))]),
  );
}

export async function openDatabase(schema: EmbeddedPaths, api: ServedApi): Promise<{ db: PGlite; catalog: Catalog }> {
  const db = await openEmbeddedDatabase(schema);
  try {
    const columns = await readColumns(db, servedTables(api));
    const functions = await readFunctions(db, Object.keys(api.functions), Object.keys(api.readFunctions ?? {}));
    return { db, catalog: { columns, functions } };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** PostgREST's pre-request function as configured on `authenticator` (pgrst.db_pre_request), or null. */
export async function preRequestFunction(db: PGlite): Promise<string | null> {
  const result = await db.query<{ name: string }>(
    `select split_part(setting, '=', 2) as name
       from pg_catalog.pg_roles as r, unnest(r.rolconfig) as setting
      where r.rolname = 'authenticator' and setting like 'pgrst.db_pre_request=%'`,
  );
  const name = result.rows[0]?.name ?? null;
  // Spliced into SQL as PostgREST does with its setting: a schema-qualified identifier only.
  if (name !== null && !/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(name)) {
    throw new Error(`local backend: pgrst.db_pre_request is not a function name: ${name}`);
  }
  return name;
}

/** Vault secrets, replaced by name: what the sweep job and the rebuild trigger read. No-op without Vault. */
export async function setVaultSecrets(db: PGlite, secrets: Record<string, string>): Promise<void> {
  const vault = await db.query<{ present: boolean }>(`select to_regclass('vault.secrets') is not null as present`);
  if (!vault.rows[0]?.present) return;
  for (const [name, value] of Object.entries(secrets)) {
    await db.query(`delete from vault.secrets where name = $1`, [name]);
    await db.query(`select vault.create_secret($1, $2)`, [value, name]);
  }
}

/**
 * This machine's site (`npm run backend -- --site http://localhost:9000`) is where the site watch
 * and the team's action links must point, and a loopback http address is never a public https one
 * (private.is_public_https_url, which guards every URL that leaves the database). In this backend's
 * own database only, a loopback http address on a port counts as well; every other URL is judged by
 * the migrations' function, kept under another name.
 */
export async function admitLoopbackSite(db: PGlite): Promise<void> {
  await db.exec(`
    alter function private.is_public_https_url(text) rename to is_public_https_url_on_the_platform;
    create function private.is_public_https_url(url text) returns boolean language sql immutable set search_path = '' as $$
      select url ~ '^http://(127\\.0\\.0\\.1|localhost):[0-9]+(/|$)' or private.is_public_https_url_on_the_platform(url)
    $$;
    revoke execute on function private.is_public_https_url(text) from public;`);
}
