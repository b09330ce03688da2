import React, { Suspense, createContext, lazy, useContext, useRef, type ComponentType, type ReactNode } from 'react';
import { SKELETON_COUNT } from '../content/constants';
import { LIST_KIND, arrivalDelays, type ListData } from '../content/lists';
import type { PageListKey } from '../content/model';
import { useDictionary } from '../hooks/usePageLanguage';

/** What a list's items are handed to when someone else lays them out (the editors' preview). */
export interface ArrangedListProps {
  list: PageListKey;
  items: readonly { id: string }[];
  renderItem: (item: { id: string }) => ReactNode;
  listClassName: string;
  itemClassName?: string;
}

/**
 * The preview (src/pages/preview/) provides the component that lays its lists out, movable and with
 * the drafts marked. The page itself provides nothing, so it never loads that code.
 */
export const ArrangedListContext = createContext<ComponentType<ArrangedListProps> | null>(null);

interface ListStateProps<T extends { id: string }> {
  list: PageListKey;
  data: ListData<T>;
  renderItem: (item: T) => ReactNode;
  renderSkeleton: () => ReactNode;
  listClassName: string;
  itemClassName?: string;
}

const ArrivalItem = lazy(() => import('./ArrivalItem'));

// Loading skeleton, error text, empty text or the items: one component for the page's lists, each
// with its kind's texts and skeleton size.
// Items that were there at the first render (the built HTML) are plain, never hidden, so the static
// page is complete before any JavaScript runs; only items that arrive later fade in, 0.1 s apart.
// Their animation code loads with the first arrival; meanwhile the item holds its place, invisible,
// so nothing shifts.
export function ListState<T extends { id: string }>({
  list,
  data,
  renderItem,
  renderSkeleton,
  listClassName,
  itemClassName,
}: ListStateProps<T>) {
  const Arranged = useContext(ArrangedListContext);
  const kind = LIST_KIND[list];
  const texts = useDictionary().lists[kind];
  const firstRenderIds = useRef<ReadonlySet<string> | null>(null);
  if (firstRenderIds.current === null) {
    firstRenderIds.current = new Set(data.status === 'ready' ? data.items.map((item) => item.id) : []);
  }

  if (data.status === 'loading') {
    return (
      <div role="status" aria-busy="true">
        <span className="sr-only">{texts.loading}</span>
        <ul className={listClassName} aria-hidden="true">
          {Array.from({ length: SKELETON_COUNT[kind] }, (_, index) => (
            <li key={index} className={itemClassName}>
              {renderSkeleton()}
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (data.status === 'error') {
    return (
      <p role="alert" className="list-message list-message-error">
        {texts.error}
      </p>
    );
  }

  if (data.items.length === 0) {
    return <p className="list-message">{texts.empty}</p>;
  }

  if (Arranged) {
    return (
      <Arranged
        list={list}
        items={data.items}
        renderItem={renderItem as (item: { id: string }) => ReactNode}
        listClassName={listClassName}
        itemClassName={itemClassName}
      />
    );
  }

  const delays = arrivalDelays(
    data.items.map((item) => item.id),
    firstRenderIds.current,
  );
  return (
    <ul className={listClassName}>
      {data.items.map((item, index) => {
        const delay = delays[index] ?? null;
        if (delay === null) {
          return (
            <li key={item.id} className={itemClassName}>
              {renderItem(item)}
            </li>
          );
        }
        return (
          <Suspense
            key={item.id}
            fallback={
              <li className={itemClassName} style={{ opacity: 0 }}>
                {renderItem(item)}
              </li>
            }
          >
            <ArrivalItem className={itemClassName} delay={delay}>
              {renderItem(item)}
            </ArrivalItem>
          </Suspense>
        );
      })}
    </ul>
  );
}
