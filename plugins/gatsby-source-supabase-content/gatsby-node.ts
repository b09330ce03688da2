// Gatsby compiles a local plugin's gatsby-node.ts (with the modules it imports) into
// .cache/compiled/plugins/<name>/gatsby-node.js; packages stay external and load from node_modules.
export { onPluginInit } from './src/on-plugin-init';
export { pluginOptionsSchema } from './src/options';
export { createSchemaCustomization } from './src/schema';
export { sourceNodes } from './src/source-nodes';
export type { SupabaseContentOptions, Wording } from './src/options';
