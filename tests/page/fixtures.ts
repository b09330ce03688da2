import type { IGatsbyImageData } from 'gatsby-plugin-image';
import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../../src/content/types';

export const material = (id: string, status: string, extra: Partial<MaterialCoverageItem> = {}): MaterialCoverageItem => ({
  id,
  name: `Material ${id}`,
  description: `What material ${id} is`,
  image: `/images/materials/${id}.svg`,
  status,
  name_ind: null,
  description_ind: null,
  ...extra,
});

export const milestone = (id: string, status: string, icon = 'CheckCircle'): TimelineItem => ({
  id,
  period: `Q${id} 2026`,
  title: `Milestone ${id}`,
  description: `What happened in ${id}`,
  status,
  icon,
  period_ind: null,
  title_ind: null,
  description_ind: null,
});

export const featureCard = (id: string, classification: string, extra: Partial<FeatureCard> = {}): FeatureCard => ({
  id,
  classification,
  title: `Feature ${id}`,
  subtitle: `Why feature ${id} matters`,
  icon: '⚡',
  icon_color: '#d97706',
  title_ind: null,
  subtitle_ind: null,
  ...extra,
});

/** A photo an editor uploaded to the project's storage, by name. */
export const storageUrl = (name: string) => `https://abcd.supabase.co/storage/v1/object/public/site-pictures/${name}.jpg`;

/**
 * What the build's page query returns for a processed picture (gatsbyImageData of a full-width
 * 16:10 picture with a dominant colour): the versions served from the site's own /static/ folder.
 */
export function processedPicture(name: string): IGatsbyImageData {
  const sizes = '(min-width: 1280px) 269px, (min-width: 1024px) calc(33.3vw - 56px), (min-width: 640px) calc(50vw - 58px), 154px';
  const srcSet = (ext: string) => [320, 480, 640].map((w) => `/static/${name}/${w}/${name}.${ext} ${w}w`).join(',');
  return {
    layout: 'fullWidth',
    width: 1,
    height: 0.625,
    backgroundColor: '#7898c8',
    images: {
      fallback: { src: `/static/${name}/640/${name}.jpg`, srcSet: srcSet('jpg'), sizes },
      sources: [
        { srcSet: srcSet('avif'), type: 'image/avif', sizes },
        { srcSet: srcSet('webp'), type: 'image/webp', sizes },
      ],
    },
  };
}

/** An illustration of the product snapshot as the page query returns it: 640×480 with a blurred preview. */
export function illustration(name: string): IGatsbyImageData {
  const srcSet = (ext: string) => [160, 320, 640, 1280].map((w) => `/static/${name}/${w}/${name}.${ext} ${w}w`).join(',');
  const sizes = '(min-width: 640px) 640px, 100vw';
  return {
    layout: 'constrained',
    width: 640,
    height: 480,
    backgroundColor: 'transparent',
    placeholder: { fallback: `data:image/png;base64,${name}` },
    images: {
      fallback: { src: `/static/${name}/640/${name}.png`, srcSet: srcSet('png'), sizes },
      sources: [
        { srcSet: srcSet('avif'), type: 'image/avif', sizes },
        { srcSet: srcSet('webp'), type: 'image/webp', sizes },
      ],
    },
  };
}

export const ILLUSTRATIONS = { sorter: illustration('adasorter'), worker: illustration('worker') };
