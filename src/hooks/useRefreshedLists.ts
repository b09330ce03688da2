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
  readRevisionOutcome,
} from '../lib/refresh';
import { whenIdle } from '../lib/when-idle';

/**
 * The page's lists: the built ones, then, on a site built with backend settings, what the backend
 * holds. Each round (first once the browser is idle after hydration, then at the intervals of
 * RECHECK_DELAYS_MS) asks for the content's revision; only when it differs from the revision the
 * page shows (at first `builtRevision`, the one the build read) are the lists read, each updating on
 * its own as its query answers, and once every list has answered the page shows the new revision.
 * A list that failed leaves the page's revision as it was, so the next round reads again. Only the
 * first values of `built` and `builtRevision` are used: they are the build's, fixed for the page's
 * lifetime.
 */
export function useRefreshedLists(built: PageLists, builtRevision: string | null): PageLists {
  const first = useRef({ lists: built, revision: builtRevision });
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
    let shownRevision = first.current.revision;
    let listsRead = false;

    const schedule = () => {
      window.clearTimeout(timer);
      timer = undefined;
      if (!active || running || rounds === 0 || document.hidden) return;
      const delay = RECHECK_DELAYS_MS[Math.min(rounds, RECHECK_DELAYS_MS.length) - 1] as number;
      timer = window.setTimeout(refresh, delay);
    };

    async function readLists(revision: string) {
      const firstRead = !listsRead;
      listsRead = true;
      if (firstRead) setLists(markEmptyListsLoading);
      const outcomes = await Promise.all(
        PAGE_LIST_KEYS.map((key) =>
          readListOutcome(key).then((outcome) => {
            if (!active) return outcome;
            if (!outcome.ok) {
              // Logged here, not in the state update, which React may run twice. Only a list that
              // the build delivered empty shows the failure of its first read.
              const shown = firstRead && first.current.lists[key].items.length === 0;
              if (shown) console.error(REFRESH_FAILED_LOG, key, outcome.error);
              else console.warn(REFRESH_KEPT_LOG, key, outcome.error);
            }
            setLists((current) => applyOutcome(current, key, outcome));
            return outcome;
          }),
        ),
      );
      if (outcomes.every((outcome) => outcome.ok)) shownRevision = revision;
    }

    async function round() {
      const current = await readRevisionOutcome();
      if (!active) return;
      // A failed question keeps what the page shows, as a failed list read does.
      if (!current.ok) console.warn(REFRESH_KEPT_LOG, 'revision', current.error);
      else if (current.revision !== shownRevision) await readLists(current.revision);
    }

    function refresh() {
      rounds += 1;
      running = true;
      lastStart = Date.now();
      void round().finally(() => {
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
