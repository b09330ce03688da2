// The modal behaves as people expect of a dialog: focus in, trapped, Escape and Close close it,
// focus back on the opener, the page behind neither scrolls nor takes focus or clicks.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FORM_COPY, MODAL_COPY, PRIVACY_NOTICE_COPY } from '../../src/content/modal';
import { OPENER_NAMES, afterPaint, openModal, renderPage } from './harness';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('moves focus to the first field when it opens', async () => {
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.name })).toHaveFocus();
});

it('keeps Tab and Shift+Tab cycling inside the dialog', async () => {
  const { user } = renderPage();
  const dialog = await openModal(user, 'investor');
  const first = within(dialog).getByRole('textbox', { name: FORM_COPY.labels.name });
  const close = within(dialog).getByRole('button', { name: FORM_COPY.close });

  await user.tab({ shift: true });
  expect(close).toHaveFocus();
  await user.tab();
  expect(first).toHaveFocus();

  const visited: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    await user.tab();
    visited.push(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  }
  // email, company, message, submit, the privacy notice's link, close, then back to the first field
  expect(first).toHaveFocus();
  expect(visited).toContain(MODAL_COPY.investor.button);
  expect(visited).toContain(PRIVACY_NOTICE_COPY.link);
  expect(visited).toContain(FORM_COPY.close);
});

it('brings focus back into the dialog when it was lost to the page', async () => {
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  act(() => (document.activeElement as HTMLElement).blur());
  expect(document.body).toHaveFocus();

  await user.tab();
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.name })).toHaveFocus();
});

it.each(['Escape key', 'Close button'])('closes with the %s and gives focus back to the opener', async (how) => {
  const { user } = renderPage();
  const opener = screen.getByRole('button', { name: OPENER_NAMES.contact });
  const dialog = await openModal(user, 'contact');
  expect(opener).not.toHaveFocus();

  if (how === 'Escape key') await user.keyboard('{Escape}');
  else await user.click(within(dialog).getByRole('button', { name: FORM_COPY.close }));

  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await afterPaint();
  expect(opener).toHaveFocus();
});

it('leaves Escape to an input method while it is composing text', async () => {
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  fireEvent.keyDown(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.name }), { key: 'Escape', isComposing: true });
  expect(screen.getByRole('dialog')).toBe(dialog);
});

it('closes on a click on the backdrop, not on a click inside the card', async () => {
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  await user.click(within(dialog).getByRole('heading', { name: MODAL_COPY.contact.heading }));
  expect(screen.getByRole('dialog')).toBe(dialog);

  await user.click(dialog.parentElement as HTMLElement);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('leaves the DOM once it has faded out', async () => {
  const { user } = renderPage();
  await openModal(user, 'contact');
  await user.keyboard('{Escape}');
  // The dialog leaves a round after its fade ends, which on a busy machine came after a single look;
  // waitFor moves the fake clock on and looks again, for up to its 1 s.
  await waitFor(() => expect(document.querySelector('[role="dialog"]')).toBeNull());
});

it('makes the page behind inert while open, right after the frame that answers the click', async () => {
  const { user } = renderPage();
  const page = screen.getByRole('main').parentElement as HTMLElement;
  expect(page).not.toHaveAttribute('inert');

  const dialog = await openModal(user, 'contact');
  // Restyling the whole page waits for the next paint, so it does not hold up the click's response.
  expect(page).not.toHaveAttribute('inert');
  await afterPaint();
  expect(page).toHaveAttribute('inert');
  expect(page).not.toContainElement(dialog);

  await user.keyboard('{Escape}');
  await afterPaint();
  expect(page).not.toHaveAttribute('inert');
});

describe('the page behind', () => {
  const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
  afterEach(() => {
    if (clientWidth) Object.defineProperty(Element.prototype, 'clientWidth', clientWidth);
  });

  it('does not scroll while a modal is open, without shifting by the scrollbar width', async () => {
    // A 1024 px window whose scrollbar takes 15 px.
    Object.defineProperty(Element.prototype, 'clientWidth', {
      configurable: true,
      get() {
        return this === document.documentElement ? window.innerWidth - 15 : 0;
      },
    });
    document.body.style.paddingRight = '';
    const { user } = renderPage();
    await openModal(user, 'investor');
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.body.style.paddingRight).toBe('15px');

    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
    expect(document.body.style.paddingRight).toBe('');
  });
});
