import type { GatsbyNode } from 'gatsby';
import { ROW_ID_FIELD, ROW_POSITION_FIELD, type TableSpec } from './model';
import type { PluginOptionsWithContent } from './options';

/**
 * Explicit types with @dontInfer: the page query must work when a table is empty (inference
 * would not know the type at all) and must not change shape because of what one row contains.
 * Only required columns are non-null: any other column may be empty in a row.
 */
export function typeDefinition(spec: TableSpec): string {
  const fields = [
    `${ROW_ID_FIELD}: String!`,
    `${ROW_POSITION_FIELD}: Int!`,
    ...spec.columns.map((column) => `${column.name}: ${column.type}${column.required ? '!' : ''}`),
  ];
  return `type ${spec.nodeType} implements Node @dontInfer {\n  ${fields.join('\n  ')}\n}`;
}

export const createSchemaCustomization: NonNullable<GatsbyNode['createSchemaCustomization']> = ({ actions }, options) => {
  actions.createTypes((options as PluginOptionsWithContent).tables.map(typeDefinition).join('\n\n'));
};
