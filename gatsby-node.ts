import type { GatsbyNode } from 'gatsby';
import { deploySettings } from './src/build/deploy-settings';

// Once per build, in the main process (gatsby-config.ts may be evaluated more than once): a build
// that would publish a wrong address stops before any work, and the log says where the address and
// the analytics script come from.
export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  const { notes, errors } = deploySettings(process.env);
  if (errors.length > 0) reporter.panic(errors.join('\n'));
  for (const note of notes) reporter.info(note);
};

// siteMetadata.analyticsSrc is null on most builds, and Gatsby infers no type from a null value.
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes('type SiteSiteMetadata { analyticsSrc: String }');
};

// Gatsby puts every module that two lazy chunks share into one `commons` chunk (its threshold is the
// number of page components, and this site has one). Here that joined what the idle-time refresh
// needs (postgrest-js, shared with the modal's supabase-js) and the modal's animation code (shared
// with the refresh's list items), so the refresh fetched 40 KB (gzip) where it needed 13. Without
// that group, Gatsby's own `shared` group splits such modules by the chunks that share them.
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, getConfig, actions }) => {
  if (stage !== 'build-javascript') return;
  // Gatsby types getConfig as a bare Function.
  const readConfig = getConfig as () => { optimization?: { splitChunks?: { cacheGroups?: Record<string, unknown> } } };
  const config = readConfig();
  const cacheGroups = config.optimization?.splitChunks?.cacheGroups;
  if (!cacheGroups?.commons) return;
  cacheGroups.commons = false;
  actions.replaceWebpackConfig(config);
};
