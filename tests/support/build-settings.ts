// The environment variables that decide what gatsby-config.ts builds: the backend, the deploy
// settings (src/build-time/deploy-settings.ts) with the hosts' own variables among them (a CI
// runner may well be one of the hosts), and the optional Turnstile key. A test that builds, or
// evaluates the config, sets exactly the ones it means and clears the rest.
export const BUILD_SETTINGS = [
  'GATSBY_SUPABASE_URL',
  'GATSBY_SUPABASE_ANON_KEY',
  'REQUIRE_BACKEND',
  'ALLOW_DEMO_BUILD',
  'SITE_URL',
  'GATSBY_ANALYTICS_SRC',
  'NETLIFY',
  'URL',
  'VERCEL',
  'VERCEL_PROJECT_PRODUCTION_URL',
  'CF_PAGES',
  'GATSBY_TURNSTILE_SITE_KEY',
  'GATSBY_INQUIRY_EMAIL',
] as const;
