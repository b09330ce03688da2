import type { NodeInput, SourceNodesArgs } from 'gatsby';
import { ROW_ID_COLUMN, ROW_ID_FIELD, type TableSpec } from './tables';
import type { Row } from './rows';

export type NodeHelpers = Pick<SourceNodesArgs, 'createNodeId' | 'createContentDigest'>;

/**
 * One row as a Gatsby node. The node id is derived from the type and the row's uuid, so a row
 * keeps its node across rebuilds and only a real change of content changes the digest.
 */
export function buildNode(spec: TableSpec, row: Row, helpers: NodeHelpers): NodeInput {
  const fields: Record<string, string | number | null> = { [ROW_ID_FIELD]: row[ROW_ID_COLUMN] };
  for (const column of spec.columns) fields[column.name] = row[column.name] ?? null;
  return {
    ...fields,
    id: helpers.createNodeId(`${spec.nodeType}-${row[ROW_ID_COLUMN]}`),
    parent: null,
    children: [],
    internal: { type: spec.nodeType, contentDigest: helpers.createContentDigest(fields) },
  };
}
