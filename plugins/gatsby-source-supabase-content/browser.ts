// The plugin's browser-safe entry: what a site needs to read the same published rows in the
// browser as the build did (the content model types, the query, the row normalisation), and to ask
// for the revision first. Nothing
// reachable from here uses Node, Gatsby's Node APIs or PGlite (tests/browser-entry.test.ts).
export {
  ROW_ID_FIELD,
  ROW_POSITION_FIELD,
  describeQuery,
  isRemotePicture,
  restBase,
  type ColumnSpec,
  type GraphQLScalar,
  type QueryFilter,
  type RowOf,
  type TableSpec,
} from './src/model';
export type { PictureSourcesSpec } from './src/picture-sources';
export { publishedRequest } from './src/query';
export { REVISION_NODE_TYPE, revisionOf, revisionUrl, type RevisionSpec } from './src/revision';
export { NotARowList, normalizeRows, type CellValue, type NormalizedRows, type PublishedRow } from './src/rows';
