// The plugin's embedded-database entry (Node only): opens PGlite with a project's bootstrap,
// migrations and seed (or runs SQL files on one already open), and runs queries as one of
// Supabase's API roles. The build's embedded driver uses it; so do tools and tests that need the
// same database without going through Gatsby.
export {
  openEmbeddedDatabase,
  openScriptedDatabase,
  prepareSnapshot,
  runScripts,
  snapshotFile,
  withRole,
  type EmbeddedPaths,
  type EmbeddedRole,
  type OpenOptions,
} from './src/embedded-db.ts';
