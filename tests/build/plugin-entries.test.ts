// The site uses the source plugin as any site would: through the entries its package declares,
// never by a path into the plugin's own files. The browser's code reaches only the browser-safe
// entry, so no Node or database code can end up in the page's bundles.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/database';

const PLUGIN = 'gatsby-source-supabase-content';
const PLUGIN_DIR = path.join(REPO_ROOT, 'plugins', PLUGIN);

/** The site's code files under `folder`, as paths from the repository's root. */
function codeFiles(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(tsx?|m?js|cjs)$/.test(name) && !name.split(path.sep).includes('node_modules'))
    .map((name) => path.join(folder, name));
}

/** Every module specifier a file names in an import, export, require() or import(). */
function specifiers(file: string): string[] {
  const source = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  return [...source.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');
}

const siteFiles = [
  ...['src', 'scripts', 'tests'].flatMap(codeFiles),
  ...readdirSync(REPO_ROOT).filter((name) => /^gatsby-.+\.tsx?$/.test(name)),
];

test("the site's browser code reads the plugin only through its browser entry", () => {
  const sources = codeFiles('src');
  expect(sources.length).toBeGreaterThan(10);
  const reaching = sources.filter((file) =>
    specifiers(file).some((specifier) => specifier.startsWith(PLUGIN) && specifier !== `${PLUGIN}/browser`),
  );
  expect(reaching).toEqual([]);
});

test('nothing outside the plugin imports its src/ or an entry its package does not declare', () => {
  const { exports } = JSON.parse(readFileSync(path.join(PLUGIN_DIR, 'package.json'), 'utf8')) as { exports: Record<string, string> };
  expect(siteFiles.length).toBeGreaterThan(100);
  const wrong = siteFiles.flatMap((file) =>
    specifiers(file)
      .filter((specifier) => {
        if (specifier.startsWith(`${PLUGIN}/`) || specifier === PLUGIN) return !(`.${specifier.slice(PLUGIN.length)}` in exports);
        const target = specifier.startsWith('.') ? path.resolve(REPO_ROOT, path.dirname(file), specifier) : '';
        return target.startsWith(path.join(PLUGIN_DIR, 'src') + path.sep);
      })
      .map((specifier) => `${file}: ${specifier}`),
  );
  expect(wrong).toEqual([]);
});
