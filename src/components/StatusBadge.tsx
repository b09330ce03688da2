import React from 'react';

export type BadgeTone = 'live' | 'progress' | 'later';

const TONES: Record<BadgeTone, { chip: string; dot: string }> = {
  live: { chip: 'bg-brand-50 text-brand-800 ring-brand-200', dot: 'bg-brand-500' },
  progress: { chip: 'bg-accent-50 text-accent-800 ring-accent-300', dot: 'bg-accent-500' },
  later: { chip: 'bg-slate-100 text-slate-700 ring-slate-300', dot: 'bg-slate-400' },
};

export function StatusBadge({ label, tone }: { label: string; tone: BadgeTone }) {
  const style = TONES[tone];
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-bold tracking-wide whitespace-nowrap uppercase ring-1 ring-inset ${style.chip}`}
    >
      <span className={`size-1.5 rounded-full ${style.dot}`} aria-hidden="true" />
      {label}
    </span>
  );
}
