import type { Driver } from './drivers';
import { openEmbeddedDatabase, withRole, type EmbeddedPaths } from './embedded-db';
import { ERROR_CODES, SourceFailure } from './errors';
import { activeColumn, describeQuery, orderColumn, selectedColumns, type QueryFilter, type TableSpec } from './model';
import { describePictureSources } from './picture-sources';
import { describeRevision, type RevisionSpec } from './revision';

export interface SqlQuery {
  text: string;
  params: string[];
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The SQL twin of the remote query: same columns, same filters, same order. */
export function publishedQuery(spec: TableSpec, filter: QueryFilter): SqlQuery {
  const params: string[] = [];
  const conditions = [`${quote(activeColumn(spec))} = true`];
  for (const [column, value] of Object.entries(filter)) {
    params.push(value);
    conditions.push(`${quote(column)} = $${params.length}`);
  }
  const text =
    `select ${selectedColumns(spec).map(quote).join(', ')} from public.${quote(spec.table)} ` +
    `where ${conditions.join(' and ')} order by ${quote(orderColumn(spec))} asc`;
  return { text, params };
}

/**
 * The SQL twin of the revision request. As text: a bigint then reads as the digits of the JSON
 * number PostgREST sends, and a text revision as itself.
 */
export function revisionQuery(spec: RevisionSpec): string {
  return `select public.${quote(spec.function)}()::text as revision`;
}

export function embeddedLabel(paths: EmbeddedPaths): string {
  return `embedded PGlite from ${paths.migrations}`;
}

/**
 * The default backend: an in-process PostgreSQL loaded with the same migrations and seed a real
 * project gets. Queries run as `anon`, so the row-level security policies decide what is
 * published, exactly as PostgREST would on Supabase.
 */
export async function embeddedDriver(paths: EmbeddedPaths): Promise<Driver> {
  const label = embeddedLabel(paths);
  const db = await openEmbeddedDatabase(paths).catch((error: unknown) => {
    throw new SourceFailure(ERROR_CODES.EmbeddedFailed, {
      url: label,
      table: 'every table (loading bootstrap, migrations and seed)',
      detail: messageOf(error),
    });
  });
  return {
    label,
    async read(spec, filter) {
      const { text, params } = publishedQuery(spec, filter);
      try {
        const result = await withRole(db, 'anon', (tx) => tx.query(text, params));
        return result.rows;
      } catch (error) {
        throw new SourceFailure(ERROR_CODES.EmbeddedFailed, {
          url: label,
          table: describeQuery(spec, filter),
          detail: messageOf(error),
        });
      }
    },
    async revision(spec) {
      try {
        // As PostgREST would call it for the browser: as anon, which must be allowed to.
        const result = await withRole(db, 'anon', (tx) => tx.query<{ revision: unknown }>(revisionQuery(spec)));
        return result.rows[0]?.revision;
      } catch (error) {
        throw new SourceFailure(ERROR_CODES.EmbeddedFailed, { url: label, table: describeRevision(spec), detail: messageOf(error) });
      }
    },
    async pictureSources(name) {
      try {
        // As the build asks a project: as anon. A text array arrives as an array, as PostgREST sends it.
        const result = await withRole(db, 'anon', (tx) => tx.query<{ sources: unknown }>(`select public.${quote(name)}() as sources`));
        return result.rows[0]?.sources;
      } catch (error) {
        throw new SourceFailure(ERROR_CODES.EmbeddedFailed, { url: label, table: describePictureSources(name), detail: messageOf(error) });
      }
    },
    close: () => db.close(),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
