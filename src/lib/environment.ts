// The build's environment, read here and nowhere else in the site: the Node side of the build
// (gatsby-config.ts, gatsby-node.ts) takes it whole, and the browser's code the GATSBY_* settings,
// which Gatsby writes into the bundle at build time only where each is spelled out in full. Read at
// call time, so that tests can set them.

/** The build's environment (process.env at build time). */
export type BuildEnv = Readonly<Record<string, string | undefined>>;

/** The whole environment, for the build's Node side; the browser's bundle has only the GATSBY_* values below. */
export const buildEnv = (): BuildEnv => process.env;

/** The file of settings a build reads beside its environment: `.env.production` for a production build. */
export const envFileName = (): string => `.env.${process.env.NODE_ENV === 'production' ? 'production' : 'development'}`;

/** The settings the site's pages read (GATSBY_*), each undefined where not set. */
export interface SiteEnv {
  supabaseUrl?: string;
  supabaseAnonKey?: string;
  turnstileSiteKey?: string;
  inquiryEmail?: string;
}

export function siteEnv(): SiteEnv {
  return {
    supabaseUrl: process.env.GATSBY_SUPABASE_URL,
    supabaseAnonKey: process.env.GATSBY_SUPABASE_ANON_KEY,
    turnstileSiteKey: process.env.GATSBY_TURNSTILE_SITE_KEY,
    inquiryEmail: process.env.GATSBY_INQUIRY_EMAIL,
  };
}
