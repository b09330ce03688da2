// The team's page (src/components/TeamPage.tsx) on supabase-js, against Auth's answers
// (tests/support/fake-auth.ts) and PostgREST's and the edge function's as the contract states them:
// the member signs in, the list is asked for as the database's filters expect it, the deck goes to
// the function with the member's session, and a session the database refuses (42501, 401) brings
// the sign-in back with a sentence that says why, the member's place kept. The same page in
// Chromium against the local backend: tests/e2e/team.e2e.ts.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { TeamPage } from '../../src/components/TeamPage';
import type { Language } from '../../src/content/languages';
import { TEAM_TEXT } from '../../src/content/team';
import { TAB_STORAGE_KEY, staffClient } from '../../src/lib/staff-auth';
import { INQUIRY_COLUMNS, problemOf } from '../../src/lib/team-api';
import { installFakeAuth, type FakeAuth } from '../support/fake-auth';
import { NOW, someInquiries } from './team-fixtures';

const MEMBER = 'dewi@example.test';
const EN = TEAM_TEXT.en;
let auth: FakeAuth;

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string;
  prefer: string;
  body: unknown;
}
let calls: Call[];
/** The answer to each call, by `METHOD /path`; a list answers in turn, its last one from then on. */
let answers: Record<string, { status: number; body: unknown }[]>;

function respond(status: number, body: unknown, range?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (range) headers['content-range'] = range;
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(JSON.stringify(body)),
  };
}

const COUNTS = { open: 3, due_soon: 1, overdue: 1, answered: 1, remind_before_seconds: 10_800, now: NOW };

beforeEach(() => {
  auth = installFakeAuth();
  auth.users.add(MEMBER);
  calls = [];
  answers = {
    'POST /rest/v1/rpc/team_inbox_counts': [{ status: 200, body: COUNTS }],
    'GET /rest/v1/contact_submissions': [{ status: 200, body: someInquiries().slice(0, 3) }],
  };
  const authFetch = globalThis.fetch;
  globalThis.fetch = ((input: string, init: { method?: string; headers?: HeadersInit; body?: string } = {}) => {
    const url = new URL(input);
    if (url.pathname.startsWith('/auth/v1/')) return authFetch(input, init);
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      authorization: headers.get('Authorization') ?? '',
      prefer: headers.get('Prefer') ?? '',
      body: init.body ? JSON.parse(init.body) : null,
    });
    const queue = answers[`${method} ${url.pathname}`];
    if (!queue) return Promise.reject(new TypeError('Failed to fetch'));
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    const rows = Array.isArray(next.body) ? next.body.length : 0;
    return Promise.resolve(respond(next.status, next.body, `0-${Math.max(0, rows - 1)}/${rows}`));
  }) as typeof globalThis.fetch;
});

afterEach(async () => {
  const url = process.env.GATSBY_SUPABASE_URL;
  if (url && window.sessionStorage.getItem(TAB_STORAGE_KEY)) await staffClient({ url, anonKey: 'anon-key' }).auth.stopAutoRefresh();
  auth.restore();
  window.sessionStorage.clear();
});

async function signIn(language: Language = 'en') {
  const user = userEvent.setup();
  const words = TEAM_TEXT[language].signIn;
  render(<TeamPage language={language} />);
  await user.type(await screen.findByRole('textbox', { name: words.emailLabel }), `${MEMBER}{Enter}`);
  await user.type(await screen.findByRole('textbox', { name: words.codeLabel }), `${auth.code}{Enter}`);
  await screen.findByText(words.signedInAs(MEMBER));
  await screen.findAllByRole('article');
  return user;
}

const listCalls = () => calls.filter((call) => call.path === '/rest/v1/contact_submissions');

