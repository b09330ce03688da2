import type { GatsbySSR } from 'gatsby';
import React from 'react';
import jakartaLatin from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2';
import { EARLY_INTENT_SCRIPT } from './src/lib/early-intent';

// The headline in the first screen is set in this font: preloading it lets the browser fetch it
// alongside the CSS instead of discovering it only after the CSS is parsed. The early-intent script
// keeps a tap on "Chat with us" made before the bundles have started (src/lib/early-intent.ts).
// Each page names its own language in its Head (`<html lang>`).
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHeadComponents }) => {
  setHeadComponents([
    <link key="font-jakarta" rel="preload" href={jakartaLatin} as="font" type="font/woff2" crossOrigin="anonymous" />,
    <script key="early-intent" dangerouslySetInnerHTML={{ __html: EARLY_INTENT_SCRIPT }} />,
  ]);
};
