import type { GatsbyNode } from 'gatsby';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deploySettings } from './src/build-time/deploy-settings';
import { privacySettings } from './src/build-time/privacy-settings';
import { buildEnv } from './src/lib/environment';
import { SITEMAP_FILE, robotsTxt, sitemapXml } from './src/build-time/sitemap';
import type { Dictionary } from './src/content/dictionary';
import { EN } from './src/content/dictionaries/en';
import { INDONESIAN } from './src/content/dictionaries/id';
import { ACTION_PAGE_TEXT } from './src/content/dictionaries/act';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_PAGES, type Language } from './src/content/languages';
import type { ActionPageContext } from './src/pages/act/index';
import { PRIVACY_WRITERS } from './src/content/privacy';
import type { LandingPageContext } from './src/templates/landing-page';
import type { PrivacyPageContext } from './src/templates/privacy-page';

// Once per build, in the main process (gatsby-config.ts may be evaluated more than once): a build
// that would publish a wrong address stops before any work, and the log says where the address and
// the analytics script come from.
export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  const { notes, errors } = deploySettings(buildEnv());
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

const DICTIONARIES: Readonly<Record<Language, Dictionary>> = { en: EN, id: INDONESIAN };

// One page component, one page per language. The dictionary travels in the page context (the
// page's data file), not in the component's JavaScript: each page loads only its own language's words.
// So does each privacy notice, written for this build's settings (who processes what).
export const createPages: GatsbyNode['createPages'] = ({ actions }) => {
  const privacy = privacySettings(buildEnv());
  const { siteUrl } = deploySettings(buildEnv());
  for (const language of LANGUAGES) {
    actions.createPage<LandingPageContext>({
      path: LANGUAGE_PAGES[language].path,
      component: path.resolve(__dirname, 'src/templates/landing-page.tsx'),
      context: { language, dictionary: DICTIONARIES[language] },
    });
    actions.createPage<PrivacyPageContext>({
      path: LANGUAGE_PAGES[language].privacyPath,
      component: path.resolve(__dirname, 'src/templates/privacy-page.tsx'),
      context: { language, siteUrl, privacy: PRIVACY_WRITERS[language](privacy) },
    });
  }
};

// The editors' preview shows the landing page's sections in English, given like the landing pages'.
// The team's action page, once per language (/act/, /id/act/: what the requester's language would
// be is the team's choice; the email links to /act/), each with its own words only.
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  if (page.path === '/act/' && !page.context?.text) {
    actions.deletePage(page);
    for (const language of LANGUAGES) {
      const context: ActionPageContext = { language, text: ACTION_PAGE_TEXT[language] };
      actions.createPage({ ...page, path: `${LANGUAGE_PAGES[language].path}act/`, context });
    }
    return;
  }
  if (page.path !== '/preview/' || page.context?.dictionary) return;
  actions.deletePage(page);
  actions.createPage({ ...page, context: { ...page.context, language: DEFAULT_LANGUAGE, dictionary: DICTIONARIES[DEFAULT_LANGUAGE] } });
};

export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ store }) => {
  // Gatsby types the store loosely; the site's folder is where public/ is written.
  const { program } = (store.getState as () => { program: { directory: string } })();
  const { siteUrl } = deploySettings(buildEnv());
  const publicDir = path.join(program.directory, 'public');
  await writeFile(path.join(publicDir, SITEMAP_FILE), sitemapXml(siteUrl));
  await writeFile(path.join(publicDir, 'robots.txt'), robotsTxt(siteUrl));
};
