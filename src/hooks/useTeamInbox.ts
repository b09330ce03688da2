// The team's inbox (/team/): what the list shows (a promise state or one mailbox, a page of 50), the
// counts, and what a member does to a row, each answer worded in the page's language. Called once by
// the page, so that the member's place in the list outlives an ended session: after signing in
// again, the same filter and page are read anew.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TeamFilter, TeamText } from '../content/team';
import { TeamCallFailed, type InboxCounts, type Inquiry, type ListQuery, type TeamApi } from '../lib/team-api';
import { exportFileName, exportedRecords, saveExport } from '../lib/team-mailbox';
import { answerNote, deckNote, eraseNote, failureNote, holdNote, type TeamNote } from '../lib/team-outcomes';

/** What the list shows: one promise state, or every inquiry of one mailbox. */
export type TeamView = { filter: TeamFilter } | { mailbox: string };

/** What a member does to a row from the page (the reply is a link, not a call). */
export type RowAction = 'answer' | 'deck' | 'hold' | 'release' | 'export' | 'erase';

// How often the due times are read again against the clock ("in 3 h" becomes "in 2 h").
const TICK_MS = 30_000;

export interface TeamInbox {
  view: TeamView;
  page: number;
  counts: InboxCounts | null;
  /** The rows of the view shown; null until read. */
  rows: Inquiry[] | null;
  /** The page those rows are (the one asked for, once read). */
  rowsPage: number;
  total: number;
  loading: boolean;
  /** Now on the database's clock (ms), moved on every TICK_MS. */
  now: number;
  /** The last word on the list or an action, for the page's polite live region. */
  note: TeamNote;
  /** Why the last search changed nothing; null when it did. */
  searchProblem: string | null;
  /** Each row's action under way, by row id. */
  busy: Readonly<Record<string, RowAction>>;
  showFilter: (filter: TeamFilter) => void;
  search: (email: string) => Promise<void>;
  turnPage: (by: -1 | 1) => void;
  refresh: () => void;
  act: (row: Inquiry, action: Exclude<RowAction, 'erase'>) => Promise<void>;
  /** Erases the row's mailbox once `confirmation` is the same address; the sentence the erase step shows. */
  erase: (row: Inquiry, confirmation: string) => Promise<TeamNote>;
}

/** Whether `typed` is the row's address, as a person types it again (case and spaces aside). */
export function sameAddress(typed: string, row: Pick<Inquiry, 'email' | 'mailbox'>): boolean {
  const plain = typed.trim().toLowerCase();
  return plain !== '' && (plain === row.email.trim().toLowerCase() || plain === row.mailbox);
}

const queryOf = (view: TeamView, page: number): ListQuery => ({ ...view, page });

