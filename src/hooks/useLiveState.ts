// Whether the live site shows the editor's saved edits, asked again while the page is open: the
// same-origin page data of `/` says which revision the deployed build holds, and the database (for
// a preview link's token, or a signed-in editor) says how far that is behind. Two small requests a round.
import { useEffect, useState } from 'react';
import { readLiveRevision } from '../lib/live-revision';
import type { LiveState } from '../lib/live-state';

/** Often enough to follow an edit and a deploy, rare enough to cost the backend nothing. */
export const LIVE_STATE_INTERVAL_MS = 15_000;

/** The database's answer for the site built from a revision. */
export type LiveStateReader = (liveRevision: string) => Promise<LiveState>;

/**
 * The live state, or null until known (and for a site whose build carries no revision). `read`
 * (null: nothing to ask yet) should keep its identity between renders: a new one asks anew.
 */
export function useLiveState(read: LiveStateReader | null): LiveState | null {
  const [live, setLive] = useState<LiveState | null>(null);

  useEffect(() => {
    if (!read) {
      setLive(null);
      return;
    }
    let active = true;
    const check = async () => {
      if (document.hidden) return;
      try {
        const revision = await readLiveRevision();
        const next = revision === null ? null : await read(revision);
        if (active) setLive(next);
      } catch (error) {
        // The line keeps its last answer: a missed round says nothing about the site.
        console.warn('Live state not read:', error);
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), LIVE_STATE_INTERVAL_MS);
    const onVisibilityChange = () => void check();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      active = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [read]);

  return live;
}
