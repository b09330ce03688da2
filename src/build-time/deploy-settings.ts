// The build's settings from its environment, read by gatsby-config.ts and gatsby-node.ts in Node
// only: the site's address and its analytics script, which depend on the host the site is built
// for, and whether the build may fall back to the embedded demo. gatsby-config.ts puts them into
// siteMetadata beside the site's identity (src/content/site.ts); gatsby-node.ts reports them once and
// stops a deploy build that lacks an address or its backend.
import type { BuildEnv } from '../lib/environment';

/** Stands in for the site's address on builds that are never deployed (the embedded demo). */
export const PLACEHOLDER_SITE_URL = 'https://example.com';

/** Vercel Web Analytics: Vercel serves this path on its own deployments only. */
export const VERCEL_ANALYTICS_SRC = '/_vercel/insights/script.js';

/** GATSBY_ANALYTICS_SRC's value that turns analytics off, e.g. on Vercel without Web Analytics. */
export const ANALYTICS_OFF = 'off';

export interface DeploySettings {
  /** The site's public address, without a trailing slash. */
  siteUrl: string;
  /** The analytics script, which counts page views, or null for none. */
  analyticsSrc: string | null;
  /** What the build tells whoever reads its log, once. */
  notes: string[];
  /** Why this build must not go on; empty when it may. */
  errors: string[];
}

export const SITE_URL_REQUIRED =
  'No site URL: set SITE_URL to the address the site is served at (e.g. https://adasorter.id). ' +
  'Canonical and social links must name it; on Netlify and Vercel the build reads it from URL or ' +
  'VERCEL_PROJECT_PRODUCTION_URL, elsewhere (Cloudflare Pages, a build for any other host) only ' +
  'SITE_URL gives it.';

const hasScheme = (value: string) => /^[a-z][a-z\d+.-]*:\/\//i.test(value);