export function useTeamInbox(api: TeamApi | null, text: TeamText, signedIn: boolean, onExpired: () => void): TeamInbox {
  const [view, setView] = useState<TeamView>({ filter: 'open' });
  const [page, setPage] = useState(0);
  const [counts, setCounts] = useState<InboxCounts | null>(null);
  // The rows with the view and page they were read for: another view's rows are never shown under its
  // heading, and while the next page is read the last one stays (the pages' buttons with it).
  const [list, setList] = useState<{ view: string; page: number; rows: Inquiry[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [note, setNote] = useState<TeamNote>(null);
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<Record<string, RowAction>>({});
  // Only the latest read may show: an earlier one answering late is dropped.
  const reads = useRef(0);
  const busyNow = useRef(new Set<string>());

  // Read when a call fails, not when the list is read: a new callback from the page never reads again.
  const latest = useRef({ onExpired, text });
  latest.current = { onExpired, text };

  /** An ended session sends the member to the sign-in (the page says why); anything else is a sentence. */
  const failed = useCallback((error: unknown): TeamNote => {
    if (error instanceof TeamCallFailed && error.problem === 'expired') {
      latest.current.onExpired();
      return null;
    }
    return failureNote(error, latest.current.text);
  }, []);

  const read = useCallback(
    async (shown: TeamView, at: number): Promise<boolean> => {
      if (!api) return false;
      const mine = ++reads.current;
      setLoading(true);
      try {
        const counted = await api.counts();
        const found = await api.list(queryOf(shown, at), counted);
        if (mine !== reads.current) return true;
        // The last page emptied by an action: its neighbour before it.
        if (found.rows.length === 0 && at > 0) {
          setPage(at - 1);
          return true;
        }
        setSkew(Date.parse(counted.now) - Date.now());
        setNow(Date.parse(counted.now));
        setCounts(counted);
        setList({ view: JSON.stringify(shown), page: at, ...found });
        return true;
      } catch (error) {
        if (mine === reads.current) setNote(failed(error));
        return false;
      } finally {
        if (mine === reads.current) setLoading(false);
      }
    },
    [api, failed],
  );

  useEffect(() => {
    if (signedIn) void read(view, page);
  }, [signedIn, view, page, read]);

  useEffect(() => {
    if (signedIn) return;
    // Signed out, or the session ended: nothing read stays for whoever signs in next in this tab.
    // The place in the list (view, page) stays; the rows are read again.
    reads.current += 1;
    setList(null);
    setCounts(null);
    setNote(null);
    setSearchProblem(null);
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setInterval(() => setNow(Date.now() + skew), TICK_MS);
    return () => clearInterval(timer);
  }, [signedIn, skew]);

  const showFilter = useCallback((filter: TeamFilter) => {
    setSearchProblem(null);
    setView({ filter });
    setPage(0);
  }, []);

  const search = useCallback(
    async (email: string) => {
      if (!api) return;
      setSearchProblem(null);
      try {
        const mailbox = await api.mailbox(email.trim());
        setView({ mailbox });
        setPage(0);
        setNote(null);
      } catch (error) {
        const said = failed(error);
        if (error instanceof TeamCallFailed && error.problem === 'notAddress') setSearchProblem(said?.text ?? null);
        else setNote(said);
      }
    },
    [api, failed],
  );

  const turnPage = useCallback((by: -1 | 1) => setPage((at) => Math.max(0, at + by)), []);
  const refresh = useCallback(() => {
    setNote(null);
    void read(view, page);
  }, [read, view, page]);

  /** Runs one action of a row, one at a time per row; the row and the counts are read again after. */
  const run = useCallback(
    async (row: Inquiry, action: RowAction, call: () => Promise<TeamNote>): Promise<TeamNote> => {
      if (busyNow.current.has(row.id)) return null;
      busyNow.current.add(row.id);
      setBusy((all) => ({ ...all, [row.id]: action }));
      setNote({ kind: 'done', text: text.outcomes.working });
      let said: TeamNote;
      try {
        said = await call();
      } catch (error) {
        said = failed(error);
      }
      busyNow.current.delete(row.id);
      setBusy(({ [row.id]: _, ...others }) => others);
      setNote(said);
      // Whatever the answer, the list shows what is true now (someone else may have acted).
      if (said) await read(view, page);
      return said;
    },
    [failed, page, read, text, view],
  );

  const act = useCallback(
    async (row: Inquiry, action: Exclude<RowAction, 'erase'>) => {
      if (!api) return;
      await run(row, action, async () => {
        switch (action) {
          case 'answer':
            return answerNote(await api.markAnswered(row.id), row, text);
          case 'hold':
          case 'release':
            return holdNote(await api.setHold(row.id, action === 'hold'), row, text);
          case 'deck':
            return deckNote(await api.sendDeck(row.id), row, text);
          case 'export': {
            const exported = await api.exportMailbox(row.email);
            const file = exportFileName(exported.exported_at);
            saveExport(exported, file);
            return { kind: 'done', text: text.outcomes.exported(file, exportedRecords(exported)) };
          }
        }
      });
    },
    [api, run, text],
  );

  const erase = useCallback(
    async (row: Inquiry, confirmation: string): Promise<TeamNote> => {
      if (!api) return null;
      if (!sameAddress(confirmation, row)) return { kind: 'problem', text: text.erase.mismatch };
      return run(row, 'erase', async () => eraseNote(await api.erase(row.email, confirmation.trim()), text));
    },
    [api, run, text],
  );

  const current = list?.view === JSON.stringify(view) ? list : null;
  return {
    view,
    page,
    counts,
    rows: current ? current.rows : null,
    rowsPage: current?.page ?? page,
    total: current?.total ?? 0,
    loading,
    now,
    note,
    searchProblem,
    busy,
    showFilter,
    search,
    turnPage,
    refresh,
    act,
    erase,
  };
}
