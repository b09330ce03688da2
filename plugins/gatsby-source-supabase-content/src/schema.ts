import type { GatsbyNode } from 'gatsby';
import { ROW_ID_FIELD, ROW_POSITION_FIELD, fileField, type TableSpec } from './model';
import type { PluginOptionsWithContent } from './options';
import { REVISION_NODE_TYPE } from './revision';

/**
 * Explicit types with @dontInfer: the page query must work when a table is empty (inference
 * would not know the type at all) and must not change shape because of what one row contains.
 * Only required columns are non-null: any other column may be empty in a row. A `remoteImage`
 * column adds the link to its downloaded file (File is one of Gatsby's own types), null when the row
 * has no usable picture.
 */
export function typeDefinition(spec: TableSpec): string {
  const fields = [
    `${ROW_ID_FIELD}: String!`,
    `${ROW_POSITION_FIELD}: Int!`,
    ...spec.columns.flatMap((column) => [
      `${column.name}: ${column.type}${column.required ? '!' : ''}`,
      ...(column.remoteImage ? [`${fileField(column)}: File @link`] : []),
    ]),
  ];
  return `type ${spec.nodeType} implements Node @dontInfer {\n  ${fields.join('\n  ')}\n}`;
}

/** The revision the build read, as text whatever its type in the database (a bigint exceeds GraphQL's Int). */
export const REVISION_TYPE_DEFINITION = `type ${REVISION_NODE_TYPE} implements Node @dontInfer {\n  revision: String!\n}`;

export const createSchemaCustomization: NonNullable<GatsbyNode['createSchemaCustomization']> = ({ actions }, options) => {
  const { tables, revision } = options as PluginOptionsWithContent;
  actions.createTypes([...tables.map(typeDefinition), ...(revision ? [REVISION_TYPE_DEFINITION] : [])].join('\n\n'));
};
