// The modal's two backend moments besides the submission itself: the connection test when it opens
// (call 4 of docs/behaviour.md#the-calls-the-page-makes) and the honeypot, a field only bots fill, which turns a submission into a fake
// success that sends nothing.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { HONEYPOT_FIELD, MODAL_COPY } from '../../src/content/modal';
import { testConnection } from '../../src/lib/connection-test';
import { submitInquiry } from '../../src/lib/submit-inquiry';
import { enter, openModal, renderPage } from '../modal/harness';

jest.mock('../../src/lib/submit-inquiry', () => ({ submitInquiry: jest.fn() }));
jest.mock('../../src/lib/connection-test', () => ({ testConnection: jest.fn() }));
const submit = jest.mocked(submitInquiry);
const connectionTest = jest.mocked(testConnection);

beforeEach(() => {
  jest.useFakeTimers();
  submit.mockReset().mockResolvedValue(undefined);
  connectionTest.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  jest.useRealTimers();
});

/** What a person fills in: every field the form shows that is required. */
const VISIBLE_FIELDS = { name: 'Ayu Lestari', email: 'ayu@example.com', message: 'Hello' } as const;

const honeypot = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD.name}"]`);

describe('the connection test', () => {
  it('runs when a modal opens, once per opening, and not before', async () => {
    const { user } = renderPage();
    expect(connectionTest).not.toHaveBeenCalled();
    const dialog = await openModal(user, 'contact');
    expect(connectionTest).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await act(async () => jest.advanceTimersByTime(500));
    expect(connectionTest).toHaveBeenCalledTimes(1);

    await openModal(user, 'investor');
    expect(connectionTest).toHaveBeenCalledTimes(2);
  });
});

describe('the honeypot', () => {
  it('is in the form for bots, and out of reach for people: off-screen, hidden from assistive technology, out of the tab order, no autofill', async () => {
    const { user } = renderPage();
    const dialog = await openModal(user, 'contact');
    const field = honeypot(dialog);
    expect(field).not.toBeNull();
    expect(field).toHaveAttribute('tabindex', '-1');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(field?.closest('[aria-hidden="true"]')).not.toBeNull();
    // Not display:none or visibility:hidden, which bots check for; placed off-screen instead.
    expect(field?.closest('[aria-hidden="true"]')).toHaveClass('absolute');
    // The accessibility tree holds the four fields of the form and nothing else.
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['name', 'email', 'company', 'message']);

    // Tabbing through the whole dialog never lands on it.
    const reached = new Set<Element | null>();
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      reached.add(document.activeElement);
    }
    expect(reached.has(field)).toBe(false);
  });

  it('when filled, shows the usual success and sends nothing', async () => {
    const { user } = renderPage();
    const dialog = await openModal(user, 'investor');
    await enter(user, dialog, VISIBLE_FIELDS);
    fireEvent.change(honeypot(dialog) as HTMLInputElement, { target: { value: 'https://spam.example' } });
    await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.investor.button }));

    expect(await screen.findByRole('dialog', { name: MODAL_COPY.investor.successTitle })).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('left empty, lets a person’s submission through', async () => {
    const { user } = renderPage();
    const dialog = await openModal(user, 'contact');
    await enter(user, dialog, VISIBLE_FIELDS);
    await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button }));
    expect(await screen.findByRole('dialog', { name: MODAL_COPY.contact.successTitle })).toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
