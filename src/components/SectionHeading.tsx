import React, { type ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  aside?: ReactNode;
}

export function SectionHeading({ id, eyebrow, title, intro, aside }: SectionHeadingProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-6">
      <div className="max-w-2xl">
        <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">{eyebrow}</p>
        <h2 id={id} className="mt-3 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl lg:text-5xl">
          {title}
        </h2>
        <p className="mt-4 text-base leading-relaxed text-ink-soft sm:text-lg">{intro}</p>
      </div>
      {aside}
    </div>
  );
}
