// The team's inbox (src/components/TeamInbox.tsx with src/hooks/useTeamInbox.ts) over the contract's
// answers held in memory (./team-fixtures.ts), found by role and name as a member's screen reader
// finds them: the filters with their counts, the pages, the mailbox search, each row's facts and
// message, and every action with its sentence in the polite live region. The sign-in and an ended
// session on supabase-js: ./team-page.test.tsx; against the real functions in Chromium: tests/e2e/team.e2e.ts.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import type { Language } from '../../src/content/languages';
import { TEAM_TEXT } from '../../src/content/team';
import { TeamInbox } from '../../src/components/TeamInbox';
import { useTeamInbox } from '../../src/hooks/useTeamInbox';
import { localTime } from '../../src/lib/local-time';
import { TeamCallFailed, type TeamApi } from '../../src/lib/team-api';
import { NOW, ago, fakeTeam, someInquiries, type FakeTeam } from './team-fixtures';

const EN = TEAM_TEXT.en;
let expired = 0;

function Inbox({ api, language = 'en', signedIn = true }: { api: TeamApi; language?: Language; signedIn?: boolean }) {
  const inbox = useTeamInbox(api, TEAM_TEXT[language], signedIn, () => (expired += 1));
  return <main>{signedIn ? <TeamInbox inbox={inbox} text={TEAM_TEXT[language]} /> : null}</main>;
}

beforeEach(() => {
  expired = 0;
});

/** The card of the inquiry from `name`. */
const card = (name: string) => screen.getByRole('article', { name });
/** The page's polite live region: the one status line that can take the focus. */
const status = () => screen.getAllByRole('status').find((line) => line.getAttribute('tabindex') === '-1')!;

async function shown(team: FakeTeam, language: Language = 'en') {
  render(<Inbox api={team} language={language} />);
  await screen.findAllByRole('article');
}

