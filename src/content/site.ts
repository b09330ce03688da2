// The site's identity, kept in one place: gatsby-config.ts copies it into siteMetadata, from where
// the page and its Head read it through GraphQL.

export interface SiteMetadata {
  title: string;
  description: string;
  productName: string;
  tagline: string;
  siteUrl: string;
  socialImage: string;
}

export const SITE: Omit<SiteMetadata, 'siteUrl'> = {
  title: 'AdaSorter: RECOVER MORE with AI waste sorting',
  description:
    'AdaSorter is an accessible AI waste sorter for South East Asia: robotics and computer vision that give waste workers 10x productivity and over 90% recovery purity.',
  productName: 'AdaSorter',
  tagline: 'An accessible waste sorter for South East Asia',
  socialImage: '/social-card.png',
};

export const DEFAULT_SITE_URL = 'https://example.com';

// Canonical and social URLs must be absolute and must not double the slash.
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export const DEFAULT_ANALYTICS_SRC = '/_vercel/insights/script.js';

// Spec §1: a page-view script from the host's analytics vendor (Vercel Web Analytics by default).
// GATSBY_ANALYTICS_SRC points it elsewhere; set but empty, it turns analytics off. Development
// builds never load it, so local work is not counted as visits.
export function analyticsSrc(configured: string | undefined, nodeEnv: string | undefined): string | null {
  if (nodeEnv !== 'production') return null;
  if (configured === undefined) return DEFAULT_ANALYTICS_SRC;
  return configured.trim() === '' ? null : configured.trim();
}
