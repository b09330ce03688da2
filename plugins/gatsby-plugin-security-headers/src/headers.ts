import { createHash } from 'node:crypto';

export interface HeaderOptions {
  /** Origins the page may fetch from besides itself, e.g. the Supabase project URL. */
  connectOrigins: string[];
  /** Origins the page may load scripts from besides itself, e.g. an analytics vendor. */
  scriptOrigins: string[];
  /** Origins the page may load pictures from besides itself, e.g. the Supabase project's storage. */
  imageOrigins: string[];
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

export function contentSecurityPolicy(scriptHashes: string[], { connectOrigins, scriptOrigins, imageOrigins }: HeaderOptions): string {
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
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}

export function headersFile(csp: string): string {
  const everyPath = [
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  const lines = ['/*', ...everyPath.map(([name, value]) => `  ${name}: ${value}`)];
  // Gatsby content-hashes everything under /static and the JS/CSS chunks (its caching guide).
  lines.push('/static/*', '  Cache-Control: public, max-age=31536000, immutable');
  lines.push('/*.js', '  Cache-Control: public, max-age=31536000, immutable');
  lines.push('/*.css', '  Cache-Control: public, max-age=31536000, immutable');
  lines.push('/page-data/*', '  Cache-Control: public, max-age=0, must-revalidate');
  return `${lines.join('\n')}\n`;
}
