import React from 'react';
import { SITE } from '../content/site';

// The preview's pages are for editors with a link: no search engine may list them, and no address
// they link to may learn where the editor came from (the token is in the fragment, which browsers
// never send, but the page's own address should not travel either).
export function PreviewHead({ title, language = 'en' }: { title: string; language?: string }) {
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
