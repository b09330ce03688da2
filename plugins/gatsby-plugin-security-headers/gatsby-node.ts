import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { GatsbyNode, PluginOptions } from 'gatsby';
import { deferScripts } from './src/defer-scripts';
import { contentSecurityPolicy, headersFile, inlineScriptHashes, insertPolicyMeta, originOf, servedPath } from './src/headers';

interface SecurityHeadersOptions extends PluginOptions {
  connectSrc: string[];
  scriptSrc: string[];
  imgSrc: string[];
  frameSrc: string[];
  ownScriptsOnly: string[];
  deferScripts: boolean;
}

export const pluginOptionsSchema: GatsbyNode['pluginOptionsSchema'] = ({ Joi }) =>
  Joi.object({
    connectSrc: Joi.array().items(Joi.string()).default([]),
    scriptSrc: Joi.array().items(Joi.string()).default([]),
    imgSrc: Joi.array().items(Joi.string()).default([]),
    frameSrc: Joi.array().items(Joi.string()).default([]),
    // Paths (a page's, or the start of several) whose pages load scripts and frames from the site
    // alone, whatever scriptSrc and frameSrc allow elsewhere: pages where a signed-in session lives.
    ownScriptsOnly: Joi.array().items(Joi.string().pattern(/^\//)).default([]),
    // The loader is an inline script, so the policy must hash the HTML as it is finally written:
    // that is why this plugin, and not one of its own, finishes the HTML.
    deferScripts: Joi.boolean().default(false),
  });

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'static' || entry.name === 'page-data' ? [] : htmlFiles(full);
      return entry.name.endsWith('.html') ? [full] : [];
    }),
  );
  return nested.flat();
}

// Gatsby types its store loosely (`getState: Function`); this is the one part of the state read here.
interface BuildState {
  program: { directory: string };
}

const originsOf = (urls: string[]) => urls.map(originOf).filter((o): o is string => o !== null);

// After the HTML exists: optionally defer its bundles, then give each page its own policy in a meta
// element, allowing exactly that page's inline scripts; the hosts' headers carry the rest.
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ store, reporter }, options) => {
  const { connectSrc, scriptSrc, imgSrc, frameSrc, ownScriptsOnly, deferScripts: defer } = options as SecurityHeadersOptions;
  const { program } = (store.getState as () => BuildState)();
  const publicDir = path.join(program.directory, 'public');
  const pages = await htmlFiles(publicDir);
  const origins = {
    connectOrigins: originsOf(connectSrc),
    scriptOrigins: originsOf(scriptSrc),
    imageOrigins: originsOf(imgSrc),
    frameOrigins: originsOf(frameSrc),
  };
  const ownOrigins = { ...origins, scriptOrigins: [], frameOrigins: [] };
  const ownOnly = (file: string) => {
    const served = servedPath(path.relative(publicDir, file).split(path.sep).join('/'));
    return ownScriptsOnly.some((start) => served.startsWith(start));
  };
  const hashes = new Set<string>();
  let documents = 0;
  for (const file of pages) {
    let html = await fs.readFile(file, 'utf8');
    if (defer) html = deferScripts(html);
    // Gatsby's slices (public/_gatsby/slices) are fragments it stitches into pages: they get the
    // same deferral, and the pages holding them get the policy.
    if (/<head\b/i.test(html)) {
      // Hashed last: the loader that deferScripts writes is an inline script too.
      const pageHashes = inlineScriptHashes(html);
      for (const hash of pageHashes) hashes.add(hash);
      html = insertPolicyMeta(html, contentSecurityPolicy(pageHashes, ownOnly(file) ? ownOrigins : origins));
      documents += 1;
    }
    await fs.writeFile(file, html);
  }
  await fs.writeFile(path.join(publicDir, '_headers'), headersFile());
  const pagesWritten = `${documents} ${documents === 1 ? 'page' : 'pages'}`;
  reporter.info(
    `security headers: a Content-Security-Policy meta element in ${pagesWritten} (${hashes.size} inline script hashes), ` +
      `public/_headers for Netlify and Cloudflare Pages${defer ? ', bundles deferred past the first paint' : ''}`,
  );
};
