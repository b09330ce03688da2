// A failed submission (docs/architecture.md): logged, shown inline, nothing typed is lost, the button works
// again. And one click sends one inquiry.
import { act, screen, within } from '@testing-library/react';
import {
  FIELD_LABELS,
  MODAL_COPY,
  SENDING_LABEL,
  RATE_LIMITED_MESSAGE,
  SUBMIT_FAILED_LOG,
  SUBMIT_FAILED_MESSAGE,
} from '../../src/content/modal';
import { BackendCallFailed } from '../../src/lib/backend-call';
import { submitFailureOf } from '../../src/lib/submit-failure';
import { submitInquiry, type InquiryFields } from '../../src/lib/submit-inquiry';
import { openModal, renderPage } from './harness';

jest.mock('../../src/lib/submit-inquiry', () => ({ submitInquiry: jest.fn() }));
const submit = jest.mocked(submitInquiry);

let consoleError: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  submit.mockReset();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  jest.useRealTimers();
});

const typed: Omit<InquiryFields, 'type'> = {
  language: 'en',
  name: 'Budi Santoso',
  email: 'budi@example.com',
  company: 'Daur Ulang Jaya',
  message: 'Please send the deck',
};

it('logs the error, says so inline and keeps everything typed with the button enabled again', async () => {
  const failure = new Error('insert rejected');
  let rejectSubmit: (error: Error) => void = () => undefined;
  submit.mockImplementation(() => new Promise<void>((_resolve, reject) => (rejectSubmit = reject)));

  const { user } = renderPage();
  const dialog = await openModal(user, 'investor');
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.name }), typed.name);
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.email }), typed.email);
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.company }), typed.company);
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.message }), typed.message);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.investor.button }));

  expect(submit).toHaveBeenCalledWith({ type: 'investor', ...typed });
  expect(within(dialog).getByRole('button', { name: SENDING_LABEL })).toBeDisabled();
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

  await act(async () => rejectSubmit(failure));

  expect(consoleError).toHaveBeenCalledWith(SUBMIT_FAILED_LOG, failure);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(SUBMIT_FAILED_MESSAGE);
  expect(within(dialog).getByRole('textbox', { name: FIELD_LABELS.name })).toHaveValue(typed.name);
  expect(within(dialog).getByRole('textbox', { name: FIELD_LABELS.email })).toHaveValue(typed.email);
  expect(within(dialog).getByRole('textbox', { name: FIELD_LABELS.company })).toHaveValue(typed.company);
  expect(within(dialog).getByRole('textbox', { name: FIELD_LABELS.message })).toHaveValue(typed.message);
  expect(within(dialog).getByRole('button', { name: MODAL_COPY.investor.button })).toBeEnabled();
  expect(screen.getByRole('dialog', { name: MODAL_COPY.investor.heading })).toBe(dialog);

  // Trying again clears the message and succeeds.
  submit.mockResolvedValueOnce(undefined);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.investor.button }));
  expect(await screen.findByRole('dialog', { name: MODAL_COPY.investor.successTitle })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('says to wait, in its own words, when the backend refuses the insert with 429, and keeps everything typed', async () => {
  const refused = new BackendCallFailed('insert into contact_submissions', 429, 'Too many inquiries from this address');
  submit.mockRejectedValueOnce(refused);
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.name }), typed.name);
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.email }), typed.email);
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.message }), typed.message);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(RATE_LIMITED_MESSAGE);
  expect(within(dialog).queryByText(SUBMIT_FAILED_MESSAGE)).not.toBeInTheDocument();
  expect(consoleError).toHaveBeenCalledWith(SUBMIT_FAILED_LOG, refused);
  expect(within(dialog).getByRole('textbox', { name: FIELD_LABELS.name })).toHaveValue(typed.name);
  expect(within(dialog).getByRole('textbox', { name: FIELD_LABELS.message })).toHaveValue(typed.message);
  expect(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button })).toBeEnabled();
});

it('tells a 429 from the backend apart from every other failure', () => {
  expect(submitFailureOf(new BackendCallFailed('insert', 429, ''))).toBe('rate-limited');
  for (const error of [
    new BackendCallFailed('insert', 500, ''),
    new BackendCallFailed('insert', 0, ''),
    new Error('429'),
    { status: 429 },
    null,
  ]) {
    expect(submitFailureOf(error)).toBe('error');
  }
});

it('sends one inquiry however fast the button is pressed', async () => {
  submit.mockImplementation(() => new Promise<void>(() => undefined));
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.name }), typed.name);
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.email }), typed.email);
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.message }), typed.message);
  const button = within(dialog).getByRole('button', { name: MODAL_COPY.contact.button });

  // Two submit events before React re-renders the disabled button, then Enter in a field.
  act(() => {
    button.click();
    button.click();
  });
  await user.type(within(dialog).getByRole('textbox', { name: FIELD_LABELS.name }), '{Enter}');

  expect(submit).toHaveBeenCalledTimes(1);
  expect(submit).toHaveBeenCalledWith({ type: 'contact', ...typed, company: '' });
});
