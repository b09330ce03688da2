import type { GatsbyNode, SourceNodesArgs } from 'gatsby';
import { createFileNode } from 'gatsby-source-filesystem/create-file-node';
import type { Driver } from './drivers';
import { embeddedDriver } from './embedded';
import { ERROR_CODES, SourceFailure } from './errors';
import { buildNode } from './nodes';
import { pictureLimits, remoteSettings, type PluginOptionsWithContent, type SupabaseContentOptions, type Wording } from './options';
import { defaultPictureSources, describePictureSources, pictureSourceRule, picturePrefixesOf } from './picture-sources';
import { fetchPictures, type PictureUse } from './pictures';
import { remoteDriver } from './remote';
import { describeQuery, isRemotePicture, type TableSpec } from './model';
import { REVISION_NODE_TYPE, describeRevision, revisionOf, type RevisionSpec } from './revision';
import { NotARowList, normalizeRows, type PublishedRow } from './rows';

export const PLUGIN_NAME = 'gatsby-source-supabase-content';

export type SourceArgs = Pick<
  SourceNodesArgs,
  'actions' | 'cache' | 'createNodeId' | 'createContentDigest' | 'getNodesByType' | 'reporter'
>;

export type Connect = (options: SupabaseContentOptions) => Promise<Driver>;

const connectDriver: Connect = async (options) => {
  const remote = remoteSettings(options);
  if (remote) return remoteDriver(remote);
  if (!options.embedded) throw new Error(`${PLUGIN_NAME}: set url and anonKey, or embedded`);
  return embeddedDriver(options.embedded);
};

const RULE = '='.repeat(72);

/** What the plugin says about a build without a backend when the site gives no words of its own. */
export const DEFAULT_WORDING: Required<Wording> = {
  embeddedWarning: [
    `(${PLUGIN_NAME}, content from the embedded database's SQL files).`,
    'Set the url and anonKey options to build from a Supabase project,',
    'or requireBackend to make such a build fail.',
  ].join('\n'),
  backendRequired:
    'requireBackend is set but no backend is configured: set the url and anonKey options, ' +
    'or turn requireBackend off to build from the embedded default.',
};

/** The warning of a build from the embedded default: the plugin's heading, the site's words under it. */
function embeddedWarning(options: SupabaseContentOptions): string {
  const words = options.wording?.embeddedWarning ?? DEFAULT_WORDING.embeddedWarning;
  return ['', RULE, 'NO BACKEND CONFIGURED: building from the embedded default database', words, RULE].join('\n');
}

/**
 * Reads the revision (when the site names its function), then every published query, then replaces
 * this plugin's nodes in one step. Nothing is created until every query has succeeded and every row
 * checks out, so a failing backend never publishes a partial page. The revision comes first: an
 * edit made while the lists are read can only make the page carry an older revision than its
 * content, which costs the browser one more read of the lists, never a missed change.
 */
