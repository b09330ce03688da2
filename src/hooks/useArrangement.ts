// Arrange mode's state in the preview: the lists' current order, the moves for undo and redo, and
// the message each move, undo and redo posts to the editor page that frames the preview.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  EMPTY_HISTORY,
  applyMove,
  recordMove,
  redoStep,
  shortcutOf,
  undoStep,
  type History,
  type ListOrders,
  type Move,
  type MoveMessage,
} from '../content/arrangement';
import type { PageListKey } from '../content/model';

/** Posts a move to the frame around the preview, to the site's own origin only: never `*`. */
function postMove(move: Move): void {
  if (window.parent === window) return;
  const message: MoveMessage = { type: 'move', ...move };
  window.parent.postMessage(message, window.location.origin);
}

export interface Arrangement {
  orders: ListOrders;
  move: (list: PageListKey, from: number, to: number) => void;
  undo: () => Move | null;
  redo: () => Move | null;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * `initial` is the order the preview read; a new one (after a save and a reload) starts over.
 * Ctrl/Cmd+Z and Ctrl+Y or Cmd+Shift+Z work while `shortcuts` is on; `onStep` hears each undo and redo.
 */
export function useArrangement(initial: ListOrders, shortcuts: boolean, onStep: (kind: 'undo' | 'redo', move: Move) => void): Arrangement {
  const [state, setState] = useState<{ orders: ListOrders; history: History }>({ orders: initial, history: EMPTY_HISTORY });
  const current = useRef(state);
  current.current = state;

  useEffect(() => {
    setState({ orders: initial, history: EMPTY_HISTORY });
  }, [initial]);

  const move = useCallback((list: PageListKey, from: number, to: number) => {
    const { orders, history } = current.current;
    const id = orders[list][from];
    if (id === undefined || from === to) return;
    const step: Move = { list, id, from, to };
    const next = { orders: applyMove(orders, step), history: recordMove(history, step) };
    current.current = next;
    setState(next);
    postMove(step);
  }, []);

  const step = useCallback((take: typeof undoStep) => {
    const taken = take(current.current.history);
    if (!taken) return null;
    const next = { orders: applyMove(current.current.orders, taken.move), history: taken.history };
    current.current = next;
    setState(next);
    postMove(taken.move);
    return taken.move;
  }, []);
  const undo = useCallback(() => step(undoStep), [step]);
  const redo = useCallback(() => step(redoStep), [step]);

  const onStepRef = useRef(onStep);
  onStepRef.current = onStep;
  useEffect(() => {
    if (!shortcuts) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const kind = shortcutOf(event);
      if (!kind) return;
      event.preventDefault();
      const done = kind === 'undo' ? undo() : redo();
      if (done) onStepRef.current(kind, done);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [shortcuts, undo, redo]);

  return {
    orders: state.orders,
    move,
    undo,
    redo,
    canUndo: state.history.done.length > 0,
    canRedo: state.history.undone.length > 0,
  };
}
