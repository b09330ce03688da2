// The client-side refresh fallback (DESIGN.md): the page is built with its content, and a site
// built with backend settings re-reads the three lists (spec §7 calls 1-3) once the browser is
// idle, so an edit made after the build shows without waiting for the rebuild. Wired once, in the
// page; the sections keep taking plain ListData props.
import { useEffect, useRef, useState } from 'react';
import type { ListData } from '../components/ListState';
import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../content/types';
import { backendSettings, loadBackend } from './backend';
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

export const REFRESH_KEPT_LOG = 'Live refresh failed; the built content stays on the page:';
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
 * skips the render: an unchanged backend costs no layout work and no shift. A failed query keeps
 * the items on screen: visitors never lose content that was already there (DESIGN.md).
 */
export function applyOutcome<K extends LiveListKey>(lists: LiveLists, key: K, outcome: ListOutcome<K>): LiveLists {
  const current = lists[key];
  if (outcome.ok) {
    if (current.status === 'ready' && sameItems(current.items, outcome.items)) return lists;
    return { ...lists, [key]: { status: 'ready', items: outcome.items } };
  }
  if (current.items.length > 0) return lists;
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
    const backend = await loadBackend();
    if (!backend) throw new Error('the backend is not configured');
    const { items, warnings } = await backend.readList(key);
    for (const warning of warnings) console.debug(REFRESH_WARNING_LOG, warning);
    return { ok: true, items };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The page's lists: the built ones, then, on a site built with backend settings, what the backend
 * holds once the browser is idle. Each list updates on its own as its query answers; only the
 * first value of `built` is used (it is the build's content, fixed for the page's lifetime).
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
    const cancel = whenIdle(() => {
      setLists(markEmptyListsLoading);
      for (const key of LIVE_LIST_KEYS) {
        void readList(key).then((outcome) => {
          if (!active) return;
          if (!outcome.ok) {
            // Logged here, not in the state update, which React may run twice.
            if (first.current[key].items.length > 0) console.warn(REFRESH_KEPT_LOG, key, outcome.error);
            else console.error(REFRESH_FAILED_LOG, key, outcome.error);
          }
          setLists((current) => applyOutcome(current, key, outcome));
        });
      }
    });
    return () => {
      active = false;
      cancel();
    };
  }, []);

  return lists;
}