export async function sourceContent(args: SourceArgs, options: SupabaseContentOptions, connect: Connect = connectDriver): Promise<void> {
  const { reporter } = args;
  if (!remoteSettings(options)) {
    if (options.requireBackend) {
      const detail = options.wording?.backendRequired ?? DEFAULT_WORDING.backendRequired;
      reporter.panicOnBuild({ id: ERROR_CODES.BackendRequired, context: { url: '(none)', table: '(all)', detail } });
      keepPreviousNodes(args, options.tables);
      return;
    }
    reporter.warn(embeddedWarning(options));
  }

  const results: QueryRows[] = [];
  const warnings: string[] = [];
  let prefixes: string[] = [];
  let revision: string | null = null;
  let driver: Driver | undefined;
  let label = '';
  try {
    driver = await connect(options);
    label = driver.label;
    if (options.revision) revision = checkedRevision(options.revision, await driver.revision(options.revision), label);
    for (const spec of options.tables) {
      for (const filter of spec.queries) {
        const table = describeQuery(spec, filter);
        const normalized = normalize(spec, await driver.read(spec, filter), { url: label, table });
        results.push({ spec, rows: normalized.rows });
        warnings.push(...normalized.warnings);
      }
    }
    if (hasPictures(options)) prefixes = await picturePrefixes(options, driver);
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
  const fileIds = await sourcePictures(args, options, results, prefixes);
  const counts = await replaceNodes(args, options.tables, results, fileIds);
  if (revision !== null) await createRevisionNode(args, revision);
  reporter.info(`${PLUGIN_NAME}: ${counts}${revision === null ? '' : `, revision ${revision}`} from ${label}`);
}

function checkedRevision(spec: RevisionSpec, body: unknown, url: string): string {
  const revision = revisionOf(body);
  if (revision !== null) return revision;
  const shown = JSON.stringify(body) ?? String(body);
  throw new SourceFailure(ERROR_CODES.BadRevision, {
    url,
    table: describeRevision(spec),
    detail: `expected a number or a short text, got ${shown.length > 100 ? `${shown.slice(0, 97)}...` : shown}`,
  });
}

/** The revision as one node of a type of its own; its id never changes, so a new build replaces it. */
async function createRevisionNode({ actions, createNodeId, createContentDigest }: SourceArgs, revision: string): Promise<void> {
  await actions.createNode({
    revision,
    id: createNodeId(REVISION_NODE_TYPE),
    parent: null,
    children: [],
    internal: { type: REVISION_NODE_TYPE, contentDigest: createContentDigest({ revision }) },
  });
}

const hasPictures = (options: SupabaseContentOptions) => options.tables.some((spec) => spec.columns.some((column) => column.remoteImage));

/**
 * Where this build may download pictures from: the option's prefixes and its function's answer,
 * or without the option the project's public Storage. A function that answers something else fails
 * the build, as a bad revision does: building with no picture would hide every photo unnoticed.
 */
async function picturePrefixes(options: SupabaseContentOptions, driver: Driver): Promise<string[]> {
  const sources = options.remoteImages?.sources;
  if (!sources) return defaultPictureSources(remoteSettings(options)?.url);
  const prefixes = [...(sources.prefixes ?? [])];
  if (sources.function) {
    const body = await driver.pictureSources(sources.function);
    const answered = picturePrefixesOf(body);
    if (!answered) {
      const shown = JSON.stringify(body) ?? String(body);
      throw new SourceFailure(ERROR_CODES.BadPictureSources, {
        url: driver.label,
        table: describePictureSources(sources.function),
        detail: `expected an array of http(s) URLs ending in "/", got ${shown.length > 100 ? `${shown.slice(0, 97)}...` : shown}`,
      });
    }
    prefixes.push(...answered);
  }
  return prefixes;
}

/**
 * Downloads (or takes from the cache) the pictures of `remoteImage` columns that the site's sources
 * allow and makes each a File node, owned by gatsby-source-filesystem as Gatsby expects of File
 * nodes. Returns the File node id of each URL; a picture that could not be used is only a warning.
 */
async function sourcePictures(
  args: SourceArgs,
  options: SupabaseContentOptions,
  results: QueryRows[],
  prefixes: readonly string[],
): Promise<Map<string, string>> {
  const fileIds = new Map<string, string>();
  if (!hasPictures(options)) return fileIds;
  const uses: PictureUse[] = [];
  for (const { spec, rows } of results) {
    for (const column of spec.columns) {
      if (!column.remoteImage) continue;
      for (const row of rows) {
        const url = row[column.name];
        if (isRemotePicture(url)) uses.push({ url, where: `${spec.table} row ${row.id}, "${column.name}"` });
      }
    }
  }
  const warn = (message: string) => {
    args.reporter.warn(`${PLUGIN_NAME}: ${message}`);
  };
  const fetched = await fetchPictures(uses, args.cache, pictureLimits(options), warn, pictureSourceRule(prefixes));
  for (const [url, file] of fetched.files) {
    const node = await createFileNode(file, args.createNodeId);
    node.url = url;
    node.internal.description = `File "${url}"`;
    await args.actions.createNode(node, { name: 'gatsby-source-filesystem' });
    fileIds.set(url, node.id);
  }
  if (uses.length > 0) {
    args.reporter.info(
      `${PLUGIN_NAME}: pictures: ${fetched.downloaded} downloaded, ${fetched.fromCache} from the cache, ${fetched.failed} not used`,
    );
  }
  return fileIds;
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
async function replaceNodes(
  args: SourceArgs,
  tables: readonly TableSpec[],
  results: QueryRows[],
  fileIds: ReadonlyMap<string, string>,
): Promise<string> {
  const { actions, getNodesByType } = args;
  const fresh = new Set<string>();
  const counts = new Map<string, number>(tables.map((spec) => [spec.nodeType, 0]));
  for (const { spec, rows } of results) {
    for (const [position, row] of rows.entries()) {
      const node = buildNode(spec, row, position, args, fileIds);
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

/** After a failure under `gatsby develop`, keep the last good content (and its revision) rather than an empty page. */
function keepPreviousNodes({ actions, getNodesByType }: SourceArgs, tables: readonly TableSpec[]): void {
  for (const type of [...tables.map((spec) => spec.nodeType), REVISION_NODE_TYPE]) {
    for (const node of getNodesByType(type)) actions.touchNode(node);
  }
}

export const sourceNodes: NonNullable<GatsbyNode['sourceNodes']> = (args, options) =>
  sourceContent(args, options as PluginOptionsWithContent);
