import type { GatsbyConfig } from 'gatsby';
import path from 'node:path';
import { CONTENT_TABLES } from './src/content/model';
import { DEFAULT_SITE_URL, SITE } from './src/content/site';

const supabase = path.join(__dirname, 'supabase');

const config: GatsbyConfig = {
  // The site's identity lives in src/content/site.ts; the deployed origin comes from SITE_URL so
  // that canonical and social links point at the real host.
  siteMetadata: {
    ...SITE,
    siteUrl: process.env.SITE_URL || DEFAULT_SITE_URL,
  },
  graphqlTypegen: false,
  plugins: [
    'gatsby-plugin-postcss',
    'gatsby-plugin-image',
    'gatsby-plugin-sharp',
    'gatsby-transformer-sharp',
    {
      resolve: 'gatsby-source-supabase-content',
      options: {
        tables: CONTENT_TABLES,
        url: process.env.GATSBY_SUPABASE_URL,
        anonKey: process.env.GATSBY_SUPABASE_ANON_KEY,
        embedded: {
          bootstrap: path.join(supabase, 'local', 'bootstrap.sql'),
          migrations: path.join(supabase, 'migrations'),
          seed: path.join(supabase, 'seed.sql'),
        },
      },
    },
    {
      // public/_headers for hosts that read it: the page may talk to its Supabase project, show
      // pictures from its storage (rows changed since the build) and load the analytics script,
      // and nothing else from elsewhere. The bundles start after the first paint (DESIGN.md's LCP budget).
      resolve: 'gatsby-plugin-security-headers',
      options: {
        connectSrc: [process.env.GATSBY_SUPABASE_URL].filter(Boolean),
        scriptSrc: [process.env.GATSBY_ANALYTICS_SRC].filter(Boolean),
        imgSrc: [process.env.GATSBY_SUPABASE_URL].filter(Boolean),
        deferScripts: true,
      },
    },
  ],
};

export default config;