it('shows each promise state with its count in the name, open first and pressed, and filters by the one pressed', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  await shown(team);
  const filters = screen.getByRole('group', { name: EN.filtersLabel });
  const names = within(filters)
    .getAllByRole('button')
    .map((button) => [button.textContent, button.getAttribute('aria-pressed')]);
  expect(names).toEqual([
    ['Open 3', 'true'],
    ['Due soon 1', 'false'],
    ['Overdue 1', 'false'],
    ['Answered 1', 'false'],
  ]);
  expect(screen.getAllByRole('article').map((row) => row.getAttribute('aria-labelledby') && row.querySelector('h3')?.textContent)).toEqual([
    'Rina Open',
    'Sari Soon',
    'Budi <b>Late</b>',
  ]);

  await user.click(screen.getByRole('button', { name: 'Overdue 1' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  expect(card('Budi <b>Late</b>')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Overdue 1' })).toHaveAttribute('aria-pressed', 'true');
  expect(team.calls).toContain('list {"filter":"overdue","page":0}');

  await user.click(screen.getByRole('button', { name: 'Answered 1' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  expect(card('Ayu Answered')).toBeInTheDocument();
});

it('says so when a filter holds nothing, in the page language', async () => {
  const user = userEvent.setup();
  const team = fakeTeam(someInquiries().filter((row) => row.name !== 'Sari Soon'));
  render(<Inbox api={team} language="id" />);
  await user.click(await screen.findByRole('button', { name: 'Segera jatuh tempo 0' }));
  expect(await screen.findByText(TEAM_TEXT.id.list.empty.due_soon)).toBeInTheDocument();
});

it('shows 50 a page, with the range and the previous and next pages', async () => {
  const user = userEvent.setup();
  const many = Array.from({ length: 120 }, (_, index) => ({
    ...someInquiries()[0]!,
    id: String(200 - index),
    name: `Visitor ${index + 1}`,
    email: `visitor${index}@example.test`,
    mailbox: `visitor${index}@example.test`,
  }));
  const team = fakeTeam(many);
  await shown(team);
  expect(screen.getAllByRole('article')).toHaveLength(50);
  expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
  const pages = screen.getByRole('navigation', { name: EN.list.pagesLabel });
  expect(within(pages).getByRole('button', { name: EN.list.previous })).toBeDisabled();
  await user.click(within(pages).getByRole('button', { name: EN.list.next }));
  await screen.findByText('51–100 of 120');
  expect(card('Visitor 51')).toBeInTheDocument();
  await user.click(within(pages).getByRole('button', { name: EN.list.next }));
  await screen.findByText('101–120 of 120');
  expect(screen.getAllByRole('article')).toHaveLength(20);
  expect(within(pages).getByRole('button', { name: EN.list.next })).toBeDisabled();
  await user.click(within(pages).getByRole('button', { name: EN.list.previous }));
  await screen.findByText('51–100 of 120');
});

it('searches by mailbox; what is not an address gets a sentence and changes nothing', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  team.failNext('mailbox', new TeamCallFailed('notAddress', '22023'));
  await shown(team);
  const field = screen.getByRole('textbox', { name: EN.search.label });
  await user.type(field, 'budi{Enter}');
  await waitFor(() => expect(field).toHaveAccessibleDescription(EN.search.notAddress));
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveValue('budi');
  expect(screen.getAllByRole('article')).toHaveLength(3);
  expect(screen.getByRole('button', { name: 'Open 3' })).toHaveAttribute('aria-pressed', 'true');

  await user.clear(field);
  const reading = team.holdNext('list');
  await user.type(field, ' BUDI@example.test {Enter}');
  await screen.findByRole('heading', { name: EN.search.showing('budi@example.test') });
  // Never another view's rows under the mailbox's heading, while its own are read.
  expect(screen.queryAllByRole('article')).toHaveLength(0);
  expect(screen.getByText(EN.list.loading)).toBeInTheDocument();
  act(() => reading.release());
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  expect(field).toHaveAttribute('aria-invalid', 'false');
  expect(team.calls).toContain('list {"mailbox":"budi@example.test","page":0}');
  // The mailbox is not a promise state: no filter is pressed.
  const filters = within(screen.getByRole('group', { name: EN.filtersLabel })).getAllByRole('button');
  expect(filters.map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'false', 'false']);

  await user.click(screen.getByRole('button', { name: EN.search.clear }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  expect(field).toHaveValue('');
});

it("shows a row's facts as a person reads them, and its message as plain text behind a disclosure", async () => {
  const user = userEvent.setup();
  await shown(fakeTeam());
  const row = card('Budi <b>Late</b>');
  const fact = (label: string) => within(row).getByText(label).nextElementSibling?.textContent;
  expect(fact(EN.row.type)).toBe('Contact message');
  expect(fact(EN.row.company)).toBe(EN.row.notGiven);
  expect(fact(EN.row.language)).toBe('Indonesian');
  expect(fact(EN.row.address)).toBe('Budi@Example.test');
  expect(fact(EN.row.received)).toBe(localTime(ago(25), 'en-GB'));
  expect(fact(EN.row.due)).toBe(`1 h overdue${localTime(ago(1), 'en-GB')}`);
  expect(fact(EN.row.happened)).toBe(EN.row.notAnswered);
  // Markup in a name stays text.
  expect(row.querySelector('b')).toBeNull();

  const disclosure = within(row).getByRole('button', { name: EN.row.showMessage });
  expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  const message = document.getElementById(disclosure.getAttribute('aria-controls')!)!;
  expect(message).not.toBeVisible();
  await user.click(disclosure);
  expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  expect(disclosure).toHaveAccessibleName(EN.row.hideMessage);
  expect(message).toBeVisible();
  expect(message.textContent).toBe('Baris pertama <script>alert(1)</script>\nBaris kedua');
  expect(message.querySelector('script')).toBeNull();
  expect(message).toHaveClass('whitespace-pre-wrap');

  expect(within(card('Sari Soon')).getByText('in 2 h')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Answered 1' }));
  const answered = await screen.findByRole('article', { name: 'Ayu Answered' });
  expect(within(answered).getByText(EN.row.answered.marked(localTime(ago(10), 'en-GB')))).toBeInTheDocument();
  expect(within(answered).getByText(EN.row.deckNotSent)).toBeInTheDocument();
  expect(within(answered).getByText(EN.due.inTime)).toBeInTheDocument();
});

it('marks an inquiry answered: the sentence in the live region, the counts and the list read again, the focus on the sentence', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  await shown(team);
  await user.click(screen.getByRole('button', { name: 'Overdue 1' }));
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
  const actions = within(card('Budi <b>Late</b>')).getByRole('group', { name: EN.row.actions('Budi <b>Late</b>') });
  const held = team.holdNext('markAnswered');
  await user.click(within(actions).getByRole('button', { name: EN.actions.answer }));
  expect(within(actions).getByRole('button', { name: EN.actions.answer })).toHaveAttribute('aria-busy', 'true');
  expect(status()).toHaveTextContent(EN.outcomes.working);
  act(() => held.release());

  await waitFor(() => expect(status()).toHaveTextContent(EN.outcomes.answered('Budi <b>Late</b>')));
  expect(status()).toHaveAttribute('role', 'status');
  expect(await screen.findByText(EN.list.empty.overdue)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Overdue 0' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Answered 2' })).toBeInTheDocument();
  await waitFor(() => expect(status()).toHaveFocus());
});

it('says who was first when someone else already answered, and changes nothing', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  await shown(team);
  // Answered by a colleague after this page read the list.
  Object.assign(
    team.rows.find((row) => row.id === '4')!,
    { answered_at: ago(0.5), answered_how: 'marked' },
  );
  await user.click(within(card('Rina Open')).getByRole('button', { name: EN.actions.answer }));
  await waitFor(() =>
    expect(status()).toHaveTextContent(EN.outcomes.already('Rina Open', localTime(ago(0.5), 'en-GB'), 'dewi@example.test')),
  );
  expect(status().textContent).toMatch(/^Someone was first: .* by dewi@example\.test\. Nothing changed\.$/);
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Rina Open' })).toBeNull());
});

it('sends the deck to an investor marked answered, once: the button stays until the deck is sent', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  await shown(team);
  await user.click(screen.getByRole('button', { name: 'Answered 1' }));
  const row = await screen.findByRole('article', { name: 'Ayu Answered' });
  expect(within(row).queryByRole('button', { name: EN.actions.answer })).toBeNull();
  await user.click(within(row).getByRole('button', { name: EN.actions.deck }));
  await waitFor(() => expect(status()).toHaveTextContent(EN.outcomes.deckSent('ayu@example.test', localTime(NOW, 'en-GB'))));
  await waitFor(() => expect(within(card('Ayu Answered')).getByText(EN.row.deckSent(localTime(NOW, 'en-GB')))).toBeInTheDocument());
  expect(within(card('Ayu Answered')).queryByRole('button', { name: EN.actions.deck })).toBeNull();
  expect(team.calls.filter((call) => call.startsWith('sendDeck'))).toEqual(['sendDeck 1']);
  // A contact message never offers the deck.
  await user.click(screen.getByRole('button', { name: 'Open 3' }));
  expect(within(await screen.findByRole('article', { name: 'Rina Open' })).queryByRole('button', { name: EN.actions.deck })).toBeNull();
});

it.each([
  [{ outcome: 'capped' }, 'deckCapped'],
  [{ outcome: 'deck-missing' }, 'deckMissing'],
  [{ outcome: 'not-sent' }, 'deckNotSent'],
  [{ outcome: 'busy' }, 'deckBusy'],
  [{ outcome: 'missing' }, 'missing'],
] as const)('says why the deck did not go (%j) in Indonesian', async (answer, sentence) => {
  const user = userEvent.setup();
  const team = fakeTeam();
  team.deckAnswer = answer;
  await shown(team, 'id');
  await user.click(within(card('Sari Soon')).getByRole('button', { name: TEAM_TEXT.id.actions.deck }));
  await waitFor(() => expect(status()).toHaveTextContent(TEAM_TEXT.id.outcomes[sentence]));
  expect(status()).toHaveAttribute('data-note', 'problem');
});

it('puts an inquiry on legal hold and releases it, saying each', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  await shown(team);
  await user.click(within(card('Rina Open')).getByRole('button', { name: EN.actions.holdOn }));
  await waitFor(() => expect(status()).toHaveTextContent(EN.outcomes.held('Rina Open')));
  const release = await within(card('Rina Open')).findByRole('button', { name: EN.actions.holdOff });
  expect(within(card('Rina Open')).getByText(EN.row.onHold)).toBeInTheDocument();
  await user.click(release);
  await waitFor(() => expect(status()).toHaveTextContent(EN.outcomes.released('Rina Open')));
  expect(team.calls.filter((call) => call.startsWith('setHold'))).toEqual(['setHold 4 true', 'setHold 4 false']);
});

it("replies by a mailto: to the visitor's address, with a subject in the visitor's language", async () => {
  await shown(fakeTeam());
  expect(within(card('Budi <b>Late</b>')).getByRole('link', { name: EN.actions.reply })).toHaveAttribute(
    'href',
    'mailto:Budi@Example.test?subject=Re%3A%20pertanyaan%20Anda%20kepada%20AdaSorter',
  );
  expect(within(card('Sari Soon')).getByRole('link', { name: EN.actions.reply })).toHaveAttribute(
    'href',
    'mailto:sari@example.test?subject=Re%3A%20your%20inquiry%20to%20AdaSorter',
  );
});

it('exports a mailbox as a JSON file named by the day, never by the address', async () => {
  const user = userEvent.setup();
  const saved: { name: string; body: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    // jsdom's Blob has no text(); its FileReader reads one.
    const reader = new FileReader();
    const body = new Promise<string>((resolve) => reader.addEventListener('load', () => resolve(reader.result as string)));
    reader.readAsText(blobs.get(this.href)!);
    saved.push({ name: this.download, body });
  });
  try {
    await shown(fakeTeam());
    await user.click(within(card('Sari Soon')).getByRole('button', { name: EN.actions.export }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const day = new Date(NOW);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    expect(saved[0]!.name).toBe(`adasorter-mailbox-export-${date}.json`);
    const file = JSON.parse(await saved[0]!.body) as { mailbox: string; tables: Record<string, unknown[]> };
    expect(file.mailbox).toBe('sari@example.test');
    expect(file.tables.contact_submissions).toHaveLength(1);
    await waitFor(() => expect(status()).toHaveTextContent(EN.outcomes.exported(saved[0]!.name, 1)));
  } finally {
    jest.restoreAllMocks();
  }
});

it('erases a mailbox only once the address is typed again; Escape closes the step and gives the focus back', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  await shown(team);
  const trigger = within(card('Budi <b>Late</b>')).getByRole('button', { name: EN.actions.erase });
  await user.click(trigger);
  const dialog = screen.getByRole('dialog', { name: EN.erase.title });
  expect(within(dialog).getByText(EN.erase.mailbox('Budi@Example.test'))).toBeInTheDocument();
  const field = within(dialog).getByRole('textbox', { name: EN.erase.confirmLabel });
  expect(field).toHaveFocus();

  // Pressed with nothing typed, then with another address: a sentence each time, nothing erased.
  await user.click(within(dialog).getByRole('button', { name: EN.erase.confirm }));
  expect(field).toHaveAccessibleDescription(EN.erase.mismatch);
  await user.type(field, 'budi@example.tes{Enter}');
  expect(field).toHaveAccessibleDescription(EN.erase.mismatch);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(team.calls.some((call) => call.startsWith('erase'))).toBe(false);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(trigger).toHaveFocus();
  expect(team.rows).toHaveLength(4);

  // Typed again as a person types it (case aside): erased, the sentence says how much.
  await user.keyboard('{Enter}');
  const again = screen.getByRole('dialog', { name: EN.erase.title });
  await user.type(within(again).getByRole('textbox', { name: EN.erase.confirmLabel }), 'budi@example.test');
  await user.click(within(again).getByRole('button', { name: EN.erase.confirm }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(team.calls.filter((call) => call.startsWith('erase'))).toEqual(['erase Budi@Example.test budi@example.test']);
  await waitFor(() => expect(status()).toHaveTextContent(EN.outcomes.erased(3, 0)));
  expect(screen.queryByRole('article', { name: 'Budi <b>Late</b>' })).toBeNull();
  await waitFor(() => expect(status()).toHaveFocus());
});

it('keeps the erase step open with the typed address when the backend does not answer', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  team.failNext('erase', new TeamCallFailed('unreachable', 'HTTP 0'));
  await shown(team);
  await user.click(within(card('Rina Open')).getByRole('button', { name: EN.actions.erase }));
  const dialog = screen.getByRole('dialog', { name: EN.erase.title });
  const field = within(dialog).getByRole('textbox', { name: EN.erase.confirmLabel });
  await user.type(field, 'rina@example.test{Enter}');
  await waitFor(() => expect(field).toHaveAccessibleDescription(EN.outcomes.unreachable));
  expect(field).toHaveValue('rina@example.test');
  expect(team.rows).toHaveLength(4);
});

it('says a network failure as a sentence and keeps the list; an ended session is handed to the page', async () => {
  const user = userEvent.setup();
  const team = fakeTeam();
  await shown(team);
  team.failNext('markAnswered', new TeamCallFailed('unreachable', 'HTTP 0'));
  await user.click(within(card('Rina Open')).getByRole('button', { name: EN.actions.answer }));
  await waitFor(() => expect(status()).toHaveTextContent(EN.outcomes.unreachable));
  expect(screen.getAllByRole('article')).toHaveLength(3);
  expect(team.rows.find((row) => row.id === '4')?.answered_at).toBeNull();

  team.failNext('setHold', new TeamCallFailed('expired', '42501'));
  await user.click(within(card('Rina Open')).getByRole('button', { name: EN.actions.holdOn }));
  await waitFor(() => expect(expired).toBe(1));
});

it('keeps nothing it read once signed out: whoever signs in next in the tab sees the list only as the database gives it to them', async () => {
  const team = fakeTeam();
  const { rerender } = render(<Inbox api={team} />);
  await screen.findAllByRole('article');
  rerender(<Inbox api={team} signedIn={false} />);
  const reading = team.holdNext('list');
  rerender(<Inbox api={team} />);
  expect(screen.queryAllByRole('article')).toHaveLength(0);
  expect(screen.getByText(EN.list.loading)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Open –' })).toHaveAttribute('aria-pressed', 'true');
  act(() => reading.release());
  await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
});
