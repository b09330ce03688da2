// The few exports of `gatsby` the page's components use, for the jsdom project. The real package
// needs Gatsby's runtime (loader, router, webpack globals).
import React from 'react';

export const graphql = (): null => null;

export function Script({ src, strategy }: { src?: string; strategy?: string }) {
  return <script data-testid="gatsby-script" src={src} data-strategy={strategy} />;
}
