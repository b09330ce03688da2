// The whole page with the real contact modal provider: landmarks, heading order, and the openers of
// both modals.
import { act, screen, within } from '@testing-library/react';
import { render } from '../support/page-language';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import React from 'react';
import { ContactModalProvider } from '../../src/components/ContactModalProvider';
import { LandingPage, type LandingContent } from '../../src/components/LandingPage';
import { COVERAGE, FOOTER, TIMELINE } from '../../src/content/copy';
import { readyList } from '../../src/content/lists';
import { MODAL_COPY } from '../../src/content/modal';
import { SITE } from '../../src/content/site';
import { ILLUSTRATIONS, featureCard, material, milestone } from './fixtures';

MotionGlobalConfig.skipAnimations = true;

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: jest.fn() });
});
beforeEach(() => window.history.replaceState(null, '', '/'));

const content: LandingContent = {
  productName: SITE.productName,
  coverage: readyList([material('pet', 'live'), material('organics', 'coming-soon')]),
  timeline: readyList([milestone('1', 'completed'), milestone('2', 'current'), milestone('3', 'upcoming', 'Rocket')]),
  adasorter: readyList([featureCard('a1', 'adasorter')]),
  worker: readyList([featureCard('w1', 'worker')]),
  illustrations: ILLUSTRATIONS,
};

const renderPage = () =>
  render(
    <ContactModalProvider>
      <LandingPage {...content} />
    </ContactModalProvider>,
  );

describe('the landing page', () => {
  it('has a banner, one main and a footer, and its headings go h1 → h2 → h3 in order', () => {
    renderPage();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
    });
    const sections = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sections).toEqual([SITE.productName, 'Enhancing Waste Sorter Productivity', COVERAGE.title, TIMELINE.title]);
  });

  it('opens the contact modal from Chat with us, and again from the footer’s Chat with Us', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Chat with us' }));
    const dialog = await screen.findByRole('dialog', { name: MODAL_COPY.contact.heading });
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Chat with Us' }));
    expect(await screen.findByRole('dialog', { name: MODAL_COPY.contact.heading })).toBeInTheDocument();
  });

  it('opens the investor modal from the footer’s discreet link', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('link', { name: FOOTER.investor }));
    // jsdom moves to the fragment; the browser would then fire hashchange.
    expect(window.location.hash).toBe('#investor-deck');
    act(() => void window.dispatchEvent(new HashChangeEvent('hashchange')));
    expect(await screen.findByRole('dialog', { name: MODAL_COPY.investor.heading })).toBeInTheDocument();
  });
});
