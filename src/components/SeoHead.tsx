import React from 'react';
import { absoluteUrl, type SiteMetadata } from '../content/site';

// Sizes of static/social-card.png, announced so that link previews reserve the right box.
const SOCIAL_IMAGE = { width: 1200, height: 630 };

export function SeoHead({ site }: { site: SiteMetadata }) {
  const url = absoluteUrl(site.siteUrl, '/');
  const image = absoluteUrl(site.siteUrl, site.socialImage);
  const imageAlt = `${site.productName}: RECOVER MORE`;
  return (
    <>
      <title>{site.title}</title>
      <meta name="description" content={site.description} />
      <link rel="canonical" href={url} />
      <meta name="color-scheme" content="light" />
      <meta name="theme-color" content="#04211e" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.productName} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:url" content={url} />
      <meta property="og:title" content={site.title} />
      <meta property="og:description" content={site.description} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SOCIAL_IMAGE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_IMAGE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={site.title} />
      <meta name="twitter:description" content={site.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
    </>
  );
}
