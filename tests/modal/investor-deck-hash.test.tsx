// docs/architecture.md: the investor modal opens from the URL hash #investor-deck, on load and when the hash
// changes; closing removes the hash without a new history entry, so the link works again.
import { act, screen } from '@testing-library/react';
import { INVESTOR_DECK_HASH, MODAL_COPY } from '../../src/content/modal';
import { OPENER_NAMES, afterPaint, renderPage } from './harness';

beforeEach(() => {
  jest.useFakeTimers();
  window.history.replaceState(null, '', '/');
});
afterEach(() => jest.useRealTimers());

function navigateToHash(hash: string) {
  // pushState changes the URL as a click on the link would, without the event: dispatch it, as the browser does.
  window.history.pushState(null, '', hash);
  act(() => void window.dispatchEvent(new HashChangeEvent('hashchange')));
}

it('opens the investor modal when the page loads with #investor-deck', async () => {
  window.history.replaceState(null, '', `/${INVESTOR_DECK_HASH}`);
  renderPage();
  expect(await screen.findByRole('dialog', { name: MODAL_COPY.investor.heading })).toBeInTheDocument();
});

it('opens the investor modal when the hash changes to #investor-deck', async () => {
  renderPage();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  navigateToHash(INVESTOR_DECK_HASH);
  expect(await screen.findByRole('dialog', { name: MODAL_COPY.investor.heading })).toBeInTheDocument();
});

it('ignores other hashes', async () => {
  renderPage();
  navigateToHash('#coverage');
  await act(async () => {
    jest.advanceTimersByTime(100);
  });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('clears the hash on close without adding a history entry, so the same link opens it again', async () => {
  const { user } = renderPage();
  navigateToHash(INVESTOR_DECK_HASH);
  await screen.findByRole('dialog', { name: MODAL_COPY.investor.heading });
  const entries = window.history.length;

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(window.location.hash).toBe('');
  expect(window.location.pathname).toBe('/');
  expect(window.history.length).toBe(entries);

  navigateToHash(INVESTOR_DECK_HASH);
  expect(await screen.findByRole('dialog', { name: MODAL_COPY.investor.heading })).toBeInTheDocument();
});

it('closes when Back leaves #investor-deck, and the focus goes back to the link that set it', async () => {
  renderPage();
  const link = document.createElement('a');
  link.href = INVESTOR_DECK_HASH;
  link.textContent = 'Investor deck link';
  document.body.prepend(link);
  link.focus();
  navigateToHash(INVESTOR_DECK_HASH);
  await screen.findByRole('dialog', { name: MODAL_COPY.investor.heading });

  // Back: the URL loses the hash (history.back() is asynchronous in jsdom; the effect is the same).
  window.history.replaceState(null, '', '/');
  await act(async () => void window.dispatchEvent(new HashChangeEvent('hashchange')));

  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await afterPaint();
  expect(link).toHaveFocus();
  link.remove();
});

it('stays open on other hash changes when it was opened by a button', async () => {
  const { user } = renderPage();
  await user.click(screen.getByRole('button', { name: OPENER_NAMES.investor }));
  await screen.findByRole('dialog', { name: MODAL_COPY.investor.heading });
  navigateToHash('#coverage');
  expect(screen.getByRole('dialog', { name: MODAL_COPY.investor.heading })).toBeInTheDocument();
});
