// The client-side refresh (docs/behaviour.md#the-refresh): the page is built with its content and
// the content's revision, and a site built with backend settings asks the backend for the current
// revision once the browser is idle, then now and then while the page is open. Only when the
// revision has moved are the page's lists read again (the model's PAGE_LISTS, one query each), so
// an edit made after the build shows without waiting for the rebuild or a reload, and an open page
// costs the backend one tiny request per round while nothing changes. This is its logic, free of
// React; src/hooks/useRefreshedLists.ts runs it in the page, and the sections keep taking plain
// ListData props.
import type { PageLists } from '../content/lists';
import { PAGE_LIST_KEYS, type PageListKey } from '../content/model';
import type { PageItem } from '../content/types';
import { loadContentReader, readContentRevision } from './backend';

export const REFRESH_KEPT_LOG = 'Content refresh failed; the page keeps what it shows:';
export const REFRESH_FAILED_LOG = 'Content refresh failed; the list shows its error text:';
export const REFRESH_WARNING_LOG = 'Content refresh:';

function sameItem(a: PageItem, b: PageItem): boolean {
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.is(left[key], right[key]));
}

/** Same rows, same order, same values: the list on screen already shows what the backend holds. */
export function sameItems(a: readonly PageItem[], b: readonly PageItem[]): boolean {
  return a.length === b.length && a.every((item, index) => sameItem(item, b[index] as PageItem));
}

export type ListOutcome<K extends PageListKey> = { ok: true; items: PageItem<K>[] } | { ok: false; error: unknown };

/**
 * The lists after one query settled. Returns `lists` itself when nothing visible changes, so React
 * skips the render: an unchanged backend costs no layout work and no shift. A failed query only
 * changes a list that is waiting for it (its skeleton, shown for a list the build delivered empty):
 * visitors never lose content that was already there (docs/architecture.md).
 */
export function applyOutcome<K extends PageListKey>(lists: PageLists, key: K, outcome: ListOutcome<K>): PageLists {
  const current = lists[key];
  if (outcome.ok) {
    if (current.status === 'ready' && sameItems(current.items, outcome.items)) return lists;
    return { ...lists, [key]: { status: 'ready', items: outcome.items } };
  }
  if (current.status !== 'loading') return lists;
  return { ...lists, [key]: { status: 'error', items: [] } };
}

/** Lists the build delivered empty show their loading skeleton while the query runs. */
export function markEmptyListsLoading(lists: PageLists): PageLists {
  const empty = PAGE_LIST_KEYS.filter((key) => lists[key].status === 'ready' && lists[key].items.length === 0);
  if (empty.length === 0) return lists;
  const next = { ...lists };
  for (const key of empty) next[key] = { status: 'loading', items: [] };
  return next;
}

export type RevisionOutcome = { ok: true; revision: string } | { ok: false; error: unknown };

/** The backend's current revision; never throws: a failure is its outcome. */
export async function readRevisionOutcome(): Promise<RevisionOutcome> {
  try {
    return { ok: true, revision: await readContentRevision() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** One list read for the refresh; never throws: a failure is its outcome. */
export async function readListOutcome<K extends PageListKey>(key: K): Promise<ListOutcome<K>> {
  try {
    const reader = await loadContentReader();
    if (!reader) throw new Error('the backend is not configured');
    const { items, warnings } = await reader.readList(key);
    for (const warning of warnings) console.debug(REFRESH_WARNING_LOG, warning);
    return { ok: true, items };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * After the first round the revision is asked for again while the page is visible, at growing
 * intervals: an edit made while a visitor has the page open shows up without a reload, and a tab
 * left open costs the backend one request of a few bytes every five minutes. A tab that comes back
 * into view is checked at once (unless it just was).
 */
export const RECHECK_DELAYS_MS: readonly number[] = [15_000, 30_000, 60_000, 120_000, 300_000];
