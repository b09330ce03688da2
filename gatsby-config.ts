import type { GatsbyConfig } from 'gatsby';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_REVISION, PICTURE_SOURCES, PUBLISHED_TABLES } from './src/content/model';
import { backendMissing, backendRequiredBy, deploySettings } from './src/build-time/deploy-settings';
import { SITE } from './src/content/site';
import { STAFF_PATHS } from './src/content/staff';
import { buildEnv, envFileName, siteEnv } from './src/lib/environment';
import { TURNSTILE_SCRIPT_URL, turnstileSiteKey } from './src/lib/turnstile';
import { schemaPaths } from './supabase/paths';

// Gatsby reads .env.development / .env.production itself only for the browser's bundle; the build's
// own settings below (the backend, the address) come from the same file. The environment wins.
const envFile = path.join(__dirname, envFileName());
if (existsSync(envFile)) process.loadEnvFile(envFile);

// The site's address and analytics script depend on where it is built (SITE_URL, the host's own
// variables); gatsby-node.ts reports them once and stops a deploy build that lacks an address.
const deploy = deploySettings(buildEnv());
const backendRequirement = backendRequiredBy(buildEnv());
const site = siteEnv();
// Cloudflare Turnstile, where a site key is set: its script, and the frame it renders the challenge in.
const turnstile = turnstileSiteKey() ? [TURNSTILE_SCRIPT_URL] : [];

const config: GatsbyConfig = {
  siteMetadata: {
    ...SITE,
    siteUrl: deploy.siteUrl,
    analyticsSrc: deploy.analyticsSrc,
  },
  graphqlTypegen: false,
  // The site is static files that any host serves as they are. Without an adapter named here,
  // Gatsby installs its Netlify adapter on Netlify builds, which appends headers of its own to
  // public/_headers, some contradicting the site's (Referrer-Policy); this one changes nothing.
  adapter: { name: 'static-files', adapt: () => undefined },
  plugins: [
    'gatsby-plugin-postcss',
    // Pictures are processed at build time (sharp) and rendered as plain HTML by src/components/Picture.tsx:
    // gatsby-plugin-image's own component (and its plugin's head scripts) would add JavaScript to
    // every visit for pictures that are already in the HTML. The package stays for its types and
    // for gatsby-transformer-sharp, which makes the gatsbyImageData.
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    {
      // The illustrations of the product snapshot, processed like the editors' pictures.
      resolve: 'gatsby-source-filesystem',
      options: { name: 'images', path: path.join(__dirname, 'src', 'images'), ignore: ['**/*.ts', '**/*.mjs', '**/artwork/**'] },
    },
    {
      resolve: 'gatsby-source-supabase-content',
      options: {
        tables: PUBLISHED_TABLES,
        revision: CONTENT_REVISION,
        remoteImages: { sources: PICTURE_SOURCES },
        url: site.supabaseUrl,
        anonKey: site.supabaseAnonKey,
        embedded: schemaPaths(path.join(__dirname, 'supabase')),
        // A production build (REQUIRE_BACKEND=1) or a host's build must not publish the demo unless
        // asked to (src/build-time/deploy-settings.ts; gatsby-node.ts stops such a build first). The
        // words are the site's: which settings it reads, and that its contact form only pretends on the demo.
        requireBackend: backendRequirement !== null,
        wording: {
          embeddedWarning: [
            '(gatsby-source-supabase-content, demo content from supabase/seed.sql).',
            'Contact submissions on this build are SIMULATED and reach no one.',
            'Set GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY to build from a',
            'Supabase project, or REQUIRE_BACKEND=1 to make such a build fail.',
          ].join('\n'),
          backendRequired: backendMissing(backendRequirement ?? 'REQUIRE_BACKEND=1 is set'),
        },
      },
    },
    {
      // Each page's Content-Security-Policy, and public/_headers for the hosts that read it: the
      // page may talk to its Supabase project and load the analytics script (which reports to its
      // own origin), and nothing else from elsewhere. Its pictures all come from the site: the build
      // processes the project's photos, and a photo the build has not seen shows the card's icon. The bundles start after the first paint (the LCP budget in docs/architecture.md).
      resolve: 'gatsby-plugin-security-headers',
      options: {
        connectSrc: [site.supabaseUrl, deploy.analyticsSrc].filter(Boolean),
        scriptSrc: [deploy.analyticsSrc, ...turnstile].filter(Boolean),
        frameSrc: turnstile,
        // Staff pages hold a signed-in session: no analytics, no Turnstile there.
        ownScriptsOnly: STAFF_PATHS,
        deferScripts: true,
      },
    },
  ],
};

export default config;
