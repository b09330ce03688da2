// gatsby-config.ts hands what the build learns from its environment (deploySettings) to the page
// and to the policy: tested here without a build, one environment per host.
import type { GatsbyConfig } from 'gatsby';
import { contentSecurityPolicy, originOf } from '../../plugins/gatsby-plugin-security-headers/src/headers';
import { VERCEL_ANALYTICS_SRC } from '../../src/build-time/deploy-settings';
import { LANGUAGES, LANGUAGE_PAGES } from '../../src/content/languages';
import { configFor, pluginOptions, restoreBuildEnv } from '../support/gatsby-config';

afterEach(restoreBuildEnv);

interface PolicyOptions {
  connectSrc: string[];
  scriptSrc: string[];
  frameSrc: string[];
  ownScriptsOnly: string[];
}
const policyOptions = (config: GatsbyConfig) => pluginOptions<PolicyOptions>(config, 'gatsby-plugin-security-headers');

const origins = (urls: string[]) => urls.map(originOf).filter((origin): origin is string => origin !== null);

it("gives a Vercel build Vercel's analytics script and its production address", async () => {
  const config = await configFor({ VERCEL: '1', VERCEL_PROJECT_PRODUCTION_URL: 'adasorter.vercel.app' });
  expect(config.siteMetadata).toMatchObject({ siteUrl: 'https://adasorter.vercel.app', analyticsSrc: VERCEL_ANALYTICS_SRC });
  // A site path: 'self' already allows it.
  expect(policyOptions(config).scriptSrc).toEqual([VERCEL_ANALYTICS_SRC]);
});

it('gives a build elsewhere no analytics script and nothing extra in its policy', async () => {
  const config = await configFor({ NETLIFY: 'true', URL: 'https://adasorter.netlify.app' });
  expect(config.siteMetadata).toMatchObject({ siteUrl: 'https://adasorter.netlify.app', analyticsSrc: null });
  expect(policyOptions(config)).toMatchObject({ connectSrc: [], scriptSrc: [], frameSrc: [] });
});

it("lets GATSBY_ANALYTICS_SRC's origin load the script and receive its page views, next to the backend", async () => {
  const src = 'https://stats.example.org/js/script.js';
  const config = await configFor({ GATSBY_ANALYTICS_SRC: src, GATSBY_SUPABASE_URL: 'https://abcd.supabase.co' });
  expect(config.siteMetadata).toMatchObject({ analyticsSrc: src });
  const { scriptSrc, connectSrc } = policyOptions(config);
  expect({ scriptSrc, connectSrc }).toEqual({ scriptSrc: [src], connectSrc: ['https://abcd.supabase.co', src] });
  // As the plugin turns the options into each page's policy.
  const policy = contentSecurityPolicy([], { scriptOrigins: origins(scriptSrc), connectOrigins: origins(connectSrc) });
  expect(policy).toContain("script-src 'self' https://stats.example.org;");
  expect(policy).toContain("connect-src 'self' https://abcd.supabase.co https://stats.example.org;");
});

it("lets a build with a Turnstile site key load Cloudflare's widget script and its challenge frame", async () => {
  // Cloudflare's documented test site key (always passes).
  const config = await configFor({ GATSBY_TURNSTILE_SITE_KEY: '1x00000000000000000000AA' });
  const { scriptSrc, connectSrc, frameSrc } = policyOptions(config);
  const policy = contentSecurityPolicy([], {
    scriptOrigins: origins(scriptSrc),
    connectOrigins: origins(connectSrc),
    frameOrigins: origins(frameSrc),
  });
  expect(policy).toContain("script-src 'self' https://challenges.cloudflare.com;");
  expect(policy).toContain("frame-src 'self' https://challenges.cloudflare.com;");
  // The token goes to the notify function, not to Cloudflare: nothing new to connect to.
  expect(policy).toContain("connect-src 'self';");
});

it('keeps analytics and Turnstile off every staff page, in every language, and on nothing else', async () => {
  const config = await configFor({
    GATSBY_TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
    GATSBY_ANALYTICS_SRC: 'https://stats.example.org/s.js',
  });
  const { ownScriptsOnly } = policyOptions(config);
  const staff = (path: string) => ownScriptsOnly.some((start) => path.startsWith(start));
  for (const language of LANGUAGES) {
    const home = LANGUAGE_PAGES[language].path;
    for (const page of ['edit/', 'team/', 'act/']) expect(staff(`${home}${page}`)).toBe(true);
    expect(staff(home)).toBe(false);
    expect(staff(LANGUAGE_PAGES[language].privacyPath)).toBe(false);
  }
  expect(staff('/preview/')).toBe(true);
  expect(staff('/preview/edit/')).toBe(true);
});

it('names a static-files adapter, so that Gatsby installs none of its own on a host', async () => {
  const config = await configFor({ NETLIFY: 'true', URL: 'https://adasorter.netlify.app' });
  expect(config.adapter).toMatchObject({ name: 'static-files' });
});
