// Serves a built Gatsby site from a folder the way `gatsby serve` does (gzip, directory index,
// 404.html), for `npm run serve`, the browser tests and the bench, which serve several builds side
// by side: `gatsby serve` only ever serves ./public, which the next build overwrites. It sends the
// site's response headers as one of the hosts would (docs/hosting.md):
//   '_headers' — the build's public/_headers, as Netlify and Cloudflare Pages read it (the default);
//   'vercel'   — the `headers` of the repository's vercel.json, as Vercel reads them;
//   'none'     — none at all, as a plain static host: the page's own meta policy must then hold.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { pathToRegexp } from 'path-to-regexp';

const REPO_ROOT = path.join(__dirname, '..', '..');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest)|image\/svg)/;

/** A response served at a fixed path instead of a file. */
export interface FixedRoute {
  type: string;
  body: string;
}

// Vercel answers /_vercel/insights/script.js itself on its deployments (Web Analytics); a Vercel
// build (VERCEL=1) loads it. Served as Vercel, this stand-in answers it and counts page views.
export const VERCEL_ROUTES: Record<string, FixedRoute> = {
  '/_vercel/insights/script.js': {
    type: 'application/javascript; charset=utf-8',
    body: 'window.__analyticsPageViews = (window.__analyticsPageViews || 0) + 1;\n',
  },
};

export interface StaticServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export type HeaderMode = '_headers' | 'vercel' | 'none';

export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

/** Netlify's `_headers` format: a path pattern (`*` matches anything), then indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules[rules.length - 1];
    if (rule && colon > 0) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** vercel.json's `headers`: `source` patterns in path-to-regexp 6 syntax, the version Vercel documents. */
export function parseVercelHeaders(json: string): HeaderRule[] {
  type VercelRule = { source: string; headers: { key: string; value: string }[] };
  const { headers = [] } = JSON.parse(json) as { headers?: VercelRule[] };
  return headers.map((rule) => ({
    pattern: pathToRegexp(rule.source),
    headers: rule.headers.map(({ key, value }) => [key, value] as [string, string]),
  }));
}

/**
 * The headers the rules give a path. A header that one rule sets twice gets its values joined with
 * commas; one that several matching rules set takes the last rule's value, the most specific of
 * the site's rules (Netlify serves the most specific rule's value, Vercel the last rule's). The
 * site's rules overlap only where a path's own rule overrides the framing headers.
 */
export function headersForPath(rules: HeaderRule[], urlPath: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!rule.pattern.test(urlPath)) continue;
    const own: Record<string, string> = {};
    for (const [name, value] of rule.headers) own[name] = own[name] === undefined ? value : `${own[name]}, ${value}`;
    Object.assign(headers, own);
  }
  return headers;
}

async function headerRules(root: string, mode: HeaderMode): Promise<HeaderRule[]> {
  if (mode === 'none') return [];
  if (mode === 'vercel') return parseVercelHeaders(await fs.readFile(path.join(REPO_ROOT, 'vercel.json'), 'utf8'));
  return parseHeadersFile(await fs.readFile(path.join(root, '_headers'), 'utf8').catch(() => ''));
}

async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  const decoded = decodeURIComponent(urlPath);
  const candidate = path.normalize(path.join(root, decoded));
  // Refuse `..` escapes out of the site folder.
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return null;
  for (const file of [candidate, path.join(candidate, 'index.html')]) {
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile()) return file;
  }
  return null;
}

export interface ServeOptions {
  port?: number;
  /** Whose response headers to send (see the top of this file). */
  headers?: HeaderMode;
  /** Paths the host itself answers, such as its analytics script; by default Vercel's, served as Vercel. */
  routes?: Record<string, FixedRoute>;
}

export async function startStaticServer(
  root: string,
  { port = 0, headers: mode = '_headers', routes = mode === 'vercel' ? VERCEL_ROUTES : {} }: ServeOptions = {},
): Promise<StaticServer> {
  const absRoot = path.resolve(root);
  const rules = await headerRules(absRoot, mode);
  const respond = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
      const fixed = routes[urlPath];
      if (fixed) {
        res.writeHead(200, { 'Content-Type': fixed.type, 'Cache-Control': 'public, max-age=0' });
        res.end(req.method === 'HEAD' ? undefined : fixed.body);
        return;
      }
      let file = await resolveFile(absRoot, urlPath);
      let status = 200;
      if (!file) {
        status = 404;
        file = await resolveFile(absRoot, '/404.html');
        if (!file) {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
          return;
        }
      }
      const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
      // Gatsby content-hashes everything under /static and the JS/CSS chunks; HTML and page
      // data must be revalidated (Gatsby's caching guide).
      const immutable = /^\/static\//.test(urlPath) || /-[0-9a-f]{8,}\.(js|css)$/.test(urlPath);
      const headers: Record<string, string> = {
        'Content-Type': type,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      };
      const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      Object.assign(headers, headersForPath(rules, urlPath));
      if (gzip) {
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      } else {
        headers['Content-Length'] = String((await fs.stat(file)).size);
      }
      res.writeHead(status, headers);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const stream = createReadStream(file);
      (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
    }
  };
  // respond answers every failure with a 500 itself, so the server has nothing to wait for.
  const server: Server = createServer((req, res) => void respond(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
