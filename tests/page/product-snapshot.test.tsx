import { screen, within } from '@testing-library/react';
import { render } from '../support/page-language';
import React from 'react';
import { ProductSnapshot } from '../../src/components/ProductSnapshot';
import { SKELETON_COUNT } from '../../src/content/constants';
import { LIST_TEXT, SNAPSHOT } from '../../src/content/copy';
import type { ListData } from '../../src/content/lists';
import { SITE } from '../../src/content/site';
import type { FeatureCard } from '../../src/content/types';
import { ILLUSTRATIONS, featureCard } from './fixtures';

function renderSnapshot(adasorter: ListData<FeatureCard>, worker: ListData<FeatureCard>) {
  render(
    <ProductSnapshot
      id="product-snapshot"
      productName={SITE.productName}
      adasorter={adasorter}
      worker={worker}
      illustrations={ILLUSTRATIONS}
    />,
  );
  return {
    sorter: screen.getByRole('article', { name: SITE.productName }),
    workers: screen.getByRole('article', { name: SNAPSHOT.workerTitle }),
  };
}

describe('Product snapshot', () => {
  it('titles the left column with the product name and the right one as the spec says', () => {
    const { sorter, workers } = renderSnapshot({ status: 'ready', items: [] }, { status: 'ready', items: [] });
    expect(within(sorter).getByRole('heading', { level: 2 })).toHaveTextContent('AdaSorter');
    expect(within(workers).getByRole('heading', { level: 2 })).toHaveTextContent('Enhancing Waste Sorter Productivity');
    expect(within(workers).getByText('Assisted by AI and robotics')).toBeInTheDocument();
  });

  it('shows each column its processed illustration with a fixed size, lazily, in modern formats first', () => {
    const { sorter, workers } = renderSnapshot({ status: 'ready', items: [] }, { status: 'ready', items: [] });
    const sorterImage = within(sorter).getByRole('img', { name: SNAPSHOT.sorterImageAlt });
    expect(sorterImage).toHaveAttribute('width', '640');
    expect(sorterImage).toHaveAttribute('height', '480');
    expect(sorterImage).toHaveAttribute('loading', 'lazy');
    expect(sorterImage).toHaveAttribute('src', ILLUSTRATIONS.sorter.images.fallback?.src);
    const sources = [...(sorterImage.closest('picture')?.querySelectorAll('source') ?? [])].map((s) => s.getAttribute('type'));
    expect(sources).toEqual(['image/avif', 'image/webp']);
    // The blurred preview fills the box (held at 4:3) until the picture covers it.
    const box = sorterImage.closest('picture')?.parentElement as HTMLElement;
    expect(box.style.backgroundImage).toContain('data:image/png;base64,adasorter');
    expect((box.firstElementChild as HTMLElement).style.paddingTop).toBe('75%');
    expect(within(workers).getByRole('img', { name: SNAPSHOT.workerImageAlt })).toHaveAttribute(
      'src',
      ILLUSTRATIONS.worker.images.fallback?.src,
    );
  });

  it('puts the adasorter cards left and the worker cards right, glyph in its colour', () => {
    const { sorter, workers } = renderSnapshot(
      { status: 'ready', items: [featureCard('a1', 'adasorter', { icon: '👁', icon_color: '#0f766e' }), featureCard('a2', 'adasorter')] },
      { status: 'ready', items: [featureCard('w1', 'worker', { icon: '10×', icon_color: '#15803d' })] },
    );
    expect(
      within(sorter)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Feature a1', 'Feature a2']);
    expect(
      within(workers)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Feature w1']);
    expect(within(workers).getByText('Why feature w1 matters')).toBeInTheDocument();
    const glyph = within(workers).getByText('10×');
    expect(glyph).toHaveStyle({ color: '#15803d' });
    expect(glyph).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the empty text in a column without cards', () => {
    const { sorter, workers } = renderSnapshot({ status: 'ready', items: [] }, { status: 'ready', items: [featureCard('w1', 'worker')] });
    expect(within(sorter).getByText(LIST_TEXT.features.empty)).toBeInTheDocument();
    expect(within(workers).queryByText(LIST_TEXT.features.empty)).toBeNull();
  });

  it('shows the error text', () => {
    const { sorter } = renderSnapshot({ status: 'error', items: [] }, { status: 'ready', items: [] });
    expect(within(sorter).getByRole('alert')).toHaveTextContent(LIST_TEXT.features.error);
  });

  it('shows three skeleton cards per column while loading', () => {
    const { sorter, workers } = renderSnapshot({ status: 'loading', items: [] }, { status: 'loading', items: [] });
    expect(within(sorter).getByRole('status').querySelectorAll('li')).toHaveLength(SKELETON_COUNT.features);
    expect(within(workers).getByRole('status').querySelectorAll('li')).toHaveLength(3);
  });
});
