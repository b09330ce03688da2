import { StaticImage } from 'gatsby-plugin-image';
import React from 'react';

// gatsby-plugin-image needs literal sources and sizes, so each illustration is its own component.
// Fixed width and height reserve the space before the image arrives (no layout shift).
export function SorterIllustration({ alt }: { alt: string }) {
  return (
    <StaticImage
      src="../images/adasorter.png"
      alt={alt}
      width={640}
      height={480}
      layout="constrained"
      placeholder="none"
      formats={['auto', 'webp', 'avif']}
      className="w-full"
    />
  );
}

export function WorkerIllustration({ alt }: { alt: string }) {
  return (
    <StaticImage
      src="../images/worker.png"
      alt={alt}
      width={640}
      height={480}
      layout="constrained"
      placeholder="none"
      formats={['auto', 'webp', 'avif']}
      className="w-full"
    />
  );
}
