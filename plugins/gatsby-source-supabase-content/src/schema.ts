import type { GatsbyNode } from 'gatsby';
import { ROW_ID_FIELD, TABLES, type TableSpec } from './tables';

/**
 * Explicit types with @dontInfer: the page query must work when a table is empty (inference
 * would not know the type at all) and must not change shape because of what one row contains.
 */
export function typeDefinition(spec: TableSpec): string {
  const fields = [
    `${ROW_ID_FIELD}: String!`,
    ...spec.columns.map((column) => `${column.name}: ${column.type}${column.nullable ? '' : '!'}`),
  ];
  return `type ${spec.nodeType} implements Node @dontInfer {\n  ${fields.join('\n  ')}\n}`;
}

export const createSchemaCustomization: NonNullable<GatsbyNode['createSchemaCustomization']> = ({ actions }) => {
  actions.createTypes(TABLES.map(typeDefinition).join('\n\n'));
};
