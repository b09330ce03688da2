// The staff sign-in (src/components/StaffSignIn.tsx with src/hooks/useStaffSession.ts) on supabase-js
// against Auth's answers (tests/support/fake-auth.ts): the address, then the code, from the keyboard
// alone; each refusal as one sentence in the page's language, with focus on it; the session kept in
// the tab's sessionStorage, never in localStorage. The same calls against the local backend:
// tests/supabase-api/editors-sign-in.test.ts; the page in Chromium: tests/e2e/editors.e2e.ts.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import React from 'react';
import { EditPage } from '../../src/components/EditPage';
import { StaffSignIn } from '../../src/components/StaffSignIn';
import { EDIT_TEXT } from '../../src/content/editing';
import type { Language } from '../../src/content/languages';
import { STAFF_SIGN_IN_TEXT, type SignInProblem } from '../../src/content/staff';
import { useStaffSession, type StaffSession } from '../../src/hooks/useStaffSession';
import { CODE_LIFETIME_MS, TAB_STORAGE_KEY, staffClient } from '../../src/lib/staff-auth';
import { installFakeAuth, type FakeAuth } from '../support/fake-auth';

const STAFF = 'sari@example.test';
let auth: FakeAuth;
let session: StaffSession | null = null;

/** A staff page reduced to its sign-in, with one more control after it. */
function Page({ language = 'en' }: { language?: Language }) {
  session = useStaffSession();
  return (
    <main>
      <StaffSignIn session={session} text={STAFF_SIGN_IN_TEXT[language]} />
      <button type="button">Next on the page</button>
    </main>
  );
}

/** Every item a storage holds, as one text: where a refresh token would show. */
const held = (storage: Storage) => JSON.stringify({ ...storage });

beforeEach(() => {
  auth = installFakeAuth();
  auth.users.add(STAFF);
});

afterEach(async () => {
  // The page's client (one per tab, whichever page made it) refreshes on a timer until stopped.
  const url = process.env.GATSBY_SUPABASE_URL;
  if (url && window.sessionStorage.getItem(TAB_STORAGE_KEY)) await staffClient({ url, anonKey: 'anon-key' }).auth.stopAutoRefresh();
  session = null;
  auth.restore();
  window.sessionStorage.clear();
  window.localStorage.clear();
  jest.restoreAllMocks();
});

async function sendCode(user: ReturnType<typeof userEvent.setup>, text = STAFF_SIGN_IN_TEXT.en, address = STAFF) {
  await user.type(await screen.findByRole('textbox', { name: text.emailLabel }), `${address}{Enter}`);
}

/** The page, signed in with Auth's code, for a test of what follows a sign-in. */
async function renderSignedIn(user: ReturnType<typeof userEvent.setup>) {
  const text = STAFF_SIGN_IN_TEXT.en;
  const view = render(<Page />);
  await sendCode(user);
  await screen.findByRole('textbox', { name: text.codeLabel });
  await user.keyboard(`${auth.code}{Enter}`);
  await screen.findByText(text.signedInAs(STAFF));
  return view;
}

it('signs in from the keyboard alone: the address, then the code; focus follows each step, and the session stays in the tab', async () => {
  const user = userEvent.setup();
  const text = STAFF_SIGN_IN_TEXT.en;
  render(<Page />);
  const address = await screen.findByRole('textbox', { name: text.emailLabel });
  await user.tab();
  expect(address).toHaveFocus();
  expect(address).toHaveAttribute('autocomplete', 'email');
  await user.keyboard(`${STAFF}{Enter}`);

  const code = await screen.findByRole('textbox', { name: text.codeLabel });
  await waitFor(() => expect(code).toHaveFocus());
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(screen.getByRole('status')).toHaveTextContent(text.codeSent(STAFF));
  await user.keyboard(`${auth.code}{Enter}`);

  const signedIn = await screen.findByText(text.signedInAs(STAFF));
  await waitFor(() => expect(signedIn.parentElement).toHaveFocus());
  expect(held(window.sessionStorage)).toContain('refresh-token-');
  expect(held(window.localStorage)).not.toContain('refresh');

  await user.tab();
  expect(screen.getByRole('button', { name: text.signOut })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByRole('textbox', { name: text.emailLabel })).toHaveFocus());
  expect(held(window.sessionStorage)).not.toContain('refresh-token-');
  // This tab's session only: another tab's work goes on.
  expect(auth.requests.at(-1)?.call).toBe('POST /logout?scope=local');
});

const PROBLEMS: Array<[SignInProblem, Language]> = [
  ['notAllowed', 'en'],
  ['wrongCode', 'id'],
  ['expiredCode', 'en'],
  ['tooManyAttempts', 'id'],
  ['unreachable', 'en'],
  ['unreachable', 'id'],
];

