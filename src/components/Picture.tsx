import type { IGatsbyImageData } from 'gatsby-plugin-image';
import React, { type CSSProperties } from 'react';

interface PictureProps {
  /** What gatsby-plugin-image's GraphQL resolver made at build time (gatsbyImageData). */
  image: IGatsbyImageData;
  alt: string;
  className?: string;
}

/**
 * A picture the build processed, as plain HTML: a <picture> with the AVIF and WebP sources and the
 * fallback, in a box of the picture's own proportions whose background is the placeholder (the
 * blurred preview or the dominant colour) until the picture covers it. Lazy and decoded off the
 * main thread. It needs no JavaScript in the browser: gatsby-plugin-image's own component would
 * fetch its code after the first paint to hydrate pictures that are already in the HTML.
 */
export function Picture({ image, alt, className = '' }: PictureProps) {
  const { images, width, height, layout, backgroundColor, placeholder } = image;
  const box: CSSProperties = {
    maxWidth: layout === 'fullWidth' ? undefined : width,
    backgroundColor,
    backgroundImage: placeholder?.fallback ? `url("${placeholder.fallback}")` : undefined,
    backgroundSize: 'cover',
  };
  const { fallback, sources = [] } = images;
  return (
    <div className={`relative overflow-hidden ${className}`} style={box}>
      {/* Holds the box at the picture's proportions (padding, not aspect-ratio, which older phone browsers lack). */}
      <div aria-hidden="true" style={{ paddingTop: `${(height / width) * 100}%` }} />
      <picture>
        {sources.map((source) => (
          <source
            key={`${source.type}${source.media ?? ''}`}
            type={source.type}
            media={source.media}
            srcSet={source.srcSet}
            sizes={source.sizes}
          />
        ))}
        <img
          src={fallback?.src}
          srcSet={fallback?.srcSet}
          sizes={fallback?.sizes}
          alt={alt}
          width={layout === 'fullWidth' ? undefined : width}
          height={layout === 'fullWidth' ? undefined : height}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      </picture>
    </div>
  );
}
