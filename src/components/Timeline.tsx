import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import React, { useEffect, useRef } from 'react';
import { TIMELINE_STEP_PX } from '../content/constants';
import type { ListData } from '../content/lists';
import { timelineScrollTarget } from '../content/status';
import type { TimelineItem } from '../content/types';
import { useDictionary } from '../hooks/usePageLanguage';
import { scrollBehavior } from '../lib/reduced-motion';
import { ListState } from './ListState';
import { SectionHeading } from './SectionHeading';
import { TimelineCard, TimelineCardSkeleton } from './TimelineCard';

export function Timeline({ id, data }: { id: string; data: ListData<TimelineItem> }) {
  const { timeline } = useDictionary();
  const scroller = useRef<HTMLDivElement>(null);
  const hasItems = data.status === 'ready' && data.items.length > 0;
  const target = data.status === 'ready' ? timelineScrollTarget(data.items) : null;

  // Once the items are there, bring the current milestone into view; again whenever the current
  // one changes (the refresh may move it). docs/behaviour.md#the-parts-of-the-page
  useEffect(() => {
    if (target === null) return;
    scroller.current?.scrollTo({ left: target, behavior: scrollBehavior() });
  }, [target]);

  const scrollByStep = (direction: -1 | 1) =>
    scroller.current?.scrollBy({ left: direction * TIMELINE_STEP_PX, behavior: scrollBehavior() });

  const arrows = hasItems ? (
    <div className="flex gap-2">
      <ArrowButton label={timeline.previous} onClick={() => scrollByStep(-1)}>
        <ChevronLeft className="size-6" aria-hidden="true" />
      </ArrowButton>
      <ArrowButton label={timeline.next} onClick={() => scrollByStep(1)}>
        <ChevronRight className="size-6" aria-hidden="true" />
      </ArrowButton>
    </div>
  ) : null;

  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className="scroll-mt-4 overflow-hidden py-20 sm:py-24 lg:py-28">
      <div className="container-page">
        <SectionHeading id={`${id}-title`} eyebrow={timeline.eyebrow} title={timeline.title} intro={timeline.intro} aside={arrows} />
        <div
          ref={scroller}
          role="region"
          aria-label={timeline.scrollRegionLabel}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so keyboards can scroll it (axe: scrollable-region-focusable)
          tabIndex={hasItems ? 0 : undefined}
          className="timeline-scroller mt-12 overflow-x-auto pb-10 sm:fade-x sm:px-6"
        >
          <ListState
            list="timeline"
            data={data}
            renderItem={(item) => <TimelineCard item={item} />}
            renderSkeleton={() => <TimelineCardSkeleton />}
            listClassName="flex"
            itemClassName="w-80 shrink-0 pr-5"
          />
        </div>
      </div>
    </section>
  );
}

function ArrowButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-12 place-items-center rounded-full bg-white text-brand-800 shadow-soft ring-1 ring-ink/10 transition-[color,background-color] hover:bg-brand-50 hover:text-brand-900"
    >
      {children}
    </button>
  );
}
