import type { GatsbySSR } from 'gatsby';
import React, { isValidElement, type ReactNode } from 'react';
import jakartaLatin from '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2';
import { LANGUAGE_PAGES } from './src/content/languages';
import { EARLY_INTENT_SCRIPT } from './src/lib/early-intent';
import { MALFORMED_FRAGMENT_SCRIPT } from './src/lib/malformed-fragment';

// The privacy notices are text and plain links: nothing on them needs React, so they ship without a
// script. Gatsby's runtime would download ~83 KB and hydrate for nothing, a long task a slow phone
// feels (Lighthouse's total blocking time). Their links are plain anchors, so leaving works the same.
const SCRIPTLESS_PATHS = new Set(Object.values(LANGUAGE_PAGES).map((page) => page.privacyPath));
const isScriptless = (pathname: string): boolean => SCRIPTLESS_PATHS.has(pathname.endsWith('/') ? pathname : `${pathname}/`);

// The headline in the first screen is set in this font: preloading it lets the browser fetch it
// alongside the CSS instead of discovering it only after the CSS is parsed. The early-intent script
// keeps a tap on "Chat with us" made before the bundles have started (src/lib/early-intent.ts); the
// fragment guard keeps a mangled link from blanking the page (src/lib/malformed-fragment.ts).
// Each page names its own language in its Head (`<html lang>`).
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHeadComponents }) => {
  setHeadComponents([
    <link key="font-jakarta" rel="preload" href={jakartaLatin} as="font" type="font/woff2" crossOrigin="anonymous" />,
    ...(isScriptless(pathname)
      ? []
      : [
          <script key="malformed-fragment" dangerouslySetInnerHTML={{ __html: MALFORMED_FRAGMENT_SCRIPT }} />,
          <script key="early-intent" dangerouslySetInnerHTML={{ __html: EARLY_INTENT_SCRIPT }} />,
        ]),
  ]);
};

/** Not a script: no <script>, no preload of one or of page data, not Gatsby's scripts slice. */
function noScript(component: ReactNode): boolean {
  if (!isValidElement<{ as?: string; sliceId?: string }>(component)) return true;
  if (component.type === 'script' || component.props.sliceId === '_gatsby-scripts') return false;
  return !(component.type === 'link' && (component.props.as === 'script' || component.props.as === 'fetch'));
}

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  if (!isScriptless(pathname)) return;
  replaceHeadComponents(getHeadComponents().filter(noScript));
  replacePostBodyComponents(getPostBodyComponents().filter(noScript));
};
