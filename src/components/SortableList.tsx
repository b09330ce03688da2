// The editors' preview lays each list out with this instead of ListState's plain list: every item
// carries its draft mark, and in arrange mode it can be moved with a pointer or the keyboard
// (dnd-kit: Space or Enter picks it up, each arrow key moves it 25 px, passing a neighbour's middle
// puts it in that neighbour's place, Space drops it, Escape puts it back), with every step announced
// to screen readers. Only the preview's pages import this file, so dnd-kit never reaches `/`.
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, horizontalListSortingStrategy, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import React, { createContext, useContext, useMemo, type CSSProperties, type FocusEvent, type ReactNode } from 'react';
import type { PageListKey } from '../content/model';
import { PREVIEW_TEXT } from '../content/preview';
import type { ArrangedListProps } from './ListState';

/** How far one arrow key press moves a picked-up item. */
export const KEYBOARD_STEP_PX = 25;

const ARROWS: Record<string, { x: number; y: number }> = {
  ArrowRight: { x: 1, y: 0 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowDown: { x: 0, y: 1 },
  ArrowUp: { x: 0, y: -1 },
};

/** dnd-kit's keyboard sensor asks where an arrow key takes the item: 25 px that way. */
export const stepByKeyboard: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const direction = ARROWS[event.code];
  if (!direction) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + direction.x * KEYBOARD_STEP_PX, y: currentCoordinates.y + direction.y * KEYBOARD_STEP_PX };
};

export interface PreviewArrange {
  arranging: boolean;
  drafts: ReadonlySet<string>;
  move: (list: PageListKey, from: number, to: number) => void;
  /** An item's name for announcements and its handle's label. */
  labelOf: (list: PageListKey, id: string) => string;
}

/** Provided by the preview page, read by each list it lays out. */
export const PreviewArrangeContext = createContext<PreviewArrange>({
  arranging: false,
  drafts: new Set(),
  move: () => undefined,
  labelOf: () => '',
});

export function SortableList({ list, items, renderItem, listClassName, itemClassName }: ArrangedListProps) {
  const { arranging, drafts, move, labelOf } = useContext(PreviewArrangeContext);
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepByKeyboard }),
  );

  const announcements = useMemo<Announcements>(() => {
    const name = (id: UniqueIdentifier) => labelOf(list, String(id));
    const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
    const { pickedUp, movedTo, dropped, cancelled } = PREVIEW_TEXT.announcements;
    return {
      onDragStart: ({ active }) => pickedUp(name(active.id), position(active.id), ids.length),
      onDragOver: ({ active, over }) => (over ? movedTo(name(active.id), position(over.id), ids.length) : undefined),
      onDragEnd: ({ active, over }) => dropped(name(active.id), position(over?.id ?? active.id), ids.length),
      onDragCancel: ({ active }) => cancelled(name(active.id)),
    };
  }, [ids, labelOf, list]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(list, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: PREVIEW_TEXT.arrangeHint } }}
    >
      <SortableContext
        items={ids}
        strategy={list === 'timeline' ? horizontalListSortingStrategy : rectSortingStrategy}
        disabled={!arranging}
      >
        <ul className={listClassName} data-list={list}>
          {items.map((item) => (
            <SortableItem
              key={item.id}
              id={item.id}
              className={itemClassName}
              draft={drafts.has(item.id)}
              arranging={arranging}
              label={labelOf(list, item.id)}
            >
              {renderItem(item)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface SortableItemProps {
  id: string;
  className?: string;
  draft: boolean;
  arranging: boolean;
  label: string;
  children: ReactNode;
}

function SortableItem({ id, className, draft, arranging, label, children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: !arranging });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    zIndex: isDragging ? 10 : undefined,
  };
  // While arranging, the whole item is the handle: a button named after the item. Focus brings it
  // wholly into view: picking up an item that is out of view makes dnd-kit scroll the page first,
  // and the item then lags that scroll in its every step.
  const handle = arranging
    ? {
        ...attributes,
        ...listeners,
        'aria-label': PREVIEW_TEXT.handle(label),
        onFocus: (event: FocusEvent<HTMLLIElement>) => event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
      }
    : {};
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-item-id={id}
      data-draft={draft || undefined}
      className={`relative ${className ?? ''} ${arranging ? 'cursor-grab touch-none select-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-accent-400' : ''} ${isDragging ? 'cursor-grabbing' : ''}`}
      {...handle}
    >
      <div
        className={`h-full rounded-3xl ${draft ? 'outline-2 outline-offset-4 outline-accent-500 outline-dashed' : ''} ${isDragging ? 'shadow-lift' : ''}`}
      >
        {children}
      </div>
      {draft && (
        <span
          title={PREVIEW_TEXT.draftHint}
          className="pointer-events-none absolute -top-3 right-3 z-10 rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-extrabold tracking-wide text-ink uppercase shadow-soft"
        >
          {PREVIEW_TEXT.draft}
        </span>
      )}
    </li>
  );
}
