// The page's lists as the sections receive them, whoever delivered them: the build always hands
// them over `ready`; the browser's refresh (src/lib/refresh.ts) moves a list the build delivered
// empty through `loading` and `error` as well. The lists themselves, their keys and their item
// types come from the content model (./model.ts).
import { ENTRANCE_STAGGER_S, type ListKind } from './constants';
import { isTranslated, type Language } from './languages';
import { localizeRow } from './localize';
import { PAGE_LISTS, PAGE_LIST_KEYS, type PageListKey } from './model';
import type { PageItem } from './types';

export type ListStatus = 'loading' | 'error' | 'ready';

export interface ListData<T> {
  status: ListStatus;
  items: readonly T[];
}

/** Which kind each list is: both lists of feature cards are shown alike. */
export const LIST_KIND: Record<PageListKey, ListKind> = {
  coverage: 'coverage',
  timeline: 'timeline',
  adasorter: 'features',
  worker: 'features',
};

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

// One localized list per list the page received, so that a list the refresh left unchanged keeps
// its identity and its section does not render again.
const localizedLists = new WeakMap<ListData<PageItem>, ListData<PageItem>>();

/** The lists as one language's page shows them: each row's translated fields (./localize.ts). */
export function localizeLists(lists: PageLists, language: Language): PageLists {
  if (!isTranslated(language)) return lists;
  const localized = { ...lists };
  for (const key of PAGE_LIST_KEYS) {
    const list: ListData<PageItem> = lists[key];
    let shown = localizedLists.get(list);
    if (!shown) {
      shown = { status: list.status, items: list.items.map((item) => localizeRow(PAGE_LISTS[key].spec, item, language)) };
      localizedLists.set(list, shown);
    }
    (localized as Record<PageListKey, ListData<PageItem>>)[key] = shown;
  }
  return localized;
}
