// The sitemap the build writes (gatsby-node.ts): the landing page in each language, each entry
// naming every language's page as its alternate, as search engines read hreflang from sitemaps.
// The editors' preview is never listed: it has no content of its own and asks not to be indexed.
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_PAGES, type Language } from '../content/languages';
import { absoluteUrl } from '../content/site';

export const SITEMAP_FILE = 'sitemap.xml';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(siteUrl: string): string {
  const url = (language: Language) => escapeXml(absoluteUrl(siteUrl, LANGUAGE_PAGES[language].path));
  const alternates = [
    ...LANGUAGES.map((language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${url(language)}"/>`),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LANGUAGE)}"/>`,
  ];
  const entries = LANGUAGES.map((language) => ['  <url>', `    <loc>${url(language)}</loc>`, ...alternates, '  </url>'].join('\n'));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everything may be crawled, and this is where the sitemap is. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, SITEMAP_FILE)}\n`;
}