it.each(PROBLEMS)('says %s as one sentence in %s, moves focus to it, and keeps what was typed', async (problem, language) => {
  const user = userEvent.setup();
  const text = STAFF_SIGN_IN_TEXT[language];
  render(<Page language={language} />);
  const addressStep = problem === 'notAllowed' || problem === 'unreachable';
  if (problem === 'unreachable') auth.down = true;
  await sendCode(user, text, problem === 'notAllowed' ? 'someone@example.test' : STAFF);
  if (!addressStep) {
    const code = await screen.findByRole('textbox', { name: text.codeLabel });
    await waitFor(() => expect(code).toHaveFocus());
    if (problem === 'tooManyAttempts') auth.limited = true;
    if (problem === 'expiredCode') {
      const later = Date.now() + CODE_LIFETIME_MS + 1000;
      jest.spyOn(Date, 'now').mockReturnValue(later);
    }
    await user.keyboard(`${problem === 'wrongCode' ? '000000' : auth.code}{Enter}`);
  }
  const alert = screen.getByRole('alert');
  await waitFor(() => expect(alert).toHaveTextContent(text.problems[problem]));
  expect(alert).toHaveFocus();
  const field = screen.getByRole('textbox', { name: addressStep ? text.emailLabel : text.codeLabel });
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(text.problems[problem]);
  expect(field).not.toHaveValue('');
  expect(screen.queryByText(text.signedInAs(STAFF))).toBeNull();
});

it("says a refused address in the page's own words: /edit/ names the editors' command", async () => {
  const user = userEvent.setup();
  render(<EditPage language="id" />);
  await sendCode(user, EDIT_TEXT.id.signIn, 'someone@example.test');
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(EDIT_TEXT.id.signIn.problems.notAllowed));
  expect(EDIT_TEXT.id.signIn.problems.notAllowed).toContain('npm run editors -- add');
});

it('picks up the tab’s session when the page opens again, and a new tab starts signed out', async () => {
  const user = userEvent.setup();
  const text = STAFF_SIGN_IN_TEXT.en;
  const first = await renderSignedIn(user);
  await session?.client?.auth.stopAutoRefresh();
  first.unmount();

  // The same tab: its sessionStorage holds the session.
  const again = render(<Page />);
  await screen.findByText(text.signedInAs(STAFF));
  expect(auth.requests.filter((request) => request.call.startsWith('POST /verify'))).toHaveLength(1);
  await session?.client?.auth.stopAutoRefresh();
  again.unmount();

  // Another tab: a storage of its own, nothing in it.
  window.sessionStorage.clear();
  render(<Page />);
  expect(await screen.findByRole('textbox', { name: text.emailLabel })).toBeInTheDocument();
  expect(screen.queryByText(text.signedInAs(STAFF))).toBeNull();
});

it('names its storage, and so supabase-js’s BroadcastChannel, at random in each tab: another page cannot listen for the tokens', async () => {
  const opened: string[] = [];
  const posted: string[] = [];
  class RecordingChannel {
    constructor(readonly name: string) {
      opened.push(name);
    }
    postMessage(message: unknown) {
      posted.push(`${this.name} ${JSON.stringify(message)}`);
    }
    addEventListener() {}
    close() {}
  }
  Object.assign(globalThis, { BroadcastChannel: RecordingChannel });
  try {
    const user = userEvent.setup();
    const text = STAFF_SIGN_IN_TEXT.en;
    const first = await renderSignedIn(user);
    const key = window.sessionStorage.getItem(TAB_STORAGE_KEY) ?? '';
    expect(key).toMatch(/^staff-session-[0-9a-f]{32}$/);
    expect(opened).toEqual([key]);
    expect(posted.every((message) => message.startsWith(`${key} `))).toBe(true);
    expect(posted.some((message) => message.includes('refresh-token-'))).toBe(true);
    await session?.client?.auth.stopAutoRefresh();
    first.unmount();

    window.sessionStorage.clear();
    render(<Page />);
    await screen.findByRole('textbox', { name: text.emailLabel });
    expect(opened).toHaveLength(2);
    expect(opened[1]).toMatch(/^staff-session-[0-9a-f]{32}$/);
    expect(opened[1]).not.toBe(key);
  } finally {
    Reflect.deleteProperty(globalThis, 'BroadcastChannel');
  }
});

it('removes a session an older /edit/ left in localStorage', async () => {
  window.localStorage.setItem('site-editor-session', JSON.stringify({ refresh_token: 'lasting' }));
  window.localStorage.setItem('language-choice', 'id');
  render(<Page />);
  await screen.findByRole('textbox', { name: STAFF_SIGN_IN_TEXT.en.emailLabel });
  expect(window.localStorage.getItem('site-editor-session')).toBeNull();
  expect(window.localStorage.getItem('language-choice')).toBe('id');
});

it('shows the sign-in again when the page reports an expired session', async () => {
  const user = userEvent.setup();
  const text = STAFF_SIGN_IN_TEXT.en;
  await renderSignedIn(user);
  act(() => session?.expired());
  expect(await screen.findByRole('textbox', { name: text.emailLabel })).toBeInTheDocument();
  expect(session?.status).toBe('signedOut');
});

it("knows a code's lifetime as the project sets it (supabase/config.toml)", () => {
  const config = readFileSync(path.join(__dirname, '..', '..', 'supabase', 'config.toml'), 'utf8');
  const seconds = Number(/^otp_expiry = (\d+)$/m.exec(config)?.[1]);
  expect(CODE_LIFETIME_MS).toBe(seconds * 1000);
});
