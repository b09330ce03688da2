// The submission path on the embedded default (no backend settings): Sending..., the 1500 ms
// simulation, the success view by type, and the 2000 ms auto-close that resets the form.
import { act, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import {
  BACKEND_NOT_CONFIGURED_LOG,
  FORM_COPY,
  MODAL_COPY,
  SIMULATED_SUBMIT_DELAY_MS,
  SUCCESS_AUTO_CLOSE_MS,
} from '../../src/content/modal';
import type { InquiryType } from '../../src/content/types';
import { enter, openModal, renderPage } from './harness';
import { withoutBackendSettings } from './without-backend';

const warn = withoutBackendSettings();

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, type: InquiryType) {
  await enter(user, dialog, { name: 'Ayu Lestari', email: 'ayu@example.com', company: 'Kota Bersih', message: 'Hello there' });
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY[type].button }));
}

describe.each<InquiryType>(['contact', 'investor'])('sending the %s modal', (type) => {
  const copy = MODAL_COPY[type];

  it('reads Sending... with the button disabled for 1500 ms, logs that the backend is not configured, then shows its success view', async () => {
    const { user } = renderPage();
    const dialog = await openModal(user, type);
    await fillAndSend(user, dialog, type);

    const sending = within(dialog).getByRole('button', { name: FORM_COPY.sending });
    expect(sending).toBeDisabled();
    expect(warn()).toHaveBeenCalledWith(BACKEND_NOT_CONFIGURED_LOG);

    await advance(SIMULATED_SUBMIT_DELAY_MS - 1);
    expect(within(dialog).getByRole('button', { name: FORM_COPY.sending })).toBeDisabled();
    expect(screen.queryByText(copy.successTitle)).not.toBeInTheDocument();

    await advance(1);
    const success = screen.getByRole('dialog', { name: copy.successTitle });
    expect(success).toHaveAccessibleDescription(copy.successBody);
    expect(within(success).getByRole('heading', { name: copy.successTitle })).toBeInTheDocument();
    expect(within(success).getByText(copy.successBody)).toBeInTheDocument();
    expect(within(success).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('closes exactly 2000 ms after the success view appears and opens next time on an empty form', async () => {
    const { user } = renderPage();
    const dialog = await openModal(user, type);
    await fillAndSend(user, dialog, type);
    await advance(SIMULATED_SUBMIT_DELAY_MS);
    expect(screen.getByRole('dialog', { name: copy.successTitle })).toBeInTheDocument();

    await advance(SUCCESS_AUTO_CLOSE_MS - 1);
    expect(screen.getByRole('dialog', { name: copy.successTitle })).toBeInTheDocument();

    await advance(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const reopened = await openModal(user, type);
    for (const label of Object.values(FORM_COPY.labels)) {
      expect(within(reopened).getByRole('textbox', { name: label })).toHaveValue('');
    }
    expect(within(reopened).getByRole('button', { name: copy.button })).toBeEnabled();
  });
});

it('keeps a draft when the modal is closed without sending', async () => {
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  await enter(user, dialog, { message: 'Half written' });
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  const reopened = await openModal(user, 'contact');
  expect(within(reopened).getByRole('textbox', { name: FORM_COPY.labels.message })).toHaveValue('Half written');
});