/** An http(s) address without a trailing slash; a bare host name (Vercel's variable) gets https://. */
function normalizeSiteUrl(value: string): string | null {
  try {
    const url = new URL(hasScheme(value) ? value : `https://${value}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/**
 * Where the address comes from, first found wins: SITE_URL; on Netlify (NETLIFY=true) its URL, the
 * site's main address, also on deploy previews, so that their canonical points at production; on
 * Vercel VERCEL_PROJECT_PRODUCTION_URL, the production domain as a bare host name. Cloudflare Pages
 * names only each deployment's own address, which is no canonical.
 */
function siteUrlSource(env: BuildEnv): { variable: string; value: string } | null {
  const candidates: [string, string | undefined][] = [
    ['SITE_URL', env.SITE_URL],
    ['URL', env.NETLIFY === 'true' ? env.URL : undefined],
    ['VERCEL_PROJECT_PRODUCTION_URL', env.VERCEL_PROJECT_PRODUCTION_URL],
  ];
  for (const [variable, value] of candidates) if (value?.trim()) return { variable, value: value.trim() };
  return null;
}

/** The host a build runs on, as the variable it sets (e.g. `NETLIFY=true`), or null elsewhere. */
function hostVariable(env: BuildEnv): string | null {
  if (env.NETLIFY === 'true') return 'NETLIFY=true';
  if (env.VERCEL === '1') return 'VERCEL=1';
  if (env.CF_PAGES === '1') return 'CF_PAGES=1';
  return null;
}

/** The host's name as a visitor knows it, for the privacy notice; null for any other host. */
export function hostName(env: BuildEnv): string | null {
  if (env.NETLIFY === 'true') return 'Netlify';
  if (env.VERCEL === '1') return 'Vercel';
  if (env.CF_PAGES === '1') return 'Cloudflare Pages';
  return null;
}

/** A build for a host, or one that says it is for production, must know its address. */
const isDeployBuild = (env: BuildEnv) => env.REQUIRE_BACKEND === '1' || hostVariable(env) !== null;

/**
 * The switch that lets a build on a host publish the embedded demo (its contact form pretends and
 * reaches no one): a preview of the site before any Supabase project exists.
 */
export const DEMO_SWITCH = 'ALLOW_DEMO_BUILD';

/**
 * Why this build must have backend settings, or null when the embedded demo may stand in: a build
 * that says it is for production (REQUIRE_BACKEND=1), or any build on Netlify, Vercel or Cloudflare
 * Pages unless ALLOW_DEMO_BUILD=1 asks for the demo.
 */
export function backendRequiredBy(env: BuildEnv): string | null {
  if (env.REQUIRE_BACKEND === '1') return 'REQUIRE_BACKEND=1 is set';
  const host = hostVariable(env);
  return host && env[DEMO_SWITCH] !== '1' ? `This is a host build (${host})` : null;
}

/** The refusal of a build that needs the backend and has no settings for it. */
export function backendMissing(requiredBy: string): string {
  const way = requiredBy.startsWith('REQUIRE_BACKEND')
    ? 'or unset REQUIRE_BACKEND to build from the embedded default with simulated submissions.'
    : `or set ${DEMO_SWITCH}=1 to publish the embedded demo on purpose (its contact form reaches no one).`;
  return `${requiredBy} but no backend is configured: set GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY, ${way}`;
}

/**
 * The analytics script, only where it exists, so that it never answers 404: GATSBY_ANALYTICS_SRC
 * when set (a site path or an https URL; `off` for none); else Vercel Web Analytics on a Vercel
 * build (VERCEL=1); else none. Development never loads it, so local work is not counted as visits.
 */
function analyticsSetting(env: BuildEnv): { src: string | null; note?: string; error?: string } {
  if (env.NODE_ENV !== 'production') return { src: null };
  const configured = env.GATSBY_ANALYTICS_SRC?.trim();
  if (configured === ANALYTICS_OFF) return { src: null, note: 'analytics: off (GATSBY_ANALYTICS_SRC=off)' };
  if (configured) {
    const valid = configured.startsWith('/') ? !configured.startsWith('//') : /^https:\/\/[^/]/.test(configured);
    if (valid) return { src: configured, note: `analytics: ${configured} (GATSBY_ANALYTICS_SRC)` };
    return {
      src: null,
      error: `GATSBY_ANALYTICS_SRC must be a site path (/…), an https:// URL or "${ANALYTICS_OFF}"; it is "${configured}"`,
    };
  }
  if (env.VERCEL === '1') {
    return { src: VERCEL_ANALYTICS_SRC, note: `analytics: Vercel Web Analytics (${VERCEL_ANALYTICS_SRC}, VERCEL=1)` };
  }
  return {
    src: null,
    note:
      'analytics: none. This build is not on Vercel (VERCEL=1) and GATSBY_ANALYTICS_SRC is not set, ' +
      'so the page loads no analytics script',
  };
}

/** Everything the build reads from its environment about where it is deployed. */
export function deploySettings(env: BuildEnv): DeploySettings {
  const notes: string[] = [];
  const errors: string[] = [];
  const source = siteUrlSource(env);
  let siteUrl = source ? normalizeSiteUrl(source.value) : null;
  if (source && !siteUrl) errors.push(`${source.variable} is not an http(s) address: "${source.value}"`);
  else if (source) notes.push(`site URL: ${siteUrl} (${source.variable})`);
  else if (isDeployBuild(env)) errors.push(SITE_URL_REQUIRED);
  else {
    notes.push(
      `site URL: none set, so canonical and social links use the placeholder ${PLACEHOLDER_SITE_URL}. ` +
        'Set SITE_URL for a build that is deployed',
    );
  }
  siteUrl ??= PLACEHOLDER_SITE_URL;

  const requiredBy = backendRequiredBy(env);
  if (requiredBy && !(env.GATSBY_SUPABASE_URL?.trim() && env.GATSBY_SUPABASE_ANON_KEY?.trim())) errors.push(backendMissing(requiredBy));

  const analytics = analyticsSetting(env);
  if (analytics.note) notes.push(analytics.note);
  if (analytics.error) errors.push(analytics.error);
  return { siteUrl, analyticsSrc: analytics.src, notes, errors };
}
