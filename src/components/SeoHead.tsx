import React from 'react';
import type { Dictionary } from '../content/dictionary';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_PAGES, type Language } from '../content/languages';
import { absoluteUrl, type SiteMetadata } from '../content/site';

// Sizes of static/social-card.png, announced so that link previews reserve the right box.
const SOCIAL_IMAGE = { width: 1200, height: 630 };

interface SeoHeadProps {
  site: Pick<SiteMetadata, 'productName' | 'siteUrl' | 'socialImage'>;
  language: Language;
  dictionary: Dictionary;
}

interface PageHeadProps {
  siteUrl: string;
  language: Language;
  /** The page's path in each language. */
  pathOf: (language: Language) => string;
  title: string;
  description: string;
}

// Each language's page is its own canonical and names every language's page as an alternate
// (itself included, as search engines ask), with the English page as the choice for everyone else.
// The landing page (SeoHead) and the privacy notice share these lines.
export function PageHead({ siteUrl, language, pathOf, title, description }: PageHeadProps) {
  const pageUrl = (of: Language) => absoluteUrl(siteUrl, pathOf(of));
  return (
    <>
      <html lang={language} />
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={pageUrl(language)} />
      {LANGUAGES.map((other) => (
        <link key={other} rel="alternate" hrefLang={other} href={pageUrl(other)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={pageUrl(DEFAULT_LANGUAGE)} />
      <meta name="color-scheme" content="light" />
      <meta name="theme-color" content="#04211e" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
    </>
  );
}

/** The landing page's head: PageHead and the social cards. */
export function SeoHead({ site, language, dictionary }: SeoHeadProps) {
  const url = absoluteUrl(site.siteUrl, LANGUAGE_PAGES[language].path);
  const { title, description } = dictionary.site;
  const image = absoluteUrl(site.siteUrl, site.socialImage);
  const imageAlt = `${site.productName}: RECOVER MORE`;
  return (
    <>
      <PageHead
        siteUrl={site.siteUrl}
        language={language}
        pathOf={(of) => LANGUAGE_PAGES[of].path}
        title={title}
        description={description}
      />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.productName} />
      <meta property="og:locale" content={LANGUAGE_PAGES[language].ogLocale} />
      {LANGUAGES.filter((other) => other !== language).map((other) => (
        <meta key={other} property="og:locale:alternate" content={LANGUAGE_PAGES[other].ogLocale} />
      ))}
      <meta property="og:url" content={url} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SOCIAL_IMAGE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_IMAGE.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
    </>
  );
}
