import type { GatsbySSR } from 'gatsby';
import React from 'react';
import jakartaLatin from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2';

// The headline in the first screen is set in this font: preloading it lets the browser fetch it
// alongside the CSS instead of discovering it only after the CSS is parsed.
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'en' });
  setHeadComponents([<link key="font-jakarta" rel="preload" href={jakartaLatin} as="font" type="font/woff2" crossOrigin="anonymous" />]);
};
