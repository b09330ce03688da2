// A failed submission (docs/architecture.md): logged, shown inline, nothing typed is lost, the button works
// again. And one click sends one inquiry.
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  BUSY_COPY,
  FORM_COPY,
  type InquiryField,
  MODAL_COPY,
  RATE_LIMITED_MESSAGE,
  SUBMIT_FAILED_LOG,
  SUBMIT_FAILED_MESSAGE,
  SUBMIT_FAILURE_MESSAGES,
  SUCCESS_AUTO_CLOSE_MS,
} from '../../src/content/modal';
import { BackendCallFailed } from '../../src/lib/backend-call';
import { DEFAULT_INQUIRY_EMAIL, submitFailureOf } from '../../src/lib/submit-failure';
import { submitInquiry, type InquiryFields } from '../../src/lib/submit-inquiry';
import { INDONESIAN } from '../../src/content/dictionaries/id';
import { OPENER_NAMES, enter, openModal, renderPage } from './harness';

jest.mock('../../src/lib/submit-inquiry', () => ({ submitInquiry: jest.fn() }));
const submit = jest.mocked(submitInquiry);

// A browser-made random UUID (version 4).
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

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

const typed: Omit<InquiryFields, 'type' | 'id'> = {
  language: 'en',
  name: 'Budi Santoso',
  email: 'budi@example.com',
  company: 'Daur Ulang Jaya',
  message: 'Please send the deck',
};

/** Enters the typed values of `fields` into the dialog, in order. */
const fill = (
  user: ReturnType<typeof renderPage>['user'],
  dialog: HTMLElement,
  fields: InquiryField[],
  labels: Readonly<Record<InquiryField, string>> = FORM_COPY.labels,
) => enter(user, dialog, Object.fromEntries(fields.map((field) => [field, typed[field]])), labels);

it('logs the error, says so inline and keeps everything typed with the button enabled again', async () => {
  const failure = new Error('insert rejected');
  let rejectSubmit: (error: Error) => void = () => undefined;
  submit.mockImplementation(() => new Promise<void>((_resolve, reject) => (rejectSubmit = reject)));

  const { user } = renderPage();
  const dialog = await openModal(user, 'investor');
  await fill(user, dialog, ['name', 'email', 'company', 'message']);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.investor.button }));

  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
  expect(submit).toHaveBeenCalledWith({ id: expect.stringMatching(UUID_V4), type: 'investor', ...typed });
  expect(within(dialog).getByRole('button', { name: FORM_COPY.sending })).toBeDisabled();
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

  await act(async () => rejectSubmit(failure));

  expect(consoleError).toHaveBeenCalledWith(SUBMIT_FAILED_LOG, failure);
  expect(within(dialog).getByRole('alert')).toHaveTextContent(SUBMIT_FAILED_MESSAGE);
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.name })).toHaveValue(typed.name);
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.email })).toHaveValue(typed.email);
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.company })).toHaveValue(typed.company);
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.message })).toHaveValue(typed.message);
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
  await fill(user, dialog, ['name', 'email', 'message']);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(RATE_LIMITED_MESSAGE);
  expect(within(dialog).queryByText(SUBMIT_FAILED_MESSAGE)).not.toBeInTheDocument();
  expect(consoleError).toHaveBeenCalledWith(SUBMIT_FAILED_LOG, refused);
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.name })).toHaveValue(typed.name);
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.message })).toHaveValue(typed.message);
  expect(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button })).toBeEnabled();
});

it('never says the visitor sent too many when others filled the ceiling: an honest text and a mailto: with their message', async () => {
  const refused = new BackendCallFailed('insert into contact_submissions', 503, 'Too many inquiries right now', 'PT503');
  submit.mockRejectedValueOnce(refused);
  const { user } = renderPage();
  const dialog = await openModal(user, 'investor');
  await fill(user, dialog, ['name', 'email', 'company', 'message']);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.investor.button }));

  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(BUSY_COPY.message);
  expect(alert).not.toHaveTextContent(RATE_LIMITED_MESSAGE);
  const link = within(alert).getByRole('link', { name: BUSY_COPY.link });
  const href = new URL(link.getAttribute('href') ?? '');
  expect(href.protocol).toBe('mailto:');
  expect(href.pathname).toBe(DEFAULT_INQUIRY_EMAIL);
  expect(href.searchParams.get('subject')).toBe(MODAL_COPY.investor.heading);
  expect(href.searchParams.get('body')).toBe(
    `${typed.message}\n\n${FORM_COPY.labels.name}: ${typed.name}\n${FORM_COPY.labels.email}: ${typed.email}\n${FORM_COPY.labels.company}: ${typed.company}`,
  );
  expect(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.message })).toHaveValue(typed.message);
});

