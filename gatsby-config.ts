import type { GatsbyConfig } from 'gatsby';
import path from 'node:path';

const supabase = path.join(__dirname, 'supabase');

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'AdaSorter',
    siteUrl: process.env.SITE_URL || 'https://example.com',
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
        url: process.env.GATSBY_SUPABASE_URL,
        anonKey: process.env.GATSBY_SUPABASE_ANON_KEY,
        embedded: {
          bootstrap: path.join(supabase, 'local', 'bootstrap.sql'),
          migrations: path.join(supabase, 'migrations'),
          seed: path.join(supabase, 'seed.sql'),
        },
      },
    },
  ],
};

export default config;
