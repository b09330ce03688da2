// Where the build learns its address and its analytics script (src/build-time/deploy-settings.ts), per host.
import {
  ANALYTICS_OFF,
  DEMO_SWITCH,
  PLACEHOLDER_SITE_URL,
  SITE_URL_REQUIRED,
  VERCEL_ANALYTICS_SRC,
  deploySettings,
} from '../../src/build-time/deploy-settings';

// A production build's environment on each host, as far as the site reads it.
const production = { NODE_ENV: 'production' };
const BACKEND = { GATSBY_SUPABASE_URL: 'https://abcd.supabase.co', GATSBY_SUPABASE_ANON_KEY: 'anon-key' };
const NETLIFY = {
  ...production,
  ...BACKEND,
  NETLIFY: 'true',
  URL: 'https://adasorter.netlify.app',
  DEPLOY_PRIME_URL: 'https://deploy-preview-3--adasorter.netlify.app',
};
const VERCEL = {
  ...production,
  ...BACKEND,
  VERCEL: '1',
  VERCEL_PROJECT_PRODUCTION_URL: 'adasorter.vercel.app',
  VERCEL_URL: 'adasorter-git-x.vercel.app',
};
const CLOUDFLARE = { ...production, ...BACKEND, CF_PAGES: '1', CF_PAGES_URL: 'https://1a2b3c.adasorter.pages.dev' };

describe('the site URL', () => {
  it('is SITE_URL when set, on any host, without a trailing slash', () => {
    for (const host of [production, NETLIFY, VERCEL, CLOUDFLARE]) {
      expect(deploySettings({ ...host, SITE_URL: ' https://adasorter.id/ ' }).siteUrl).toBe('https://adasorter.id');
    }
  });

  it("is Netlify's main address on Netlify, also on a deploy preview", () => {
    expect(deploySettings(NETLIFY)).toMatchObject({ siteUrl: 'https://adasorter.netlify.app', errors: [] });
  });

  it("is Vercel's production host name on Vercel, with https://", () => {
    const settings = deploySettings(VERCEL);
    expect(settings).toMatchObject({ siteUrl: 'https://adasorter.vercel.app', errors: [] });
    expect(settings.notes).toContain('site URL: https://adasorter.vercel.app (VERCEL_PROJECT_PRODUCTION_URL)');
  });

  it('ignores a URL variable that is not Netlify’s', () => {
    expect(deploySettings({ ...production, URL: 'https://elsewhere.test' }).siteUrl).toBe(PLACEHOLDER_SITE_URL);
  });

  it('is required on Cloudflare Pages, whose variables name each deployment, not the site', () => {
    expect(deploySettings(CLOUDFLARE).errors).toEqual([SITE_URL_REQUIRED]);
  });

  it('is required by a production build (REQUIRE_BACKEND=1) that knows none, and the error names SITE_URL', () => {
    const settings = deploySettings({ ...production, ...BACKEND, REQUIRE_BACKEND: '1' });
    expect(settings.errors).toEqual([SITE_URL_REQUIRED]);
    expect(SITE_URL_REQUIRED).toMatch(/set SITE_URL/);
  });

  it('falls back to a placeholder on the embedded demo build, and says so', () => {
    const settings = deploySettings(production);
    expect(settings).toMatchObject({ siteUrl: PLACEHOLDER_SITE_URL, errors: [] });
    expect(settings.notes.filter((note) => note.includes(PLACEHOLDER_SITE_URL) && note.includes('SITE_URL'))).toHaveLength(1);
  });

  it.each(['ftp://adasorter.id', 'https://', 'not a url at all'])('refuses SITE_URL=%s, naming the variable', (value) => {
    expect(deploySettings({ ...production, SITE_URL: value }).errors).toEqual([expect.stringContaining('SITE_URL')]);
  });
});

