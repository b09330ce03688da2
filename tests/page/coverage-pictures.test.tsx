// A coverage card's picture (issue 11): the build's processed versions when it has them, a site
// path as it is, and the fallback icon, never a broken image and never an unprocessed original, for
// any picture that cannot be shown (a photo that arrived with the refresh waits for the rebuild).
import { act, fireEvent } from '@testing-library/react';
import { InLanguage, render } from '../support/page-language';
import React from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CoverageCard } from '../../src/components/CoverageCard';
import type { BuiltPictures } from '../../src/content/pictures';
import type { MaterialCoverageItem } from '../../src/content/types';
import { material, processedPicture, storageUrl } from './fixtures';

const PHOTO = storageUrl('pet');
const SITE_PATH = '/images/materials/pet.svg';
const withPhoto = (image: string | null = PHOTO): MaterialCoverageItem => material('pet', 'live', { image });
const PROCESSED: BuiltPictures = new Map([[PHOTO, processedPicture('pet')]]);

function renderCard(item: MaterialCoverageItem, pictures?: BuiltPictures) {
  const { container, rerender } = render(<CoverageCard item={item} pictures={pictures} />);
  const card = container.querySelector('article') as HTMLElement;
  return { card, rerender: (next: MaterialCoverageItem) => rerender(<CoverageCard item={next} pictures={pictures} />) };
}

const showsIcon = (card: HTMLElement) => card.querySelector('img') === null && card.querySelector('svg') !== null;

describe('a coverage card', () => {
  it('shows a processed picture from the site: AVIF and WebP in the card’s widths, lazy, over a placeholder of its size', () => {
    const { card } = renderCard(withPhoto(), PROCESSED);
    const sources = [...card.querySelectorAll('picture source')].map((source) => ({
      type: source.getAttribute('type'),
      srcset: source.getAttribute('data-srcset') ?? source.getAttribute('srcset'),
      sizes: source.getAttribute('sizes'),
    }));
    expect(sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]?.srcset).toContain('/static/pet/320/pet.avif 320w');
    expect(sources[0]?.sizes).toMatch(/, 154px$/);
    const main = card.querySelector('picture img') as HTMLImageElement;
    expect(main).toHaveAttribute('loading', 'lazy');
    expect(main).toHaveAttribute('decoding', 'async');
    expect(main.getAttribute('srcset')).toContain('/static/pet/320/pet.jpg 320w');
    // The visitor's browser never asks the storage for the original.
    expect(card.innerHTML).not.toContain(PHOTO);
    // The placeholder colour fills the picture's box, which the sizer holds at 16:10 from the start;
    // the picture covers the whole box once it arrives.
    const box = main.closest('picture')?.parentElement as HTMLElement;
    expect(box.style.backgroundColor).toBe('rgb(120, 152, 200)');
    expect((box.firstElementChild as HTMLElement).style.paddingTop).toBe('62.5%');
    expect(main.className).toContain('absolute inset-0 size-full');
  });

  it('shows the icon, and loads nothing, for a photo the build never saw (its row changed since)', () => {
    const { card } = renderCard(withPhoto(), new Map());
    expect(showsIcon(card)).toBe(true);
    expect(card.innerHTML).not.toContain(PHOTO);
  });

  it('shows a site path as it is: lazy, with its size set', () => {
    const { card } = renderCard(withPhoto(SITE_PATH));
    const image = card.querySelector('img') as HTMLImageElement;
    expect(image).toHaveAttribute('src', SITE_PATH);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['320', '200']);
  });

  it('shows the icon, without loading anything, for a picture the build could not use', () => {
    const { card } = renderCard(withPhoto(), new Map([[PHOTO, null]]));
    expect(showsIcon(card)).toBe(true);
  });

  it.each([
    ['a site path', withPhoto('/images/materials/gone.svg'), undefined],
    ['a processed picture', withPhoto(), PROCESSED],
  ] as const)('shows the icon instead of a broken image when %s fails to load', (_name, item, pictures) => {
    const { card } = renderCard(item, pictures);
    fireEvent.error(card.querySelector('img') as HTMLImageElement);
    expect(showsIcon(card)).toBe(true);
  });

  it('tries the new picture when the refresh changes a row whose picture had failed', () => {
    const { card, rerender } = renderCard(withPhoto('/images/materials/gone.svg'));
    fireEvent.error(card.querySelector('img') as HTMLImageElement);
    rerender(withPhoto(SITE_PATH));
    expect(card.querySelector('img')).toHaveAttribute('src', SITE_PATH);
  });
});

describe('a picture of the static page', () => {
  /** The card's HTML as the build wrote it, with its picture in the state the browser reached. */
  async function hydrateWithPicture(state: { complete: boolean; naturalWidth: number }) {
    const item = withPhoto(SITE_PATH);
    // The same markup the server rendering writes (jsdom lacks what react-dom/server needs).
    const rendered = render(<CoverageCard item={item} />);
    // React serialises a custom property in a style attribute without the space and semicolon.
    const html = rendered.container.innerHTML.replace('--status-opacity: 1;', '--status-opacity:1');
    rendered.unmount();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const image = container.querySelector('img') as HTMLImageElement;
    Object.defineProperties(image, {
      complete: { value: state.complete },
      naturalWidth: { value: state.naturalWidth },
      currentSrc: { value: SITE_PATH },
    });
    await act(async () => {
      hydrateRoot(
        container,
        <InLanguage>
          <CoverageCard item={item} />
        </InLanguage>,
      );
    });
    return container.querySelector('article') as HTMLElement;
  }

  it('that failed before the page came alive gives way to the icon', async () => {
    expect(showsIcon(await hydrateWithPicture({ complete: true, naturalWidth: 0 }))).toBe(true);
  });

  it('that loaded, or is still loading, stays', async () => {
    expect((await hydrateWithPicture({ complete: true, naturalWidth: 320 })).querySelector('img')).toHaveAttribute('src', SITE_PATH);
    expect((await hydrateWithPicture({ complete: false, naturalWidth: 0 })).querySelector('img')).toHaveAttribute('src', SITE_PATH);
  });
});
