// The team's page's backend calls, on the staff client (./staff-auth, which also signs the member
// in): the inquiries a member may read (RLS and column grants), the counts by promise state, the
// mailbox search, the actions (public.team_* functions, each checking the role and recording the
// call), and the deck, which the edge function sends with the member's session. The database decides
// (supabase/migrations/20261129001000_team_inbox.sql); this file only tells its answers apart.
import type { SupabaseClient } from '@supabase/supabase-js';
import { INQUIRY_FUNCTION } from '../../supabase/paths';
import type { AnsweredHow } from '../content/dictionaries/act';
import type { Language } from '../content/languages';
import { TEAM_PAGE_SIZE, type TeamFilter } from '../content/team';
import type { InquiryType } from '../content/types';
import { DB_TIMEOUT_MS } from './backend-call';

/** The columns the page reads: exactly those the database grants a member. */
export const INQUIRY_COLUMNS =
  'id,type,name,email,company,message,language,created_at,reply_due_at,answered_at,answered_how,deck_sent_at,legal_hold,mailbox';

export interface Inquiry {
  /** As text, whatever the id column's type (the action functions take it so). */
  id: string;
  type: InquiryType;
  name: string;
  email: string;
  company: string | null;
  message: string;
  language: Language;
  created_at: string;
  reply_due_at: string | null;
  answered_at: string | null;
  answered_how: AnsweredHow | null;
  deck_sent_at: string | null;
  legal_hold: boolean;
  mailbox: string | null;
}

export interface InboxCounts extends Record<TeamFilter, number> {
  /** The window of "due soon" (inquiry_limits.remind_before), in seconds. */
  remind_before_seconds: number;
  /** The database's clock when it counted: the filters and the due times are read against it. */
  now: string;
}

/** What the list shows: a filter, or one mailbox (as team_mailbox gave it); a page of 50. */
export type ListQuery = { filter: TeamFilter; page: number } | { mailbox: string; page: number };

export interface InquiryPage {
  rows: Inquiry[];
  /** How many inquiries the filter or mailbox holds in all. */
  total: number;
}

/**
 * Why a call did nothing: the session is no longer a member's (42501, 401), what was searched is not
 * an address (22023), no answer came, or the backend refused (`code` says how, never a visitor's text).
 */
export type TeamProblem = 'expired' | 'notAddress' | 'unreachable' | 'failed';

export class TeamCallFailed extends Error {
  constructor(
    readonly problem: TeamProblem,
    readonly code: string,
  ) {
    super(`${problem} (${code})`);
  }
}

interface PostgrestFailure {
  code?: string;
  message?: string;
}

/** What a refused or failed call means for the member. */
export function problemOf(error: PostgrestFailure | null, status: number): TeamCallFailed {
  const code = error?.code || `HTTP ${status}`;
  if (error?.code === '42501' || error?.code === 'PGRST301' || error?.code === 'PGRST303' || status === 401) {
    return new TeamCallFailed('expired', code);
  }
  if (error?.code === '22023') return new TeamCallFailed('notAddress', code);
  // No answer at all (supabase-js reports status 0), or a gateway's answer with none of the database's.
  if (status === 0 || ((status === 502 || status === 503 || status === 504) && !error?.code)) {
    return new TeamCallFailed('unreachable', code);
  }
  return new TeamCallFailed('failed', code);
}

export type AnswerOutcome =
  | { outcome: 'answered'; at: string }
  | { outcome: 'already'; at: string; how: AnsweredHow; by: string | null }
  | { outcome: 'missing' }
  | { outcome: 'invalid' };

export type HoldOutcome = { outcome: 'held' | 'released'; at: string } | { outcome: 'missing' } | { outcome: 'invalid' };

export type EraseOutcome = { outcome: 'erased'; deleted: Record<string, number>; held: number } | { outcome: 'unconfirmed' };

/** What `npm run inquiries -- export` prints: every stored row of the mailbox, by table. */
export interface MailboxExport {
  mailbox: string;
  exported_at: string;
  tables: Record<string, unknown[]>;
}

/** The edge function's answer to the deck's press from the page. */
export type DeckOutcome =
  | { outcome: 'deck_sent'; at: string }
  | { outcome: 'done'; at: string }
  | { outcome: 'busy' | 'capped' | 'deck-missing' | 'not-sent' | 'missing' | 'not-investor' };

const DECK_WAITS = new Set(['busy', 'capped', 'deck-missing', 'not-sent', 'missing', 'not-investor']);

