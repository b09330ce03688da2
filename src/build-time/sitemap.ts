// The sitemap the build writes (gatsby-node.ts): the landing page and the privacy notice in each
// language, each entry naming that page in every language as its alternate, as search engines read
// hreflang from sitemaps. The editors' pages (/preview/, /edit/) and the team's (/team/, /act/) are
// never listed: they have no content of their own and ask not to be indexed.
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_PAGES, type Language } from '../content/languages';
import { absoluteUrl } from '../content/site';

export const SITEMAP_FILE = 'sitemap.xml';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The pages listed, each by the field of LANGUAGE_PAGES that holds its path in every language. */
const LISTED = ['path', 'privacyPath'] as const;

export function sitemapXml(siteUrl: string): string {
  const entries = LISTED.flatMap((page) => {
    const url = (language: Language) => escapeXml(absoluteUrl(siteUrl, LANGUAGE_PAGES[language][page]));
    const alternates = [
      ...LANGUAGES.map((language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${url(language)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(DEFAULT_LANGUAGE)}"/>`,
    ];
    return LANGUAGES.map((language) => ['  <url>', `    <loc>${url(language)}</loc>`, ...alternates, '  </url>'].join('\n'));
  });
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
