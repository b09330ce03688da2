/**
 * @jest-environment node
 */
// The privacy page as the build writes it (src/templates/privacy-page.tsx): in its language, naming
// its twin both ways, stating the retention and the address it was given.
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LANGUAGES, LANGUAGE_PAGES } from '../../src/content/languages';
import { INQUIRY_RETENTION_MONTHS, PRIVACY_WRITERS } from '../../src/content/privacy';
import PrivacyPageTemplate, { Head, type PrivacyPageContext } from '../../src/templates/privacy-page';

describe.each(LANGUAGES)('%s', (language) => {
  it('renders the privacy page in its language with hreflang both ways and the retention', () => {
    const context: PrivacyPageContext = {
      language,
      siteUrl: 'https://adasorter.example',
      privacy: PRIVACY_WRITERS[language]({
        contactEmail: 'hello@adasorter.id',
        productName: 'AdaSorter',
        processors: [{ kind: 'host', name: null }],
        region: null,
      }),
    };
    const props = { pageContext: context } as unknown as Parameters<typeof PrivacyPageTemplate>[0];
    const body = renderToStaticMarkup(<PrivacyPageTemplate {...props} />);
    const head = renderToStaticMarkup(<Head {...props} />);
    expect(head).toContain(`<html lang="${language}">`);
    expect(head).toContain(`<link rel="canonical" href="https://adasorter.example${LANGUAGE_PAGES[language].privacyPath}"/>`);
    for (const other of LANGUAGES) {
      expect(head).toContain(`hrefLang="${other}" href="https://adasorter.example${LANGUAGE_PAGES[other].privacyPath}"`);
    }
    expect(body).toContain(`${INQUIRY_RETENTION_MONTHS} ${language === 'en' ? 'months' : 'bulan'}`);
    expect(body).toContain('hello@adasorter.id');
  });
});
