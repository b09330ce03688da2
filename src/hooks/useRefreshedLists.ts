// The page's lists kept current in the browser: the refresh (src/lib/refresh.ts) run from the page,
// which is its one caller. The sections keep taking plain ListData props.
import { useEffect, useRef, useState } from 'react';
import type { PageLists } from '../content/lists';
import { PAGE_LIST_KEYS } from '../content/model';
import { backendSettings } from '../lib/backend';
import {
  RECHECK_DELAYS_MS,
  REFRESH_FAILED_LOG,
  REFRESH_KEPT_LOG,
  applyOutcome,
  markEmptyListsLoading,
  readListOutcome,
} from '../lib/refresh';
import { whenIdle } from '../lib/when-idle';

/**
 * The page's lists: the built ones, then, on a site built with backend settings, what the backend
 * holds, first once the browser is idle after hydration, then at the intervals of RECHECK_DELAYS_MS. Each list
 * updates on its own as its query answers. Only the first value of `built` is used: it is the
 * build's content, fixed for the page's lifetime.
 */
export function useRefreshedLists(built: PageLists): PageLists {
  const first = useRef(built);
  const [lists, setLists] = useState<PageLists>(() => ({
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
      const settled = PAGE_LIST_KEYS.map((key) =>
        readListOutcome(key).then((outcome) => {
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
