import { createHash } from 'node:crypto';

export interface HeaderOptions {
  /** Origins the page may fetch from besides itself, e.g. the Supabase project URL. */
  connectOrigins: string[];
  /** Origins the page may load scripts from besides itself, e.g. an analytics vendor. */
  scriptOrigins: string[];
  /** Origins the page may load pictures from besides itself, e.g. the Supabase project's storage. */
  imageOrigins?: string[];
  /** Origins the page may embed in frames, e.g. a challenge widget; none (default-src 'self') when empty. */
  frameOrigins?: string[];
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

// Gatsby writes a few inline scripts into every page (chunk map, page path, the image loader), and
// their text changes with each build. Allowing exactly those by hash keeps 'unsafe-inline' out of
// script-src, so an injected inline script cannot run.
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes].sort();
}

/** The origin of an absolute http(s) URL; null for a site-relative path or anything else. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The path a page is served at, from its file under public/ (`/` between folders): `edit/index.html` is `/edit/`. */
export function servedPath(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

export function contentSecurityPolicy(
  scriptHashes: string[],
  { connectOrigins, scriptOrigins, imageOrigins = [], frameOrigins = [] }: HeaderOptions,
): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...scriptOrigins]],
    // Gatsby inlines the critical CSS and React writes style attributes (image placeholders,
    // animations); styles cannot run code, so inline styles are allowed.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // data: for the blurred image placeholders. The build serves the editors' pictures from the site
    // itself; only a row changed since the build shows its picture from elsewhere, and the refresh
    // reads rows from the Supabase project, whose storage holds the editors' uploads.
    ['img-src', ["'self'", 'data:', ...imageOrigins]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...connectOrigins]],
    // Only where a widget needs it (Cloudflare Turnstile renders in a frame of its own origin).
    ...(frameOrigins.length > 0 ? [['frame-src', ["'self'", ...frameOrigins]] as [string, string[]]] : []),
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

// A <meta> policy cannot carry these (the CSP standard ignores them there, and Chromium logs a
// console message for each): they go into the hosts' response headers instead.
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox']);

const directives = (policy: string) =>
  policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
const directiveName = (directive: string) => directive.split(/\s+/, 1)[0]?.toLowerCase() ?? '';

/** The part of a policy a <meta http-equiv> element can carry. */
export function metaPolicy(policy: string): string {
  return directives(policy)
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.has(directiveName(directive)))
    .join('; ');
}

/** The part of a policy only a response header can carry. */
export function headerOnlyPolicy(policy: string): string {
  return directives(policy)
    .filter((directive) => HEADER_ONLY_DIRECTIVES.has(directiveName(directive)))
    .join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const CSP_META = /<meta http-equiv="Content-Security-Policy"[^>]*>/gi;
const CHARSET_META = /<meta charset="?[\w-]+"?\s*\/?>/i;

/**
 * The page with its policy in a <meta http-equiv> element, so that it holds on a host that sends no
 * headers. The policy covers only what the document parses after the element, so it goes before
 * every script, style and link: right after the charset declaration, which the HTML standard wants
 * within the first 1024 bytes (a long policy placed before it would push it out), or first in
 * <head> where there is none. A policy left by the previous build (Gatsby rewrites only the pages
 * whose data changed) is replaced, not repeated.
 */
export function insertPolicyMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(metaPolicy(policy))}"/>`;
  const page = html.replace(CSP_META, '');
  const after = CHARSET_META.exec(page) ?? /<head\b[^>]*>/i.exec(page);
  if (!after) throw new Error('no <head> to put the Content-Security-Policy meta element in');
  const at = after.index + after[0].length;
  return page.slice(0, at) + meta + page.slice(at);
}

/** One block of a host's header configuration: a path pattern and the headers for it. */
export interface HeaderRule {
  /** Netlify's and Cloudflare Pages' `_headers` pattern: `*` matches any characters. */
  path: string;
  /** The same pattern as vercel.json's `source` (path-to-regexp syntax). */
  source: string;
  headers: [name: string, value: string][];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Where the editors' preview lives: the editor page frames it, so it may be framed by the site itself. */
export const FRAMED_BY_SITE_PATH = '/preview/';

/**
 * The response headers every host sends, the same on Netlify, Cloudflare Pages (`_headers`) and
 * Vercel (vercel.json). They hold nothing of a particular build: the build's policy travels in its
 * pages, so these rules never go stale. The policy here is only what a meta element cannot carry.
 * No two rules that can match one file both set Cache-Control. The framing headers are the one
 * overlap: every page refuses to be framed, except under FRAMED_BY_SITE_PATH, whose later and more
 * specific rule allows the site's own pages to frame it (Netlify serves the most specific rule's
 * value of a header, Vercel the last matching rule's).
 */
export function hostHeaderRules(): HeaderRule[] {
  const headerPolicy = headerOnlyPolicy(contentSecurityPolicy([], { connectOrigins: [], scriptOrigins: [] }));
  return [
    {
      path: '/*',
      source: '/(.*)',
      headers: [
        ['Content-Security-Policy', headerPolicy],
        ['X-Content-Type-Options', 'nosniff'],
        ['X-Frame-Options', 'DENY'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
        ['Cross-Origin-Opener-Policy', 'same-origin'],
      ],
    },
    // Pages and page data keep their URL from build to build: always revalidated.
    { path: '/', source: '/', headers: [['Cache-Control', REVALIDATE]] },
    { path: '/*.html', source: '/(.*)\\.html', headers: [['Cache-Control', REVALIDATE]] },
    { path: '/page-data/*', source: '/page-data/(.*)', headers: [['Cache-Control', REVALIDATE]] },
    // Gatsby content-hashes everything under /static and its JS and CSS bundles (its caching
    // guide): a changed file gets a new name, so these may be kept for a year.
    { path: '/static/*', source: '/static/(.*)', headers: [['Cache-Control', IMMUTABLE]] },
    { path: '/*.js', source: '/(.*)\\.js', headers: [['Cache-Control', IMMUTABLE]] },
    { path: '/*.css', source: '/(.*)\\.css', headers: [['Cache-Control', IMMUTABLE]] },
    {
      path: `${FRAMED_BY_SITE_PATH}*`,
      source: `${FRAMED_BY_SITE_PATH}(.*)`,
      headers: [
        ['Content-Security-Policy', "frame-ancestors 'self'"],
        ['X-Frame-Options', 'SAMEORIGIN'],
      ],
    },
  ];
}

/** public/_headers, read by Netlify and Cloudflare Pages. */
export function headersFile(rules: HeaderRule[] = hostHeaderRules()): string {
  const lines = rules.flatMap((rule) => [rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)]);
  return `${lines.join('\n')}\n`;
}

export interface VercelHeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/** The `headers` of vercel.json: Vercel reads no `_headers` file. */
export function vercelHeaders(rules: HeaderRule[] = hostHeaderRules()): VercelHeaderRule[] {
  return rules.map((rule) => ({ source: rule.source, headers: rule.headers.map(([key, value]) => ({ key, value })) }));
}