describe('the analytics script', () => {
  it("is Vercel Web Analytics' path on a Vercel build", () => {
    expect(deploySettings(VERCEL).analyticsSrc).toBe(VERCEL_ANALYTICS_SRC);
    expect(VERCEL_ANALYTICS_SRC).toBe('/_vercel/insights/script.js');
  });

  it('is none elsewhere, where that path would answer 404, and the build says so once', () => {
    for (const host of [production, NETLIFY, { ...CLOUDFLARE, SITE_URL: 'https://adasorter.id' }]) {
      const settings = deploySettings(host);
      expect(settings.analyticsSrc).toBeNull();
      expect(settings.notes.filter((note) => note.startsWith('analytics: none'))).toHaveLength(1);
    }
  });

  it('follows GATSBY_ANALYTICS_SRC on any host, Vercel included', () => {
    const src = 'https://stats.example.org/js/script.js';
    for (const host of [production, NETLIFY, VERCEL]) {
      expect(deploySettings({ ...host, GATSBY_ANALYTICS_SRC: ` ${src} ` }).analyticsSrc).toBe(src);
    }
    expect(deploySettings({ ...production, GATSBY_ANALYTICS_SRC: '/stats.js' }).analyticsSrc).toBe('/stats.js');
  });

  it(`is off with GATSBY_ANALYTICS_SRC=${ANALYTICS_OFF}, e.g. on Vercel without Web Analytics`, () => {
    expect(deploySettings({ ...VERCEL, GATSBY_ANALYTICS_SRC: ANALYTICS_OFF }).analyticsSrc).toBeNull();
  });

  it.each(['http://stats.example.org/script.js', '//stats.example.org/script.js', 'stats.js'])(
    'refuses GATSBY_ANALYTICS_SRC=%s, which would load nothing or load over plain http',
    (value) => {
      expect(deploySettings({ ...production, GATSBY_ANALYTICS_SRC: value }).errors).toEqual([
        expect.stringContaining('GATSBY_ANALYTICS_SRC'),
      ]);
    },
  );

  it('never loads in gatsby develop', () => {
    expect(deploySettings({ ...VERCEL, NODE_ENV: 'development' }).analyticsSrc).toBeNull();
    expect(deploySettings({ NODE_ENV: 'development', GATSBY_ANALYTICS_SRC: 'https://stats.example.org/s.js' }).analyticsSrc).toBeNull();
  });
});

describe('the backend on a host build', () => {
  const withoutBackend = (env: Record<string, string>) => {
    const { GATSBY_SUPABASE_URL: _url, GATSBY_SUPABASE_ANON_KEY: _key, ...rest } = env;
    return rest;
  };

  it.each([
    ['Netlify', NETLIFY, 'NETLIFY=true'],
    ['Vercel', VERCEL, 'VERCEL=1'],
    ['Cloudflare Pages', { ...CLOUDFLARE, SITE_URL: 'https://adasorter.id' }, 'CF_PAGES=1'],
  ])('is required on %s: without settings the build fails naming both and the demo switch', (_host, env, variable) => {
    const { errors } = deploySettings(withoutBackend(env));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(variable);
    expect(errors[0]).toMatch(/GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY/);
    expect(errors[0]).toContain(`${DEMO_SWITCH}=1`);
    // One setting alone is no backend.
    expect(deploySettings({ ...withoutBackend(env), GATSBY_SUPABASE_URL: 'https://abcd.supabase.co' }).errors).toEqual(errors);
  });

  it(`lets a host build publish the demo when ${DEMO_SWITCH}=1 asks for it`, () => {
    expect(deploySettings({ ...withoutBackend(NETLIFY), [DEMO_SWITCH]: '1' }).errors).toEqual([]);
  });

  it('is required by REQUIRE_BACKEND=1 anywhere, demo switch or not, and not by a build elsewhere', () => {
    const required = deploySettings({ ...production, SITE_URL: 'https://adasorter.id', REQUIRE_BACKEND: '1', [DEMO_SWITCH]: '1' });
    expect(required.errors).toEqual([
      expect.stringMatching(/^REQUIRE_BACKEND=1 is set but no backend is configured: set GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY/),
    ]);
    expect(deploySettings(production).errors).toEqual([]);
  });
});
