// The site's identity, kept in one place and safe for the browser: gatsby-config.ts copies it into
// siteMetadata, with what the build learns from its environment (src/build-time/deploy-settings.ts: the
// address, the analytics script), and the page and its Head read it from there through GraphQL.

export interface SiteMetadata {
  title: string;
  description: string;
  productName: string;
  tagline: string;
  siteUrl: string;
  socialImage: string;
  analyticsSrc: string | null;
}

export const SITE: Omit<SiteMetadata, 'siteUrl' | 'analyticsSrc'> = {
  title: 'AdaSorter: RECOVER MORE with AI waste sorting',
  description:
    'AdaSorter is an accessible AI waste sorter for South East Asia: robotics and computer vision that give waste workers 10x productivity and over 90% recovery purity.',
  productName: 'AdaSorter',
  tagline: 'An accessible waste sorter for South East Asia',
  socialImage: '/social-card.png',
};

// Canonical and social URLs must be absolute and must not double the slash.
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
