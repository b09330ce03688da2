// The page's lists as the sections receive them, whoever delivered them: the build always hands
// them over `ready`; the browser's refresh (src/lib/refresh.ts) moves a list the build delivered
// empty through `loading` and `error` as well. The lists themselves, their keys and their item
// types come from the content model (./model.ts).
import { ENTRANCE_STAGGER_S } from './constants';
import type { PageListKey } from './model';
import type { PageItem } from './types';

export type ListStatus = 'loading' | 'error' | 'ready';

export interface ListData<T> {
  status: ListStatus;
  items: readonly T[];
}

export function readyList<T>(items: readonly T[]): ListData<T> {
  return { status: 'ready', items };
}

/** Each of the page's lists in its state, by its key in the model's PAGE_LISTS. */
export type PageLists = { [K in PageListKey]: ListData<PageItem<K>> };

// For each item, in order: null when it was there from the first render (it never animates), else
// its entrance delay, 0.1 s more for each arrival before it.
export function arrivalDelays(ids: readonly string[], known: ReadonlySet<string>): (number | null)[] {
  let arrivals = 0;
  return ids.map((id) => (known.has(id) ? null : arrivals++ * ENTRANCE_STAGGER_S));
}
