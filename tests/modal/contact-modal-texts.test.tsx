import { act, screen, within } from '@testing-library/react';
import { FIELD_MAX_LENGTH, FORM_COPY, INVESTOR_DECK_HASH, MESSAGE_ROWS, MODAL_COPY } from '../../src/content/modal';
import type { InquiryType } from '../../src/content/types';
import { openModal, renderPage } from './harness';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe.each<InquiryType>(['contact', 'investor'])('the %s modal', (type) => {
  const copy = MODAL_COPY[type];

  it("is a modal dialog named by the spec's heading and described by its text", async () => {
    const { user } = renderPage();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const dialog = await openModal(user, type);

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(copy.text);
    expect(within(dialog).getByRole('heading', { name: copy.heading })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: copy.button })).toHaveAttribute('type', 'submit');
    expect(within(dialog).getByRole('button', { name: FORM_COPY.close })).toBeInTheDocument();
  });

  it('asks for name, email and message, company optional, within the database bounds', async () => {
    const { user } = renderPage();
    const dialog = await openModal(user, type);

    const name = within(dialog).getByRole('textbox', { name: FORM_COPY.labels.name });
    const email = within(dialog).getByRole('textbox', { name: FORM_COPY.labels.email });
    const company = within(dialog).getByRole('textbox', { name: FORM_COPY.labels.company });
    const message = within(dialog).getByRole('textbox', { name: FORM_COPY.labels.message });

    expect(name).toBeRequired();
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(company).not.toBeRequired();
    expect(message).toBeRequired();
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toHaveAttribute('rows', String(MESSAGE_ROWS));

    expect(name).toHaveAttribute('maxLength', String(FIELD_MAX_LENGTH.name));
    expect(email).toHaveAttribute('maxLength', String(FIELD_MAX_LENGTH.email));
    expect(company).toHaveAttribute('maxLength', String(FIELD_MAX_LENGTH.company));
    expect(message).toHaveAttribute('maxLength', String(FIELD_MAX_LENGTH.message));

    expect(name).toHaveAttribute('autocomplete', 'name');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(company).toHaveAttribute('autocomplete', 'organization');

    // The browser's own check (docs/behaviour.md#the-contact-modal): the form must not opt out of it.
    expect(dialog.querySelector('form')).not.toHaveAttribute('novalidate');
  });
});

it('shows one modal at a time: opening the other replaces it', async () => {
  const { user } = renderPage();
  await openModal(user, 'contact');

  window.location.hash = INVESTOR_DECK_HASH;
  await act(async () => void window.dispatchEvent(new HashChangeEvent('hashchange')));

  expect(screen.getByRole('dialog')).toHaveAccessibleName(MODAL_COPY.investor.heading);
  window.history.replaceState(null, '', '/');
});

it('keeps the form as designed (small snapshot of its fields)', async () => {
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  expect(within(dialog).getAllByRole('textbox')).toHaveLength(Object.keys(FORM_COPY.labels).length);
  const fields = Object.values(FORM_COPY.labels).map((label) => {
    const field = within(dialog).getByRole('textbox', { name: label });
    return {
      label,
      tag: field.tagName.toLowerCase(),
      type: field.getAttribute('type'),
      required: field.hasAttribute('required'),
      maxLength: field.getAttribute('maxlength'),
      autoComplete: field.getAttribute('autocomplete'),
    };
  });
  expect(fields).toMatchSnapshot();
});