export interface TeamApi {
  counts(): Promise<InboxCounts>;
  /** One page of the list, filtered against the clock and window `counts` gave. */
  list(query: ListQuery, counts: InboxCounts): Promise<InquiryPage>;
  /** The searched address as the mailbox column holds it; TeamCallFailed('notAddress') otherwise. */
  mailbox(email: string): Promise<string>;
  markAnswered(id: string): Promise<AnswerOutcome>;
  setHold(id: string, hold: boolean): Promise<HoldOutcome>;
  exportMailbox(email: string): Promise<MailboxExport>;
  erase(email: string, confirmation: string): Promise<EraseOutcome>;
  sendDeck(id: string): Promise<DeckOutcome>;
}

/** The calls, made with `client`'s session (the tab's staff client). */
export function createTeamApi(client: SupabaseClient): TeamApi {
  const call = async <T>(name: string, args?: Record<string, unknown>): Promise<T> => {
    const answer = await client.rpc(name, args);
    if (answer.error) throw problemOf(answer.error, answer.status);
    return answer.data as T;
  };

  return {
    async counts() {
      const counts = await call<InboxCounts>('team_inbox_counts');
      // bigint counts may arrive as text.
      return {
        open: Number(counts.open),
        due_soon: Number(counts.due_soon),
        overdue: Number(counts.overdue),
        answered: Number(counts.answered),
        remind_before_seconds: Number(counts.remind_before_seconds),
        now: counts.now,
      };
    },
    async list(query, counts) {
      const from = query.page * TEAM_PAGE_SIZE;
      // A filter's total is the count team_inbox_counts gave at the same clock; only a mailbox is
      // counted with its page (through its index: a few rows), so a page of a filter reads 50 rows.
      const searched = 'mailbox' in query;
      let select = client.from('contact_submissions').select(INQUIRY_COLUMNS, searched ? { count: 'exact' } : undefined);
      if ('mailbox' in query) select = select.eq('mailbox', query.mailbox);
      else if (query.filter === 'answered') select = select.not('answered_at', 'is', null);
      else {
        select = select.is('answered_at', null);
        const soon = new Date(Date.parse(counts.now) + counts.remind_before_seconds * 1000).toISOString();
        if (query.filter === 'overdue') select = select.lt('reply_due_at', counts.now);
        if (query.filter === 'due_soon') select = select.gte('reply_due_at', counts.now).lt('reply_due_at', soon);
      }
      const { data, error, status, count } = await select.order('created_at', { ascending: false }).range(from, from + TEAM_PAGE_SIZE - 1);
      if (error) throw problemOf(error, status);
      const rows = ((data ?? []) as unknown as (Omit<Inquiry, 'id'> & { id: string | number })[]).map((row) => ({
        ...row,
        id: String(row.id),
      }));
      return { rows, total: 'mailbox' in query ? (count ?? from + rows.length) : counts[query.filter] };
    },
    mailbox: (email) => call<string>('team_mailbox', { p_email: email }),
    markAnswered: (id) => call<AnswerOutcome>('team_mark_answered', { p_id: id }),
    setHold: (id, hold) => call<HoldOutcome>('team_set_hold', { p_id: id, p_hold: hold }),
    exportMailbox: (email) => call<MailboxExport>('team_export', { p_email: email }),
    erase: (email, confirmation) => call<EraseOutcome>('team_erase', { p_email: email, p_confirmation: confirmation }),
    async sendDeck(id) {
      // supabase-js sends the member's access token as the bearer; the function checks the member.
      const answer = await client.functions.invoke<unknown>(INQUIRY_FUNCTION, { body: { team_deck: id }, timeout: DB_TIMEOUT_MS });
      const { response } = answer;
      // A refusal (4xx, 5xx) keeps the function's own answer in the response.
      const body = (answer.error ? await response?.json().catch(() => null) : answer.data) as { outcome?: string; at?: string } | null;
      const outcome = body?.outcome ?? '';
      if ((outcome === 'deck_sent' || outcome === 'done') && body?.at) return { outcome, at: body.at };
      if (DECK_WAITS.has(outcome)) return { outcome } as DeckOutcome;
      if (outcome === 'forbidden' || response?.status === 401 || response?.status === 403) {
        throw new TeamCallFailed('expired', `HTTP ${response?.status ?? 200}`);
      }
      // No answer, or the platform's instead of the function's (its database or the function down).
      if (!response || response.status >= 500) throw new TeamCallFailed('unreachable', response ? `HTTP ${response.status}` : 'no answer');
      throw new TeamCallFailed('failed', `HTTP ${response.status}`);
    },
  };
}
