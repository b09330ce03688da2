// A small stand-in for the part of Gatsby's Node API that sourceNodes uses: a node store, the
// reporter with a registered error map (messages are rendered as Gatsby renders them), and the
// id and digest helpers. The plugin's tests and a site's tests of its content model source
// through it (the `testing` entry), so neither needs a Gatsby build to see the nodes.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Node, NodeInput } from 'gatsby';
import { onPluginInit } from './on-plugin-init';
import type { SupabaseContentOptions } from './options';
import { sourceContent, type SourceArgs } from './source-nodes';

const createContentDigest = (input: unknown) =>
  createHash('md5')
    .update(typeof input === 'string' ? input : JSON.stringify(input))
    .digest('hex');

type ErrorMapEntry = { text: (context: unknown) => string };

export interface ReportedError {
  id: string;
  text: string;
}

const folders: string[] = [];

/** Deletes the folders of the fake caches made so far: call it after the tests, e.g. `afterAll(removeFakeCacheFolders)`. */
export async function removeFakeCacheFolders(): Promise<void> {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
}

/**
 * The plugin's cache (GatsbyCache): values kept as Gatsby persists them (serialised), and a folder
 * of its own for files, made on first use in the system's temporary folder (removeFakeCacheFolders
 * deletes them). Hand the same one to a second fakeGatsby to play the next build with a warm cache.
 */
export function fakeCache() {
  const entries = new Map<string, string>();
  let directory: string | undefined;
  return {
    get directory(): string {
      if (!directory) {
        directory = mkdtempSync(path.join(tmpdir(), 'fake-gatsby-cache-'));
        folders.push(directory);
      }
      return directory;
    },
    get: (key: string): Promise<unknown> => {
      const value = entries.get(key);
      return Promise.resolve(value === undefined ? undefined : JSON.parse(value));
    },
    set: <T>(key: string, value: T): Promise<T> => {
      entries.set(key, JSON.stringify(value));
      return Promise.resolve(value);
    },
  };
}

export type FakeCache = ReturnType<typeof fakeCache>;

export type FakeGatsby = ReturnType<typeof fakeGatsby>;

export function fakeGatsby({ cache = fakeCache() }: { cache?: FakeCache } = {}) {
  const nodes = new Map<string, Node>();
  const touched = new Set<string>();
  const warnings: string[] = [];
  const infos: string[] = [];
  const errors: ReportedError[] = [];
  let errorMap: Record<string, ErrorMapEntry> = {};

  const reporter = {
    setErrorMap(entries: Record<string, ErrorMapEntry>) {
      errorMap = { ...errorMap, ...entries };
    },
    warn: (text: string) => void warnings.push(text),
    info: (text: string) => void infos.push(text),
    // Under `gatsby build` this exits the process; like `gatsby develop`, the fake returns.
    panicOnBuild(meta: { id: string; context: unknown }) {
      const entry = errorMap[meta.id];
      if (!entry) throw new Error(`error id ${meta.id} is not in the registered error map`);
      errors.push({ id: meta.id, text: entry.text(meta.context) });
    },
  };

  const actions = {
    // Gatsby lets a plugin create a node in another plugin's name (File nodes belong to
    // gatsby-source-filesystem); the owner records it.
    createNode(input: NodeInput, plugin?: { name: string }) {
      if (!input.id || !input.internal.type || !input.internal.contentDigest) {
        throw new Error(`invalid node ${JSON.stringify(input)}`);
      }
      const node = {
        ...input,
        internal: { ...input.internal, owner: plugin?.name ?? 'gatsby-source-supabase-content' },
      } as Node;
      nodes.set(node.id, node);
      touched.add(node.id);
    },
    deleteNode(node: Node) {
      nodes.delete(node.id);
    },
    touchNode(node: Node) {
      touched.add(node.id);
    },
  };

  const args = {
    actions,
    cache,
    reporter,
    createContentDigest,
    createNodeId: (input: string) => `node-${createContentDigest(input)}`,
    getNodesByType: (type: string) => [...nodes.values()].filter((node) => node.internal.type === type),
  };

  return {
    // The plugin only calls what is faked here; the cast stands in for the rest of Gatsby's API.
    args: args as unknown as SourceArgs,
    cache,
    reporter,
    nodes,
    touched,
    warnings,
    infos,
    errors,
    /** Nodes of one type in creation order, as plain field objects. */
    ofType(type: string): Array<Record<string, unknown>> {
      return [...nodes.values()].filter((node) => node.internal.type === type);
    },
    /**
     * Initialises the plugin (its error map) and sources with these options, as `gatsby build`
     * does; a failure shows in `errors` instead of ending the process.
     */
    async source(options: SupabaseContentOptions): Promise<void> {
      // The hook reads only the reporter; the cast stands in for the rest of its arguments.
      await onPluginInit({ reporter } as never, { plugins: [] }, () => undefined);
      await sourceContent(args as unknown as SourceArgs, options);
    },
    /** Starts a new sourcing pass, as a second run or a /__refresh would. */
    resetPass() {
      touched.clear();
      warnings.length = 0;
      infos.length = 0;
      errors.length = 0;
    },
  };
}
