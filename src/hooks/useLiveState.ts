// Whether the live site shows the editor's saved edits, asked again while the preview is open: the
// same-origin page data of `/` says which revision the deployed build holds, and the database (for
// the preview link's token) says how far that is behind. Two small requests a round.
import { useEffect, useState } from 'react';
import { backendSettings } from '../lib/backend';
import { readLiveRevision } from '../lib/live-revision';
import { readLiveState, type LiveState } from '../lib/preview-api';

/** Often enough to follow an edit and a deploy, rare enough to cost the backend nothing. */
export const LIVE_STATE_INTERVAL_MS = 15_000;

/** The live state, or null until known (and for a site whose build carries no revision). */
export function useLiveState(token: string): LiveState | null {
  const [live, setLive] = useState<LiveState | null>(null);

  useEffect(() => {
    const settings = backendSettings();
    if (!settings) return;
    let active = true;
    const check = async () => {
      if (document.hidden) return;
      try {
        const revision = await readLiveRevision();
        const next = revision === null ? null : await readLiveState(settings, token, revision);
        if (active) setLive(next);
      } catch (error) {
        // The banner keeps its last answer: a missed round says nothing about the site.
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
  }, [token]);

  return live;
}
