/**
 * @jest-environment node
 */
// The page as `gatsby build` writes it (server rendering, no browser): every list is in the HTML
// and nothing in it starts hidden waiting for JavaScript, which would delay the Largest Contentful
// Paint and leave a blank page without scripts.
import React from 'react';
import { renderToString } from 'react-dom/server';
import { ContactModalProvider } from '../../src/components/ContactModalProvider';
import { LandingPage } from '../../src/components/LandingPage';
import { readyList } from '../../src/content/lists';
import { SITE } from '../../src/content/site';
import { InLanguage } from '../support/page-language';
import { ILLUSTRATIONS, featureCard, material, milestone } from './fixtures';

const html = renderToString(
  <InLanguage>
    <ContactModalProvider>
      <LandingPage
        productName={SITE.productName}
        coverage={readyList([material('pet', 'live'), material('organics', 'coming-soon')])}
        timeline={readyList([milestone('1', 'completed'), milestone('2', 'current')])}
        adasorter={readyList([featureCard('a1', 'adasorter')])}
        worker={readyList([featureCard('w1', 'worker')])}
        illustrations={ILLUSTRATIONS}
      />
    </ContactModalProvider>
  </InLanguage>,
);

it('holds every section and list item in the static HTML', () => {
  for (const text of [
    'RECOVER',
    'MORE',
    'Material pet',
    'Material organics',
    'Milestone 2',
    'Feature a1',
    'Feature w1',
    'Jakarta, Indonesia',
  ]) {
    expect(html).toContain(text);
  }
});

it('starts nothing hidden', () => {
  expect(html).toContain('<li');
  expect(html).not.toMatch(/opacity:\s*0(?![.\d])/);
  expect(html).not.toMatch(/visibility:\s*hidden/);
});

it('holds no skeleton: the lists arrive with the page', () => {
  expect(html).not.toContain('aria-busy');
});
