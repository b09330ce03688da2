import Sparkles from 'lucide-react/icons/sparkles';
import React, { type CSSProperties } from 'react';
import { featureIconColor } from '../content/fallbacks';
import type { FeatureCard as FeatureCardData } from '../content/types';
import { SkeletonLines } from './SkeletonLines';

// The glyph comes from the database in its own colour. It is set large and bold (WCAG large text,
// 3:1) on white so that the brand's mid-tone colours, amber included, keep enough contrast. A card
// without a glyph gets a neutral icon, one without a colour the brand's.
export function FeatureCard({ card }: { card: FeatureCardData }) {
  const glyphStyle: CSSProperties = { color: featureIconColor(card.icon_color) };
  return (
    <article className="flex h-full items-start gap-4 rounded-2xl bg-white p-4 shadow-soft ring-1 ring-ink/5 sm:p-5">
      <span
        aria-hidden="true"
        style={glyphStyle}
        className="grid size-12 shrink-0 place-items-center rounded-xl bg-white text-xl leading-none font-extrabold ring-1 ring-current/25"
      >
        {card.icon ?? <Sparkles className="size-6" aria-hidden="true" focusable="false" />}
      </span>
      <div className="min-w-0">
        <h3 className="text-base font-bold text-ink sm:text-lg">{card.title}</h3>
        {card.subtitle && <p className="mt-1 text-sm leading-relaxed text-ink-soft sm:text-[0.95rem]">{card.subtitle}</p>}
      </div>
    </article>
  );
}

export function FeatureCardSkeleton() {
  return (
    <div className="flex items-start gap-4 rounded-2xl bg-white p-4 shadow-soft ring-1 ring-ink/5 sm:p-5">
      <div className="skeleton size-12 shrink-0 rounded-xl" />
      <SkeletonLines className="flex-1 space-y-2 pt-1" lines={['h-4 w-3/5', 'h-3 w-4/5']} />
    </div>
  );
}
