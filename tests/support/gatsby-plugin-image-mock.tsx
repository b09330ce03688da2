// StaticImage's real props are written in at build time by gatsby-plugin-image's Babel plugin;
// in tests it is a plain image with the alt text and the fixed size the component asked for.
// GatsbyImage takes its data at run time, so it is the package's own: its server build, which
// renders the markup the built page carries.
import React from 'react';

export function StaticImage({ alt, width, height }: { alt: string; width?: number; height?: number }) {
  return <img alt={alt} width={width} height={height} src="static-image-stub" />;
}

const real: typeof import('gatsby-plugin-image') = jest.requireActual('gatsby-plugin-image/dist/gatsby-image.js');

export const { GatsbyImage } = real;