it.each(['en', 'id'] as const)('says in %s that there is no inbox without backend settings', (language) => {
  auth.restore();
  render(<TeamPage language={language} />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(TEAM_TEXT[language].title);
  expect(screen.getByText(TEAM_TEXT[language].noBackend)).toHaveAttribute('role', 'alert');
  expect(screen.getByRole('link', { name: TEAM_TEXT[language].otherLanguage })).toHaveAttribute(
    'href',
    language === 'en' ? '/id/team/' : '/team/',
  );
});

it("names the team's command when an address may not sign in", async () => {
  const user = userEvent.setup();
  render(<TeamPage language="id" />);
  await user.type(await screen.findByRole('textbox', { name: TEAM_TEXT.id.signIn.emailLabel }), 'orang@example.test{Enter}');
  expect(await screen.findByText(TEAM_TEXT.id.signIn.problems.notAllowed)).toHaveAttribute('role', 'alert');
  expect(TEAM_TEXT.id.signIn.problems.notAllowed).toContain('npm run team -- add');
});

it("asks for the page's columns only, newest first, 50 a page, each filter as the database's counts define it", async () => {
  const user = await signIn();
  const [open] = listCalls();
  expect(open!.authorization).toMatch(/^Bearer header\./);
  expect(Object.fromEntries(open!.query)).toEqual({
    select: INQUIRY_COLUMNS,
    answered_at: 'is.null',
    order: 'created_at.desc',
    offset: '0',
    limit: '50',
  });

  await user.click(screen.getByRole('button', { name: 'Overdue 1' }));
  await waitFor(() => expect(listCalls()).toHaveLength(2));
  expect(listCalls()[1]!.query.getAll('reply_due_at')).toEqual([`lt.${NOW}`]);
  expect(listCalls()[1]!.query.get('answered_at')).toBe('is.null');

  await user.click(screen.getByRole('button', { name: 'Due soon 1' }));
  await waitFor(() => expect(listCalls()).toHaveLength(3));
  expect(listCalls()[2]!.query.getAll('reply_due_at')).toEqual([`gte.${NOW}`, 'lt.2026-11-29T15:00:00.000Z']);

  await user.click(screen.getByRole('button', { name: 'Answered 1' }));
  await waitFor(() => expect(listCalls()).toHaveLength(4));
  expect(listCalls()[3]!.query.get('answered_at')).toBe('not.is.null');
  // A filter's total is the database's count: no second count with each page.
  expect(listCalls().map((call) => call.prefer)).toEqual(['', '', '', '']);

  answers['POST /rest/v1/rpc/team_mailbox'] = [{ status: 200, body: 'budi@example.test' }];
  await user.type(screen.getByRole('textbox', { name: EN.search.label }), 'Budi@Example.test{Enter}');
  await waitFor(() => expect(listCalls()).toHaveLength(5));
  expect(calls.find((call) => call.path === '/rest/v1/rpc/team_mailbox')!.body).toEqual({ p_email: 'Budi@Example.test' });
  expect(Object.fromEntries(listCalls()[4]!.query)).toMatchObject({ mailbox: 'eq.budi@example.test', offset: '0', limit: '50' });
  expect(listCalls()[4]!.query.get('answered_at')).toBeNull();
  expect(listCalls()[4]!.prefer).toContain('count=exact');
});

it("sends the deck through the edge function with the member's own session", async () => {
  answers['POST /functions/v1/inquiry-notif-resend'] = [{ status: 200, body: { outcome: 'deck_sent', at: NOW } }];
  const user = await signIn();
  await user.click(within(screen.getByRole('article', { name: 'Sari Soon' })).getByRole('button', { name: EN.actions.deck }));
  await screen.findByText(/^The deck was sent to sari@example\.test on /);
  const deck = calls.find((call) => call.path === '/functions/v1/inquiry-notif-resend')!;
  expect(deck.body).toEqual({ team_deck: '3' });
  expect(deck.authorization).toBe(listCalls()[0]!.authorization);
});

it.each([
  [
    'the database refuses the session (42501)',
    'POST /rest/v1/rpc/team_mark_answered',
    { status: 403, body: { code: '42501', message: 'not a team member' } },
  ],
  [
    'the token has expired (401)',
    'POST /rest/v1/rpc/team_mark_answered',
    { status: 401, body: { code: 'PGRST303', message: 'JWT expired' } },
  ],
  ['the function refuses the member', 'POST /functions/v1/inquiry-notif-resend', { status: 403, body: { outcome: 'forbidden' } }],
] as const)('returns to the sign-in and says why when %s; the same list is read after signing in again', async (_, call, answer) => {
  answers[call] = [answer];
  const user = await signIn();
  await user.click(screen.getByRole('button', { name: 'Overdue 1' }));
  const row = await screen.findByRole('article', { name: someInquiries()[2]!.name });
  const press = call.includes('functions') ? EN.actions.deck : EN.actions.answer;
  if (call.includes('functions')) answers['GET /rest/v1/contact_submissions'] = [{ status: 200, body: [someInquiries()[1]] }];
  await user.click(
    call.includes('functions')
      ? within(await screen.findByRole('article', { name: 'Sari Soon' })).getByRole('button', { name: press })
      : within(row).getByRole('button', { name: press }),
  );

  const said = await screen.findByText(EN.expired);
  expect(said).toHaveAttribute('role', 'alert');
  await waitFor(() => expect(said).toHaveFocus());
  expect(screen.queryByRole('article')).toBeNull();
  const address = screen.getByRole('textbox', { name: EN.signIn.emailLabel });

  await user.type(address, `${MEMBER}{Enter}`);
  await user.type(await screen.findByRole('textbox', { name: EN.signIn.codeLabel }), `${auth.code}{Enter}`);
  await screen.findByText(EN.signIn.signedInAs(MEMBER));
  await screen.findAllByRole('article');
  expect(screen.queryByText(EN.expired)).toBeNull();
  expect(screen.getByRole('button', { name: 'Overdue 1' })).toHaveAttribute('aria-pressed', 'true');
  expect(listCalls().at(-1)!.query.get('reply_due_at')).toBe(`lt.${NOW}`);
});

it('tells the failures of a call apart: no answer, a gateway, an address that is not one, a refusal', () => {
  expect(problemOf({ message: 'TypeError: Failed to fetch', code: '' }, 0).problem).toBe('unreachable');
  expect(problemOf({ message: 'Bad gateway' }, 502).problem).toBe('unreachable');
  expect(problemOf({ code: '22023', message: 'not an address' }, 400).problem).toBe('notAddress');
  expect(problemOf({ code: '42501', message: 'not a team member' }, 403).problem).toBe('expired');
  expect(problemOf({ code: 'PGRST301', message: 'JWT invalid' }, 401).problem).toBe('expired');
  expect(problemOf({ code: '23514', message: 'check' }, 400)).toMatchObject({ problem: 'failed', code: '23514' });
});

it('says a list it could not read as a sentence, and keeps the rows it shows', async () => {
  const user = await signIn();
  delete answers['POST /rest/v1/rpc/team_inbox_counts'];
  await user.click(screen.getByRole('button', { name: EN.list.refresh }));
  await screen.findByText(EN.outcomes.unreachable);
  expect(screen.getAllByRole('article')).toHaveLength(3);
});
