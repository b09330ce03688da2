import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { GatsbyNode, PluginOptions } from 'gatsby';
import { deferScripts } from './src/defer-scripts';
import { contentSecurityPolicy, headersFile, inlineScriptHashes, originOf } from './src/headers';

interface SecurityHeadersOptions extends PluginOptions {
  connectSrc: string[];
  scriptSrc: string[];
  imgSrc: string[];
  deferScripts: boolean;
}

export const pluginOptionsSchema: GatsbyNode['pluginOptionsSchema'] = ({ Joi }) =>
  Joi.object({
    connectSrc: Joi.array().items(Joi.string()).default([]),
    scriptSrc: Joi.array().items(Joi.string()).default([]),
    imgSrc: Joi.array().items(Joi.string()).default([]),
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

const origins = (urls: string[]) => urls.map(originOf).filter((o): o is string => o !== null);

// After the HTML exists: optionally defer its bundles, then one policy for the whole site, allowing
// every page's inline scripts.
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ store, reporter }, options) => {
  const { connectSrc, scriptSrc, imgSrc, deferScripts: defer } = options as SecurityHeadersOptions;
  const { program } = (store.getState as () => BuildState)();
  const publicDir = path.join(program.directory, 'public');
  const pages = await htmlFiles(publicDir);
  const hashes = new Set<string>();
  for (const file of pages) {
    let html = await fs.readFile(file, 'utf8');
    if (defer) {
      html = deferScripts(html);
      await fs.writeFile(file, html);
    }
    for (const hash of inlineScriptHashes(html)) hashes.add(hash);
  }
  const csp = contentSecurityPolicy([...hashes].sort(), {
    connectOrigins: origins(connectSrc),
    scriptOrigins: origins(scriptSrc),
    imageOrigins: origins(imgSrc),
  });
  await fs.writeFile(path.join(publicDir, '_headers'), headersFile(csp));
  reporter.info(
    `security headers: public/_headers with ${hashes.size} inline script hashes from ${pages.length} pages${defer ? ', bundles deferred past the first paint' : ''}`,
  );
};
