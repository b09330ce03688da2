import React from 'react';
import type { Language } from '../content/languages';
import { SITE } from '../content/site';

// The preview's pages are for editors with a link: no search engine may list them, and no address
// they link to may learn where the editor came from (the token is in the fragment, which browsers
// never send, but the page's own address should not travel either). The editing page (/edit/) is
// the same kind of page, in either language.
export function PreviewHead({ title, language = 'en' }: { title: string; language?: Language }) {
  return (
    <>
      <html lang={language} />
      <title>{`${title} · ${SITE.productName}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <meta name="color-scheme" content="light" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>
  );
}