it("on /id/, tells it in Indonesian, and the mailto: carries the page's own heading and labels", async () => {
  submit.mockRejectedValueOnce(new BackendCallFailed('insert into contact_submissions', 503, '', 'PT503'));
  const { user } = renderPage('id');
  await user.click(screen.getByRole('button', { name: OPENER_NAMES.investor }));
  const dialog = await screen.findByRole('dialog', { name: INDONESIAN.modal.investor.heading });
  await fill(user, dialog, ['name', 'email', 'message'], INDONESIAN.form.labels);
  await user.click(within(dialog).getByRole('button', { name: INDONESIAN.modal.investor.button }));

  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(INDONESIAN.form.failures.busy);
  expect(alert).not.toHaveTextContent(BUSY_COPY.message);
  const href = new URL(within(alert).getByRole('link', { name: INDONESIAN.form.emailLink }).getAttribute('href') ?? '');
  expect(href.searchParams.get('subject')).toBe(INDONESIAN.modal.investor.heading);
  expect(href.searchParams.get('body')).toBe(
    `${typed.message}\n\n${INDONESIAN.form.labels.name}: ${typed.name}\n${INDONESIAN.form.labels.email}: ${typed.email}`,
  );
  expect(submit).toHaveBeenCalledWith(expect.objectContaining({ language: 'id' }));
});

it('sends the team address the build names in GATSBY_INQUIRY_EMAIL', async () => {
  process.env.GATSBY_INQUIRY_EMAIL = 'inquiries@example.org';
  try {
    submit.mockRejectedValueOnce(new BackendCallFailed('insert into contact_submissions', 503, '', 'PT503'));
    const { user } = renderPage();
    const dialog = await openModal(user, 'contact');
    await fill(user, dialog, ['name', 'email', 'message']);
    await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button }));
    const link = within(await within(dialog).findByRole('alert')).getByRole('link', { name: BUSY_COPY.link });
    expect(link.getAttribute('href')).toMatch(/^mailto:inquiries@example\.org\?subject=Get%20in%20Touch&body=/);
  } finally {
    delete process.env.GATSBY_INQUIRY_EMAIL;
  }
});

it('keeps one id per draft across retries, and starts a new draft with a new id after success', async () => {
  submit.mockRejectedValueOnce(new BackendCallFailed('insert into contact_submissions', 0, 'socket hang up')).mockResolvedValue(undefined);
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  await fill(user, dialog, ['name', 'email', 'message']);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button }));
  await within(dialog).findByRole('alert');
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button }));
  expect(await screen.findByRole('dialog', { name: MODAL_COPY.contact.successTitle })).toBeInTheDocument();
  await act(async () => {
    jest.advanceTimersByTime(SUCCESS_AUTO_CLOSE_MS);
  });
  // It leaves the DOM when its fade has ended, which a busy machine may not have reached yet.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const again = await openModal(user, 'contact');
  await fill(user, again, ['name', 'email', 'message']);
  await user.click(within(again).getByRole('button', { name: MODAL_COPY.contact.button }));
  await within(again).findByText(MODAL_COPY.contact.successTitle);

  const ids = submit.mock.calls.map(([fields]) => fields.id);
  expect(ids).toHaveLength(3);
  expect(ids[0]).toMatch(UUID_V4);
  expect(ids[1]).toBe(ids[0]);
  expect(ids[2]).not.toBe(ids[0]);
});

it('tells a 429 from the backend apart from every other failure', () => {
  expect(submitFailureOf(new BackendCallFailed('insert', 429, ''))).toBe('rate-limited');
  // The ceiling's refusal is others' doing, whatever its status.
  expect(submitFailureOf(new BackendCallFailed('insert', 503, '', 'PT503'))).toBe('busy');
  expect(submitFailureOf(new BackendCallFailed('insert', 429, '', 'PT429'))).toBe('rate-limited');
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
  await fill(user, dialog, ['name', 'email', 'message']);
  const button = within(dialog).getByRole('button', { name: MODAL_COPY.contact.button });

  // Two submit events before React re-renders the disabled button, then Enter in a field.
  act(() => {
    button.click();
    button.click();
  });
  await user.type(within(dialog).getByRole('textbox', { name: FORM_COPY.labels.name }), '{Enter}');

  expect(submit).toHaveBeenCalledTimes(1);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
  expect(submit).toHaveBeenCalledWith({ id: expect.stringMatching(UUID_V4), type: 'contact', ...typed, company: '' });
});

it("says which field the database refused, in the page's language, and marks that field", async () => {
  const refused = (field: string) =>
    new BackendCallFailed(
      'insert into contact_submissions',
      400,
      `new row for relation "contact_submissions" violates check constraint "contact_submissions_${field}_one_line"`,
      '23514',
    );
  submit.mockRejectedValueOnce(refused('company'));
  const { user } = renderPage('id');
  await user.click(screen.getByRole('button', { name: OPENER_NAMES.investor }));
  const dialog = await screen.findByRole('dialog', { name: INDONESIAN.modal.investor.heading });
  await fill(user, dialog, ['name', 'email', 'company', 'message'], INDONESIAN.form.labels);
  await user.click(within(dialog).getByRole('button', { name: INDONESIAN.modal.investor.button }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(INDONESIAN.form.failures['invalid-company']);
  expect(within(dialog).getByRole('textbox', { name: INDONESIAN.form.labels.company })).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getByRole('textbox', { name: INDONESIAN.form.labels.name })).not.toHaveAttribute('aria-invalid');

  expect(submitFailureOf(refused('name'))).toBe('invalid-name');
  expect(submitFailureOf(new BackendCallFailed('insert', 400, '', '23514'))).toBe('error');
  const fromFunction = new BackendCallFailed(
    'verified store',
    400,
    "Invalid field 'message': must hold no hidden control characters",
    null,
  );
  expect(submitFailureOf(fromFunction)).toBe('invalid-message');
  expect(SUBMIT_FAILURE_MESSAGES['invalid-message']).toMatch(/^Please check your message/);
});
