import { Script } from 'gatsby';
import React from 'react';

export const DEFAULT_ANALYTICS_SRC = '/_vercel/insights/script.js';

// Spec §1: a page-view script from the host's analytics vendor. GATSBY_ANALYTICS_SRC points it
// elsewhere; set to an empty value it turns analytics off. `gatsby develop` never loads it, so
// local work is not counted as visits.
export function analyticsSrc(configured: string | undefined, nodeEnv: string | undefined): string | null {
  if (nodeEnv !== 'production') return null;
  if (configured === undefined) return DEFAULT_ANALYTICS_SRC;
  return configured.trim() === '' ? null : configured.trim();
}

// strategy="idle" loads it after the page is interactive, so it never competes with the content.
export function Analytics() {
  const src = analyticsSrc(process.env.GATSBY_ANALYTICS_SRC, process.env.NODE_ENV);
  return src ? <Script src={src} strategy="idle" /> : null;
}
