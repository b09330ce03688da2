import { Picture } from './Picture';
import Recycle from 'lucide-react/icons/recycle';
import React, { useEffect, useRef, useState, type CSSProperties } from 'react';
import { NO_BUILT_PICTURES, cardPicture, type BuiltPictures, type CardPicture } from '../content/pictures';
import { materialStatusOpacity, materialStatusKey, type MaterialStatus } from '../content/status';
import type { MaterialCoverageItem } from '../content/types';
import { useDictionary } from '../hooks/usePageLanguage';
import { StatusBadge, type BadgeTone } from './StatusBadge';
import { SkeletonLines } from './SkeletonLines';

const TONE: Record<MaterialStatus, BadgeTone> = { live: 'live', development: 'progress', 'coming-soon': 'later' };

// A card fades by its status (Planned to 50%; docs/behaviour.md#the-parts-of-the-page). Fading the
// whole card would take its text below WCAG AA (no text colour reaches 4.5:1 at 50% on a light
// page), so the opacity applies to the card's visual layer (its surface and picture) and the text
// stays at full strength. The value is carried once, as --status-opacity on the card.
export function CoverageCard({ item, pictures = NO_BUILT_PICTURES }: { item: MaterialCoverageItem; pictures?: BuiltPictures }) {
  const status = materialStatusKey(item.status);
  const labels = useDictionary().materialStatus;
  const style = { '--status-opacity': materialStatusOpacity(item.status) } as CSSProperties;
  return (
    <article className="relative isolate flex h-full overflow-hidden rounded-3xl sm:flex-col" style={style} data-status={status}>
      <div aria-hidden="true" className="absolute inset-0 -z-10 rounded-3xl bg-paper opacity-(--status-opacity) ring-1 ring-ink/8" />
      <div className="m-2 grid size-24 shrink-0 place-items-center overflow-hidden rounded-[1.25rem] bg-white opacity-(--status-opacity) sm:mb-0 sm:aspect-[16/10] sm:size-auto">
        {/* A new picture (a refresh changed the row) starts over, even after the old one failed. */}
        <CoverPicture key={item.image ?? ''} picture={cardPicture(item.image, pictures)} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2 py-4 pr-4 pl-2 sm:p-5 sm:pt-4">
        <h3 className="text-lg font-bold text-ink">{item.name}</h3>
        {/* Read after the name; from sm up it sits on the picture's corner, alike on every card. */}
        <div className="sm:absolute sm:top-4 sm:left-4">
          <StatusBadge label={labels[status]} tone={TONE[status]} />
        </div>
        {item.description && <p className="text-sm leading-relaxed text-ink-soft">{item.description}</p>}
      </div>
    </article>
  );
}

const isBroken = (image: HTMLImageElement) => image.complete && image.naturalWidth === 0 && image.currentSrc !== '';

// The picture fills the card's fixed box (96 px square on phones, 16:10 above), so neither a late
// picture nor the icon replacing a failed one moves anything. Every picture is lazy: the grid is
// below the first screen, and early requests for its pictures delay the hero's paint on a slow
// phone. Any picture that fails to load (a site path gone, a processed file gone missing) gives way
// to the icon rather than the browser's broken-image sign.
function CoverPicture({ picture }: { picture: CardPicture }) {
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // The static page starts loading its pictures before React hydrates: an error from then has
    // no event left to catch. Error events do not bubble, hence the capture.
    if ([...element.querySelectorAll('img')].some(isBroken)) setFailed(true);
    const onError = () => setFailed(true);
    element.addEventListener('error', onError, true);
    return () => element.removeEventListener('error', onError, true);
  }, []);

  if (failed || picture.kind === 'icon') return <Recycle className="size-10 text-brand-600 sm:size-14" aria-hidden="true" />;
  return (
    <div ref={box} className="size-full">
      {picture.kind === 'processed' ? (
        <Picture image={picture.image} alt="" className="size-full" />
      ) : (
        <img src={picture.src} alt="" width={320} height={200} loading="lazy" decoding="async" className="size-full object-cover" />
      )}
    </div>
  );
}

export function CoverageCardSkeleton() {
  return (
    <div className="flex h-full rounded-3xl bg-paper p-2 ring-1 ring-ink/8 sm:flex-col">
      <div className="skeleton size-24 shrink-0 rounded-[1.25rem] sm:aspect-[16/10] sm:size-auto" />
      <SkeletonLines className="flex-1 space-y-3 p-3 sm:pt-4" lines={['h-5 w-1/2', 'h-3 w-full', 'h-3 w-4/5']} />
    </div>
  );
}
