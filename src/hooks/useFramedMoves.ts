// The editor page's side of arrange mode: the moves the framed preview posts, believed only from the
// site's own origin and from that frame, replayed on the lists as the editor page read them.
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { applyMove, changedLists, isMoveMessage, type ListOrders, type Move } from '../content/arrangement';
import type { PageListKey } from '../content/model';

export interface FramedMoves {
  moves: readonly Move[];
  orders: ListOrders;
  /** The lists whose order the moves changed (undoing a move changes nothing). */
  changed: PageListKey[];
  clear: () => void;
}

export function useFramedMoves(frame: RefObject<HTMLIFrameElement | null>, baseline: ListOrders | null): FramedMoves {
  const [moves, setMoves] = useState<Move[]>([]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (!isMoveMessage(event.data)) return;
      const { list, id, from, to } = event.data;
      setMoves((current) => [...current, { list, id, from, to }]);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame]);

  const orders = useMemo(() => (baseline ? moves.reduce(applyMove, baseline) : null), [baseline, moves]);
  return {
    moves,
    orders: orders ?? ({} as ListOrders),
    changed: baseline && orders ? changedLists(baseline, orders) : [],
    clear: () => setMoves([]),
  };
}
