import { Script } from 'gatsby';
import React from 'react';
import { analyticsSrc } from '../content/site';

// strategy="idle" loads it after the page is interactive, so it never competes with the content.
export function Analytics() {
  const src = analyticsSrc(process.env.GATSBY_ANALYTICS_SRC, process.env.NODE_ENV);
  return src ? <Script src={src} strategy="idle" /> : null;
}
