import type { GatsbyNode, SourceNodesArgs } from 'gatsby';
import type { Driver } from './drivers';
import { embeddedDriver } from './embedded';
import { ERROR_CODES, SourceFailure } from './errors';
import { buildNode } from './nodes';
import { remoteSettings, type PluginOptionsWithContent, type SupabaseContentOptions } from './options';
import { remoteDriver } from './remote';
import { describeQuery, type TableSpec } from './model';
import { NotARowList, normalizeRows, type PublishedRow } from './rows';

export const PLUGIN_NAME = 'gatsby-source-supabase-content';

export type SourceArgs = Pick<SourceNodesArgs, 'actions' | 'createNodeId' | 'createContentDigest' | 'getNodesByType' | 'reporter'>;

export type Connect = (options: SupabaseContentOptions) => Promise<Driver>;

const connectDriver: Connect = async (options) => {
  const remote = remoteSettings(options);
  if (remote) return remoteDriver(remote);
  if (!options.embedded) throw new Error(`${PLUGIN_NAME}: set url and anonKey, or embedded`);
  return embeddedDriver(options.embedded);
};

export const EMBEDDED_WARNING = [
  '',
  '='.repeat(72),
  'NO BACKEND CONFIGURED: building from the embedded default database',
  `(${PLUGIN_NAME}, demo content from supabase/seed.sql).`,
  'Contact submissions on this build are SIMULATED and reach no one.',
  'Set GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY to build from a',
  'Supabase project, or REQUIRE_BACKEND=1 to make such a build fail.',
  '='.repeat(72),
].join('\n');

const BACKEND_REQUIRED =
  'REQUIRE_BACKEND=1 is set but no backend is configured: set GATSBY_SUPABASE_URL and ' +
  'GATSBY_SUPABASE_ANON_KEY (the url and anonKey options), or unset REQUIRE_BACKEND to build ' +
  'from the embedded default with simulated submissions.';

/**
 * Reads every published query, then replaces this plugin's nodes in one step. Nothing is
 * created until every query has succeeded and every row checks out, so a failing backend never
 * publishes a partial page.
 */
export async function sourceContent(args: SourceArgs, options: SupabaseContentOptions, connect: Connect = connectDriver): Promise<void> {
  const { reporter } = args;
  if (!remoteSettings(options)) {
    if (process.env.REQUIRE_BACKEND === '1') {
      reporter.panicOnBuild({
        id: ERROR_CODES.BackendRequired,
        context: { url: '(none)', table: '(all)', detail: BACKEND_REQUIRED },
      });
      keepPreviousNodes(args, options.tables);
      return;
    }
    reporter.warn(EMBEDDED_WARNING);
  }

  const results: QueryRows[] = [];
  const warnings: string[] = [];
  let driver: Driver | undefined;
  let label = '';
  try {
    driver = await connect(options);
    label = driver.label;
    for (const spec of options.tables) {
      for (const filter of spec.queries) {
        const table = describeQuery(spec, filter);
        const normalized = normalize(spec, await driver.read(spec, filter), { url: label, table });
        results.push({ spec, rows: normalized.rows });
        warnings.push(...normalized.warnings);
      }
    }
  } catch (error) {
    if (!(error instanceof SourceFailure)) throw error;
    // Exits with status 1 under `gatsby build`; under `gatsby develop` (a failed /__refresh)
    // the server keeps running with the content it already had.
    reporter.panicOnBuild({ id: error.code, context: error.context });
    keepPreviousNodes(args, options.tables);
    return;
  } finally {
    await driver?.close();
  }

  for (const warning of warnings) reporter.warn(`${PLUGIN_NAME}: ${warning}`);
  const counts = await replaceNodes(args, options.tables, results);
  reporter.info(`${PLUGIN_NAME}: ${counts} from ${label}`);
}

interface QueryRows {
  spec: TableSpec;
  rows: PublishedRow[];
}

function normalize(spec: TableSpec, body: unknown, source: { url: string; table: string }) {
  try {
    return normalizeRows(spec, body, source.table);
  } catch (error) {
    if (!(error instanceof NotARowList)) throw error;
    throw new SourceFailure(ERROR_CODES.BadBody, { ...source, detail: error.message });
  }
}

/**
 * Creates a node per row and deletes this plugin's nodes whose row is gone. Gatsby garbage-collects
 * untouched nodes only on the first sourcing of a process, so a re-source through /__refresh in
 * `gatsby develop` would otherwise keep rows that were deactivated or deleted.
 */
async function replaceNodes(args: SourceArgs, tables: readonly TableSpec[], results: QueryRows[]): Promise<string> {
  const { actions, getNodesByType } = args;
  const fresh = new Set<string>();
  const counts = new Map<string, number>(tables.map((spec) => [spec.nodeType, 0]));
  for (const { spec, rows } of results) {
    for (const [position, row] of rows.entries()) {
      const node = buildNode(spec, row, position, args);
      fresh.add(node.id);
      counts.set(spec.nodeType, (counts.get(spec.nodeType) ?? 0) + 1);
      await actions.createNode(node);
    }
  }
  for (const spec of tables) {
    for (const node of getNodesByType(spec.nodeType)) {
      if (!fresh.has(node.id)) actions.deleteNode(node);
    }
  }
  return [...counts].map(([type, count]) => `${count} ${type}`).join(', ');
}

/** After a failure under `gatsby develop`, keep the last good content rather than an empty page. */
function keepPreviousNodes({ actions, getNodesByType }: SourceArgs, tables: readonly TableSpec[]): void {
  for (const spec of tables) {
    for (const node of getNodesByType(spec.nodeType)) actions.touchNode(node);
  }
}

export const sourceNodes: NonNullable<GatsbyNode['sourceNodes']> = (args, options) =>
  sourceContent(args, options as PluginOptionsWithContent);
