// A tap on "Chat with us" before the page's JavaScript has started is kept by the inline script in
// the page's head and answered when the modal's provider starts: on a slow phone the bundles arrive
// a while after the first paint, and the tap must not be lost.
import { screen } from '@testing-library/react';
import { MODAL_COPY } from '../../src/content/modal';
import { EARLY_INTENT_SCRIPT, OPENS_MODAL_ATTRIBUTE, takeEarlyModalIntent } from '../../src/lib/early-intent';
import { renderPage } from './harness';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  delete window.__takeEarlyModalIntent;
  document.body.innerHTML = '';
});

/** The server-rendered button, before React: a plain element that carries the opener attribute. */
function staticOpener(type: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.setAttribute(OPENS_MODAL_ATTRIBUTE, type);
  button.innerHTML = '<span>Chat with us</span>';
  document.body.append(button);
  return button;
}

// The page runs the script as an inline <script> in its head; so does this test (jsdom runs it).
function runInlineScript(): void {
  const script = document.createElement('script');
  script.textContent = EARLY_INTENT_SCRIPT;
  document.head.append(script);
  script.remove();
}

it('opens the contact modal for a tap made before the page was interactive', async () => {
  runInlineScript();
  // The tap lands on the icon or label inside the button: the script looks up to the button.
  staticOpener('contact').querySelector('span')?.click();

  renderPage();
  expect(await screen.findByRole('dialog', { name: MODAL_COPY.contact.heading })).toBeInTheDocument();
});

it('notes nothing once the note is taken (the provider takes it when it starts), so a later click is React’s alone', () => {
  runInlineScript();
  const opener = staticOpener('investor');
  expect(takeEarlyModalIntent()).toBeNull();
  opener.click();
  expect(takeEarlyModalIntent()).toBeNull();
});

it('ignores taps elsewhere and attribute values that name no modal', () => {
  runInlineScript();
  document.body.click();
  expect(window.__takeEarlyModalIntent?.()).toBeNull();

  runInlineScript();
  staticOpener('newsletter').click();
  expect(takeEarlyModalIntent()).toBeNull();
});

it('is a no-op on a page without the inline script', () => {
  expect(takeEarlyModalIntent()).toBeNull();
});
