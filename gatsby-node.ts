import type { GatsbyNode } from 'gatsby';
import { deploySettings } from './src/content/site';

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
