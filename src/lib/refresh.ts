// The client-side refresh fallback (docs/architecture.md): the page is built with its content, and a site
// built with backend settings re-reads the three lists (spec §7 calls 1-3) once the browser is
// idle, then now and then while the page is open, so an edit made after the build shows without
// waiting for the rebuild or a reload. Wired once, in the page; the sections keep taking plain
// ListData props.
import { useEffect, useRef, useState } from 'react';
import type { ListData } from '../components/ListState';
import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../content/types';
import { backendSettings, loadContentReader } from './backend';
import { whenIdle } from './when-idle';

export interface LiveItems {
  coverage: MaterialCoverageItem;
  timeline: TimelineItem;
  adasorter: FeatureCard;
  worker: FeatureCard;
}

export type LiveListKey = keyof LiveItems;

export type LiveLists = { [K in LiveListKey]: ListData<LiveItems[K]> };

export const LIVE_LIST_KEYS: readonly LiveListKey[] = ['coverage', 'timeline', 'adasorter', 'worker'];

export const REFRESH_KEPT_LOG = 'Live refresh failed; the page keeps what it shows:';
export const REFRESH_FAILED_LOG = 'Live refresh failed; the list shows its error text:';
export const REFRESH_WARNING_LOG = 'Live refresh:';

type Item = LiveItems[LiveListKey];

function sameItem(a: Item, b: Item): boolean {
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.is(left[key], right[key]));
}

/** Same rows, same order, same values: the list on screen already shows what the backend holds. */
export function sameItems(a: readonly Item[], b: readonly Item[]): boolean {
  return a.length === b.length && a.every((item, index) => sameItem(item, b[index] as Item));
}

export type ListOutcome<K extends LiveListKey> = { ok: true; items: LiveItems[K][] } | { ok: false; error: unknown };

/**
 * The lists after one query settled. Returns `lists` itself when nothing visible changes, so React
 * skips the render: an unchanged backend costs no layout work and no shift. A failed query only
 * changes a list that is waiting for it (its skeleton, shown for a list the build delivered empty):
 * visitors never lose content that was already there (docs/architecture.md).
 */
export function applyOutcome<K extends LiveListKey>(lists: LiveLists, key: K, outcome: ListOutcome<K>): LiveLists {
  const current = lists[key];
  if (outcome.ok) {
    if (current.status === 'ready' && sameItems(current.items, outcome.items)) return lists;
    return { ...lists, [key]: { status: 'ready', items: outcome.items } };
  }
  if (current.status !== 'loading') return lists;
  return { ...lists, [key]: { status: 'error', items: [] } };
}

/** Lists the build delivered empty show their loading skeleton while the query runs. */
export function markEmptyListsLoading(lists: LiveLists): LiveLists {
  const empty = LIVE_LIST_KEYS.filter((key) => lists[key].status === 'ready' && lists[key].items.length === 0);
  if (empty.length === 0) return lists;
  const next = { ...lists };
  for (const key of empty) next[key] = { status: 'loading', items: [] };
  return next;
}

async function readList<K extends LiveListKey>(key: K): Promise<ListOutcome<K>> {
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
 * After the first refresh the lists are checked again while the page is visible, at growing
 * intervals: an edit made while a visitor has the page open shows up without a reload, and a tab
 * left open costs the backend four small reads every five minutes. A tab that comes back into view
 * is checked at once (unless it just was).
 */
export const RECHECK_DELAYS_MS: readonly number[] = [15_000, 30_000, 60_000, 120_000, 300_000];

/**
 * The page's lists: the built ones, then, on a site built with backend settings, what the backend
 * holds, first once the browser is idle after hydration, then at the intervals above. Each list
 * updates on its own as its query answers. Only the first value of `built` is used: it is the
 * build's content, fixed for the page's lifetime.
 */
export function useLiveContent(built: LiveLists): LiveLists {
  const first = useRef(built);
  const [lists, setLists] = useState<LiveLists>(() => ({
    coverage: built.coverage,
    timeline: built.timeline,
    adasorter: built.adasorter,
    worker: built.worker,
  }));

  useEffect(() => {
    if (!backendSettings()) return;
    let active = true;
    let rounds = 0;
    let running = false;
    let lastStart = 0;
    let timer: number | undefined;

    const schedule = () => {
      window.clearTimeout(timer);
      timer = undefined;
      if (!active || running || rounds === 0 || document.hidden) return;
      const delay = RECHECK_DELAYS_MS[Math.min(rounds, RECHECK_DELAYS_MS.length) - 1] as number;
      timer = window.setTimeout(refresh, delay);
    };

    function refresh() {
      const firstRound = rounds === 0;
      rounds += 1;
      running = true;
      lastStart = Date.now();
      if (firstRound) setLists(markEmptyListsLoading);
      const settled = LIVE_LIST_KEYS.map((key) =>
        readList(key).then((outcome) => {
          if (!active) return;
          if (!outcome.ok) {
            // Logged here, not in the state update, which React may run twice. Only a list that
            // the build delivered empty shows the failure of its first read.
            const shown = firstRound && first.current[key].items.length === 0;
            if (shown) console.error(REFRESH_FAILED_LOG, key, outcome.error);
            else console.warn(REFRESH_KEPT_LOG, key, outcome.error);
          }
          setLists((current) => applyOutcome(current, key, outcome));
        }),
      );
      void Promise.all(settled).then(() => {
        running = false;
        schedule();
      });
    }

    const onVisibilityChange = () => {
      if (document.hidden || running || rounds === 0) {
        window.clearTimeout(timer);
        timer = undefined;
        return;
      }
      if (Date.now() - lastStart >= (RECHECK_DELAYS_MS[0] as number)) refresh();
      else schedule();
    };

    const cancelIdle = whenIdle(refresh);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      active = false;
      cancelIdle();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);

  return lists;
}
