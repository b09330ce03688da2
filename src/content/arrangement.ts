// Arrange mode's moves, free of React and the browser: the preview reorders its lists with them,
// keeps them for undo and redo, and posts each one to the editor page, which replays them on its own
// copy of the lists to know what to save. A move names its list, the item, and the item's index
// before and after, in the list as the page shows it.
import type { PageLists } from './lists';
import { PAGE_LIST_KEYS, type PageListKey } from './model';

export interface Move {
  list: PageListKey;
  id: string;
  from: number;
  to: number;
}

/** What the preview posts to the editor page for each move, undo and redo. */
export interface MoveMessage extends Move {
  type: 'move';
}

export type ListOrders = Readonly<Record<PageListKey, readonly string[]>>;

/** `items` with the one at `from` taken out and put back at `to`. */
export function moveIndex<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** The orders after a move; the same orders when the move does not fit them (its id is not at `from`). */
export function applyMove(orders: ListOrders, move: Move): ListOrders {
  const ids = orders[move.list];
  if (ids[move.from] !== move.id || move.to < 0 || move.to >= ids.length) return orders;
  return { ...orders, [move.list]: moveIndex(ids, move.from, move.to) };
}

export const reverseMove = (move: Move): Move => ({ ...move, from: move.to, to: move.from });

/** Moves done (the last is undone first) and moves undone (the last is redone first). */
export interface History {
  done: readonly Move[];
  undone: readonly Move[];
}

export const EMPTY_HISTORY: History = { done: [], undone: [] };

/** A new move clears what could be redone, as in any editor. */
export const recordMove = (history: History, move: Move): History => ({ done: [...history.done, move], undone: [] });

/** The step that undoes the last move (the move reversed), or null when there is none. */
export function undoStep(history: History): { history: History; move: Move } | null {
  const last = history.done[history.done.length - 1];
  if (!last) return null;
  return { history: { done: history.done.slice(0, -1), undone: [...history.undone, last] }, move: reverseMove(last) };
}

/** The step that makes the last undone move again, or null when there is none. */
export function redoStep(history: History): { history: History; move: Move } | null {
  const last = history.undone[history.undone.length - 1];
  if (!last) return null;
  return { history: { done: [...history.done, last], undone: history.undone.slice(0, -1) }, move: last };
}

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Ctrl or Cmd plus Z undoes; Ctrl plus Y, or Cmd (or Ctrl) plus Shift plus Z, redoes. */
export function shortcutOf(event: ShortcutKey): 'undo' | 'redo' | null {
  if (event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return null;
}

/** A message another frame sent, checked before the editor page believes it. */
export function isMoveMessage(value: unknown): value is MoveMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    message.type === 'move' &&
    (PAGE_LIST_KEYS as readonly unknown[]).includes(message.list) &&
    typeof message.id === 'string' &&
    Number.isInteger(message.from) &&
    Number.isInteger(message.to)
  );
}

/** The lists whose order differs between two sets of orders, in the model's order. */
export function changedLists(before: ListOrders, after: ListOrders): PageListKey[] {
  return PAGE_LIST_KEYS.filter((key) => before[key].join('\n') !== after[key].join('\n'));
}

/** Each list's ids in the order shown. */
export function ordersOf(lists: PageLists): ListOrders {
  return Object.fromEntries(PAGE_LIST_KEYS.map((key) => [key, lists[key].items.map((item) => item.id)])) as unknown as ListOrders;
}

/** The lists with their items in `orders`' order (items `orders` does not name keep theirs, at the end). */
export function inOrder(lists: PageLists, orders: ListOrders): PageLists {
  const sorted = { ...lists };
  for (const key of PAGE_LIST_KEYS) {
    const position = new Map(orders[key].map((id, index) => [id, index]));
    const items = [...lists[key].items].sort((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity));
    sorted[key] = { ...lists[key], items } as never;
  }
  return sorted;
}
