// A small stand-in for the part of Gatsby's Node API that sourceNodes uses: a node store, the
// reporter with a registered error map (messages are rendered as Gatsby renders them), and the
// id and digest helpers.
import { createHash } from 'node:crypto';
import type { Node, NodeInput } from 'gatsby';
import type { SourceArgs } from '../../../plugins/gatsby-source-supabase-content/src/source-nodes';

const createContentDigest = (input: unknown) =>
  createHash('md5')
    .update(typeof input === 'string' ? input : JSON.stringify(input))
    .digest('hex');

type ErrorMapEntry = { text: (context: unknown) => string };

export interface ReportedError {
  id: string;
  text: string;
}

export function fakeGatsby() {
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
    createNode(input: NodeInput) {
      if (!input.id || !input.internal.type || !input.internal.contentDigest) {
        throw new Error(`invalid node ${JSON.stringify(input)}`);
      }
      const node = {
        ...input,
        internal: { ...input.internal, owner: 'gatsby-source-supabase-content' },
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
    reporter,
    createContentDigest,
    createNodeId: (input: string) => `node-${createContentDigest(input)}`,
    getNodesByType: (type: string) => [...nodes.values()].filter((node) => node.internal.type === type),
  };

  return {
    // The plugin only calls what is faked here; the cast stands in for the rest of Gatsby's API.
    args: args as unknown as SourceArgs,
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
    /** Starts a new sourcing pass, as a second run or a /__refresh would. */
    resetPass() {
      touched.clear();
      warnings.length = 0;
      infos.length = 0;
      errors.length = 0;
    },
  };
}
