// Rows of an adopted project leave optional columns empty (docs/architecture.md): the page
// falls back for each one and never shows "null", an empty paragraph or a broken picture.
import { screen, within } from '@testing-library/react';
import { render } from '../support/page-language';
import { MotionGlobalConfig } from 'framer-motion';
import React from 'react';
import { ContactModalProvider } from '../../src/components/ContactModalProvider';
import { LandingPage } from '../../src/components/LandingPage';
import { COVERAGE, SNAPSHOT, STATUS_LABELS, TIMELINE } from '../../src/content/copy';
import { FEATURE_ICON_FALLBACK_COLOR } from '../../src/content/fallbacks';
import { readyList } from '../../src/content/lists';
import { SITE } from '../../src/content/site';
import { ILLUSTRATIONS } from './fixtures';

MotionGlobalConfig.skipAnimations = true;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: jest.fn() });
});

function renderEmptyRows() {
  return render(
    <ContactModalProvider>
      <LandingPage
        productName={SITE.productName}
        coverage={readyList([
          { id: '12', name: 'Bare material', description: null, image: null, status: null, name_ind: null, description_ind: null },
          {
            id: '13',
            name: 'Old picture',
            description: null,
            image: 'http://old-cdn.example/a.jpg',
            status: 'live',
            name_ind: null,
            description_ind: null,
          },
        ])}
        timeline={readyList([
          {
            id: '7',
            period: null,
            title: 'Bare milestone',
            description: null,
            status: null,
            icon: null,
            period_ind: null,
            title_ind: null,
            description_ind: null,
          },
        ])}
        adasorter={readyList([
          {
            id: '1',
            classification: 'adasorter',
            title: 'Bare card',
            subtitle: null,
            icon: null,
            icon_color: null,
            title_ind: null,
            subtitle_ind: null,
          },
        ])}
        worker={readyList([])}
        illustrations={ILLUSTRATIONS}
      />
    </ContactModalProvider>,
  );
}

const article = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article') as HTMLElement;

it('never shows "null", "undefined" or an empty paragraph', () => {
  const { container } = renderEmptyRows();
  expect(container.textContent).not.toMatch(/\bnull\b|\bundefined\b/);
  const emptyParagraphs = [...container.querySelectorAll('article p')].filter((p) => p.textContent?.trim() === '');
  expect(emptyParagraphs).toEqual([]);
});

it('a coverage card without picture or status shows the neutral icon and the least advanced status', () => {
  renderEmptyRows();
  const card = article('Bare material');
  expect(card.querySelector('img')).toBeNull();
  expect(card.querySelector('svg')).not.toBeNull();
  expect(within(card).getByText(STATUS_LABELS.material['coming-soon'])).toBeInTheDocument();
  expect(card.querySelectorAll('p')).toHaveLength(0);
  // A picture the page may not load (http on an https site) falls back the same way.
  expect(article('Old picture').querySelector('img')).toBeNull();
  expect(within(screen.getByRole('region', { name: COVERAGE.title })).getAllByRole('heading', { level: 3 })).toHaveLength(2);
});

it('a milestone without period, icon or status shows the check icon and the upcoming status', () => {
  renderEmptyRows();
  const card = article('Bare milestone');
  expect(card.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'CheckCircle');
  expect(within(card).getByText(STATUS_LABELS.timeline.upcoming)).toBeInTheDocument();
  expect(screen.getByRole('region', { name: TIMELINE.title })).toContainElement(card);
});

it('a feature card without glyph, colour or subtitle shows a neutral icon in the brand colour', () => {
  renderEmptyRows();
  const card = article('Bare card');
  const glyph = card.querySelector('[aria-hidden="true"]') as HTMLElement;
  expect(glyph.querySelector('svg')).not.toBeNull();
  expect(glyph.style.color).toBe(FEATURE_ICON_FALLBACK_COLOR);
  expect(card.querySelectorAll('p')).toHaveLength(0);
  expect(screen.getByRole('region', { name: SNAPSHOT.sectionLabel })).toContainElement(card);
});
