// Cloudflare Turnstile in the modal, where a site key was built in: the widget's script loads only
// when a modal opens (never for the page), the widget renders in the form, and its token goes with
// the submission. Cloudflare's script is replaced by a stand-in: this machine cannot reach it, and
// the function's check of the token is tested against siteverify's stand-in (tests/functions).
import { act, within } from '@testing-library/react';
import { MODAL_COPY, TURNSTILE_LOAD_FAILED_LOG } from '../../src/content/modal';
import { submitInquiry } from '../../src/lib/submit-inquiry';
import { TURNSTILE_SCRIPT_URL, type TurnstileApi } from '../../src/lib/turnstile';
import { enter, openModal, renderPage } from './harness';

jest.mock('../../src/lib/submit-inquiry', () => ({ submitInquiry: jest.fn() }));
const submit = jest.mocked(submitInquiry);

// Cloudflare's documented test site key (always passes) and the token its widget then hands out.
const TEST_SITE_KEY = '1x00000000000000000000AA';
const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

const scripts = () => [...document.querySelectorAll('script')].filter((script) => script.src === TURNSTILE_SCRIPT_URL);

let warn: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  submit.mockReset();
  submit.mockImplementation(() => new Promise<void>(() => undefined));
  process.env.GATSBY_TURNSTILE_SITE_KEY = TEST_SITE_KEY;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  delete process.env.GATSBY_TURNSTILE_SITE_KEY;
  delete window.turnstile;
  for (const script of scripts()) script.remove();
  warn.mockRestore();
  jest.useRealTimers();
});

/** What the form holds before the tests send it. */
const FILLED = { name: 'Sari', email: 'sari@example.com', message: 'Hello' } as const;

/** What the modal submits for FILLED, under a draft id of its making. */
const sentDraft = () => ({
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
  id: expect.any(String),
  type: 'contact',
  language: 'en',
  name: 'Sari',
  email: 'sari@example.com',
  company: '',
  message: 'Hello',
});

it('a script that cannot load is logged, and the inquiry still goes out without a token', async () => {
  const { user } = renderPage();
  const dialog = await openModal(user, 'contact');
  await act(async () => {
    scripts()[0]?.dispatchEvent(new Event('error'));
  });
  expect(warn).toHaveBeenCalledWith(TURNSTILE_LOAD_FAILED_LOG, expect.any(Error));
  await enter(user, dialog, FILLED);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button }));
  expect(submit).toHaveBeenCalledWith(sentDraft());
});

it('loads the widget only when a modal opens, renders it in the form, and sends its token', async () => {
  const { user } = renderPage();
  expect(scripts()).toHaveLength(0);

  const dialog = await openModal(user, 'contact');
  expect(scripts()).toHaveLength(1);
  const rendered: Array<{ container: HTMLElement; sitekey: string; callback: (token: string) => void }> = [];
  const turnstile: TurnstileApi = {
    render: (container, options) => {
      rendered.push({ container, sitekey: options.sitekey, callback: options.callback });
      return `widget-${rendered.length}`;
    },
    reset: jest.fn(),
    remove: jest.fn(),
  };
  await act(async () => {
    window.turnstile = turnstile;
    scripts()[0]?.dispatchEvent(new Event('load'));
  });
  expect(rendered).toHaveLength(1);
  expect(rendered[0]?.sitekey).toBe(TEST_SITE_KEY);
  expect(dialog.contains(rendered[0]!.container)).toBe(true);

  act(() => rendered[0]?.callback(DUMMY_TOKEN));
  await enter(user, dialog, FILLED);
  await user.click(within(dialog).getByRole('button', { name: MODAL_COPY.contact.button }));
  expect(submit).toHaveBeenCalledWith({
    ...sentDraft(),
    turnstileToken: DUMMY_TOKEN,
  });
  // The other modal opening later reuses the loaded script.
  expect(scripts()).toHaveLength(1);
});
