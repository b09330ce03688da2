// Whether the live site shows every saved edit, in one line: the preview bar's and the editing page's.
import React from 'react';
import type { LiveText } from '../content/preview';
import type { LiveState } from '../lib/live-state';
import { localTime } from '../lib/local-time';

const LIVE_DOT: Record<LiveState['state'], string> = {
  live: 'bg-brand-700',
  pending: 'bg-white ring-2 ring-brand-950',
  stale: 'bg-red-700',
};

// A sentence, not a colour alone: the dot only repeats what the words say.
export function LiveLine({ live, text }: { live: LiveState; text: LiveText }) {
  const savedAt = live.liveSavedAt ? localTime(live.liveSavedAt, text.locale) : null;
  return (
    <span className="mt-1 flex items-start gap-2 font-medium">
      <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${LIVE_DOT[live.state]}`} />
      <span>
        {live.state === 'live' && text.live}
        {live.state === 'pending' && text.pending(savedAt, live.editsSince)}
        {live.state === 'stale' && (
          <>
            <strong className="block font-extrabold">{text.stale}</strong>
            {text.staleDetail(savedAt, live.editsSince)}
          </>
        )}
      </span>
    </span>
  );
}
