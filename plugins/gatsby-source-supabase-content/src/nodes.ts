import type { NodeInput, SourceNodesArgs } from 'gatsby';
import { ROW_ID_FIELD, ROW_POSITION_FIELD, fileField, type TableSpec } from './model';
import type { CellValue, PublishedRow } from './rows';

export type NodeHelpers = Pick<SourceNodesArgs, 'createNodeId' | 'createContentDigest'>;

/**
 * One published row as a Gatsby node. The node id is derived from the type and the row's id, so a
 * row keeps its node across rebuilds and only a real change of content changes the digest. The
 * position carries the published order into GraphQL, where the order column alone could not
 * (nulls, ties). `fileIds` holds the File node of each picture URL the build could use.
 */
export function buildNode(
  spec: TableSpec,
  row: PublishedRow,
  position: number,
  helpers: NodeHelpers,
  fileIds: ReadonlyMap<string, string> = new Map(),
): NodeInput {
  const fields: Record<string, CellValue> = { [ROW_ID_FIELD]: row.id, [ROW_POSITION_FIELD]: position };
  for (const column of spec.columns) {
    const value = row[column.name] ?? null;
    fields[column.name] = value;
    if (column.remoteImage) fields[fileField(column)] = (typeof value === 'string' && fileIds.get(value)) || null;
  }
  return {
    ...fields,
    id: helpers.createNodeId(`${spec.nodeType}-${row.id}`),
    parent: null,
    children: [],
    internal: { type: spec.nodeType, contentDigest: helpers.createContentDigest(fields) },
  };
}
