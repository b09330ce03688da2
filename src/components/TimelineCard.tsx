import React, { type CSSProperties } from 'react';
import { timelineStatusOpacity, timelineStatusKey, type TimelineStatus } from '../content/status';
import type { TimelineItem } from '../content/types';
import { useDictionary } from '../hooks/usePageLanguage';
import { StatusBadge, type BadgeTone } from './StatusBadge';
import { TimelineIcon } from './TimelineIcon';
import { SkeletonLines } from './SkeletonLines';

const TONE: Record<TimelineStatus, BadgeTone> = { completed: 'live', current: 'progress', upcoming: 'later' };

const BADGE: Record<TimelineStatus, string> = {
  completed: 'bg-brand-700 text-white',
  current: 'bg-accent-400 text-brand-950 ring-4 ring-accent-400/25',
  upcoming: 'bg-white text-brand-700 ring-1 ring-brand-200',
};

// As on the coverage cards, the status opacity (upcoming 75%) fades the card's visual layer (its
// surface and icon) while the text stays at full contrast; --status-opacity carries the value.
export function TimelineCard({ item }: { item: TimelineItem }) {
  const status = timelineStatusKey(item.status);
  const labels = useDictionary().timelineStatus;
  const style = { '--status-opacity': timelineStatusOpacity(item.status) } as CSSProperties;
  return (
    <article className="relative isolate h-full" style={style} data-status={status}>
      <div className="relative flex h-12 items-center" aria-hidden="true">
        <span className="absolute inset-x-0 top-1/2 h-px -translate-y-1/2 bg-brand-200" />
        <span className={`relative grid size-12 place-items-center rounded-full opacity-(--status-opacity) ${BADGE[status]}`}>
          <TimelineIcon icon={item.icon} className="size-6" />
        </span>
      </div>
      <div className="relative mt-5 flex h-[calc(100%-4.25rem)] flex-col rounded-3xl p-6">
        <div
          aria-hidden="true"
          className={`absolute inset-0 -z-10 rounded-3xl opacity-(--status-opacity) ${
            status === 'current' ? 'bg-white shadow-lift ring-2 ring-accent-400' : 'bg-white shadow-soft ring-1 ring-ink/5'
          }`}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          {item.period && <p className="text-sm font-extrabold tracking-wide text-brand-700">{item.period}</p>}
          <StatusBadge label={labels[status]} tone={TONE[status]} />
        </div>
        <h3 className="mt-4 text-lg leading-snug font-bold text-ink">{item.title}</h3>
        {item.description && <p className="mt-2 text-sm leading-relaxed text-ink-soft">{item.description}</p>}
      </div>
    </article>
  );
}

export function TimelineCardSkeleton() {
  return (
    <div className="h-full">
      <div className="skeleton size-12 rounded-full" />
      <SkeletonLines
        className="mt-5 space-y-3 rounded-3xl bg-white p-6 shadow-soft ring-1 ring-ink/5"
        lines={['h-4 w-1/3', 'h-5 w-3/4', 'h-3 w-full', 'h-3 w-5/6']}
      />
    </div>
  );
}
