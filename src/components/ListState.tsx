import React, { Suspense, lazy, useRef, type ReactNode } from 'react';
import { ENTRANCE_STAGGER_S } from '../content/constants';
import type { ListTexts } from '../content/copy';

export type ListStatus = 'loading' | 'error' | 'ready';

// The shape every list section receives. The build always delivers `ready`; the browser's live
// refresh (a later issue) moves a list through `loading` and `error` as well.
export interface ListData<T> {
  status: ListStatus;
  items: readonly T[];
}

export function readyList<T>(items: readonly T[]): ListData<T> {
  return { status: 'ready', items };
}

interface ListStateProps<T extends { id: string }> {
  data: ListData<T>;
  texts: ListTexts;
  skeletonCount: number;
  renderItem: (item: T) => ReactNode;
  renderSkeleton: () => ReactNode;
  listClassName: string;
  itemClassName?: string;
}

// For each item, in order: null when it was there from the first render (it never animates), else
// its entrance delay, 0.1 s more for each arrival before it.
export function arrivalDelays(ids: readonly string[], known: ReadonlySet<string>): (number | null)[] {
  let arrivals = 0;
  return ids.map((id) => (known.has(id) ? null : arrivals++ * ENTRANCE_STAGGER_S));
}

const ArrivalItem = lazy(() => import('./ArrivalItem'));

// Loading skeleton, error text, empty text or the items: one component for the three lists.
// Items that were there at the first render (the built HTML) are plain, never hidden, so the static
// page is complete before any JavaScript runs; only items that arrive later fade in, 0.1 s apart.
// Their animation code loads with the first arrival; meanwhile the item holds its place, invisible,
// so nothing shifts.
export function ListState<T extends { id: string }>({
  data,
  texts,
  skeletonCount,
  renderItem,
  renderSkeleton,
  listClassName,
  itemClassName,
}: ListStateProps<T>) {
  const firstRenderIds = useRef<ReadonlySet<string> | null>(null);
  if (firstRenderIds.current === null) {
    firstRenderIds.current = new Set(data.status === 'ready' ? data.items.map((item) => item.id) : []);
  }

  if (data.status === 'loading') {
    return (
      <div role="status" aria-busy="true">
        <span className="sr-only">{texts.loading}</span>
        <ul className={listClassName} aria-hidden="true">
          {Array.from({ length: skeletonCount }, (_, index) => (
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
