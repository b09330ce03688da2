// The team's inbox over a database of a few inquiries held in memory, answering as the contract's
// functions do (supabase/migrations/20261129001000_team_inbox.sql): for the page's tests on jsdom,
// which cannot run the local backend. The same page against the real functions: tests/e2e/team.e2e.ts.
import { TEAM_PAGE_SIZE } from '../../src/content/team';
import type { DeckOutcome, InboxCounts, Inquiry, ListQuery, TeamApi } from '../../src/lib/team-api';

export const NOW = '2026-11-29T12:00:00.000Z';
const HOUR = 3_600_000;
export const ago = (hours: number) => new Date(Date.parse(NOW) - hours * HOUR).toISOString();

const inquiry = (fields: Partial<Inquiry> & Pick<Inquiry, 'id' | 'name' | 'email'>): Inquiry => {
  const created = fields.created_at ?? ago(1);
  return {
    type: 'contact',
    company: null,
    message: 'Hello',
    language: 'en',
    created_at: created,
    reply_due_at: new Date(Date.parse(created) + 24 * HOUR).toISOString(),
    answered_at: null,
    answered_how: null,
    deck_sent_at: null,
    legal_hold: false,
    mailbox: fields.email.toLowerCase(),
    ...fields,
  };
};

/** Four inquiries, one in each state: overdue, due soon, open, answered (an investor without its deck). */
export function someInquiries(): Inquiry[] {
  return [
    inquiry({
      id: '4',
      name: 'Rina Open',
      email: 'rina@example.test',
      created_at: ago(1),
      company: 'PT Pilah',
    }),
    inquiry({
      id: '3',
      name: 'Sari Soon',
      email: 'sari@example.test',
      type: 'investor',
      created_at: ago(22),
      language: 'en',
    }),
    inquiry({
      id: '2',
      name: 'Budi <b>Late</b>',
      email: 'Budi@Example.test',
      created_at: ago(25),
      language: 'id',
      company: '  ',
      message: 'Baris pertama <script>alert(1)</script>\nBaris kedua',
    }),
    inquiry({
      id: '1',
      name: 'Ayu Answered',
      email: 'ayu@example.test',
      type: 'investor',
      created_at: ago(30),
      answered_at: ago(10),
      answered_how: 'marked',
    }),
  ];
}

export interface FakeTeam extends TeamApi {
  rows: Inquiry[];
  calls: string[];
  /** Makes the next call of that name fail with `error` (once). */
  failNext(name: keyof TeamApi, error: Error): void;
  /** The deck's next answer, instead of sending. */
  deckAnswer: DeckOutcome | null;
  /** Holds the next call of that name until `release()` is called. */
  holdNext(name: keyof TeamApi): { release(): void };
}

const REMIND_BEFORE = 3 * HOUR;

function state(row: Inquiry): 'answered' | 'overdue' | 'due_soon' | 'open' {
  if (row.answered_at) return 'answered';
  const due = Date.parse(row.reply_due_at ?? NOW);
  if (due < Date.parse(NOW)) return 'overdue';
  return due < Date.parse(NOW) + REMIND_BEFORE ? 'due_soon' : 'open';
}

export function fakeTeam(rows: Inquiry[] = someInquiries()): FakeTeam {
  const failures = new Map<string, Error>();
  const holds = new Map<string, Promise<void>>();
  const fake = {
    rows,
    calls: [] as string[],
    deckAnswer: null as DeckOutcome | null,
    failNext(name: string, error: Error) {
      failures.set(name, error);
    },
    holdNext(name: string) {
      let release = () => {};
      holds.set(name, new Promise<void>((resolve) => (release = resolve)));
      return { release: () => release() };
    },
  };
  const step = async (name: string, call: string) => {
    fake.calls.push(call);
    const held = holds.get(name);
    holds.delete(name);
    if (held) await held;
    const failure = failures.get(name);
    failures.delete(name);
    if (failure) throw failure;
  };
  const find = (id: string) => fake.rows.find((row) => row.id === id);
  const api: TeamApi = {
    async counts(): Promise<InboxCounts> {
      await step('counts', 'counts');
      const count = (wanted: string) => fake.rows.filter((row) => state(row) === wanted).length;
      return {
        open: fake.rows.filter((row) => !row.answered_at).length,
        due_soon: count('due_soon'),
        overdue: count('overdue'),
        answered: count('answered'),
        remind_before_seconds: REMIND_BEFORE / 1000,
        now: NOW,
      };
    },
    async list(query: ListQuery) {
      await step('list', `list ${JSON.stringify(query)}`);
      const chosen = fake.rows.filter((row) =>
        'mailbox' in query ? row.mailbox === query.mailbox : query.filter === 'open' ? !row.answered_at : state(row) === query.filter,
      );
      const from = query.page * TEAM_PAGE_SIZE;
      return { rows: chosen.slice(from, from + TEAM_PAGE_SIZE), total: chosen.length };
    },
    async mailbox(email: string) {
      await step('mailbox', `mailbox ${email}`);
      return email.trim().toLowerCase();
    },
    async markAnswered(id: string) {
      await step('markAnswered', `markAnswered ${id}`);
      const row = find(id);
      if (!row) return { outcome: 'missing' as const };
      if (row.answered_at)
        return { outcome: 'already' as const, at: row.answered_at, how: row.answered_how ?? 'marked', by: 'dewi@example.test' };
      Object.assign(row, { answered_at: NOW, answered_how: 'marked' });
      return { outcome: 'answered' as const, at: NOW };
    },
    async setHold(id: string, hold: boolean) {
      await step('setHold', `setHold ${id} ${hold}`);
      const row = find(id);
      if (!row) return { outcome: 'missing' as const };
      row.legal_hold = hold;
      return { outcome: hold ? ('held' as const) : ('released' as const), at: NOW };
    },
    async exportMailbox(email: string) {
      await step('exportMailbox', `exportMailbox ${email}`);
      const mine = fake.rows.filter((row) => row.mailbox === email.toLowerCase());
      const tables: Record<string, unknown[]> = mine.length ? { contact_submissions: mine } : {};
      return { mailbox: email.toLowerCase(), exported_at: NOW, tables };
    },
    async erase(email: string, confirmation: string) {
      await step('erase', `erase ${email} ${confirmation}`);
      if (confirmation.toLowerCase() !== email.toLowerCase()) return { outcome: 'unconfirmed' as const };
      const gone = fake.rows.filter((row) => row.mailbox === email.toLowerCase() && !row.legal_hold);
      fake.rows = fake.rows.filter((row) => !gone.includes(row));
      return { outcome: 'erased' as const, deleted: { contact_submissions: gone.length, inquiry_notify_claims: 2 }, held: 0 };
    },
    async sendDeck(id: string) {
      await step('sendDeck', `sendDeck ${id}`);
      if (fake.deckAnswer) return fake.deckAnswer;
      const row = find(id);
      if (!row) return { outcome: 'missing' as const };
      if (row.deck_sent_at) return { outcome: 'done' as const, at: row.deck_sent_at };
      row.deck_sent_at = NOW;
      return { outcome: 'deck_sent' as const, at: NOW };
    },
  };
  return Object.assign(fake, api);
}
