import ArrowDown from 'lucide-react/icons/arrow-down';
import React from 'react';
import { useDictionary } from '../hooks/usePageLanguage';
import { scrollBehavior } from '../lib/reduced-motion';
import { ChatButton } from './ChatButton';

interface HeroProps {
  scrollTargetId: string;
  onChat: () => void;
}

// Everything here is in the first screen, so nothing in it waits for JavaScript to become visible:
// the headline is the Largest Contentful Paint.
export function Hero({ scrollTargetId, onChat }: HeroProps) {
  const { hero, site } = useDictionary();
  const [firstWord, ...restWords] = hero.headline.split(' ');
  const scrollDown = () => {
    const target = document.getElementById(scrollTargetId);
    if (!target) return;
    target.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    // Keyboard and screen-reader users continue from the section they were sent to.
    target.focus({ preventScroll: true });
  };

  return (
    <section id="top" aria-labelledby="hero-title" className="on-dark relative isolate overflow-hidden bg-brand-950 text-white">
      <HeroBackdrop />
      <div className="container-page grid gap-12 pt-28 pb-20 sm:pt-32 lg:grid-cols-12 lg:items-center lg:gap-10 lg:pt-40 lg:pb-32">
        <div className="lg:col-span-7">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/[0.07] px-3.5 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/15">
            <span className="size-2 shrink-0 rounded-full bg-accent-400" aria-hidden="true" />
            {site.tagline}
          </p>
          <h1
            id="hero-title"
            className="mt-7 text-[clamp(3.4rem,18vw,8rem)] leading-[0.88] font-extrabold tracking-[-0.045em] lg:text-[clamp(5rem,9.5vw,8rem)]"
          >
            {firstWord} <span className="block text-accent-400">{restWords.join(' ')}</span>
          </h1>
          <p className="mt-7 max-w-xl text-lg leading-relaxed text-brand-100 sm:text-xl">{hero.pitch}</p>
          <div className="mt-9 flex flex-wrap gap-3">
            <ChatButton label={hero.chat} onClick={onChat} className="shadow-[0_8px_24px_-8px_rgb(246_180_67/0.6)]" />
            <button
              type="button"
              onClick={scrollDown}
              className="inline-flex min-h-12 items-center gap-2 rounded-full px-6 text-base font-semibold text-white ring-1 ring-white/30 transition-[color,background-color] ring-inset hover:bg-white/10"
            >
              {hero.scrollDown}
              <ArrowDown className="size-5" aria-hidden="true" />
            </button>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:col-span-5 lg:grid-cols-1 lg:gap-5 lg:pl-6">
          {hero.claims.map((claim, index) => (
            <div
              key={claim.value}
              className="relative flex flex-col-reverse justify-between gap-3 overflow-hidden rounded-3xl bg-white/[0.06] p-5 ring-1 ring-white/12 sm:p-7"
            >
              <dt className="max-w-[12rem] text-sm font-medium text-brand-100 sm:text-base">{claim.label}</dt>
              <dd className="flex items-center justify-between gap-4 text-4xl leading-none font-extrabold tracking-tight text-white sm:text-5xl xl:text-6xl">
                <span className="sm:whitespace-nowrap">{claim.value}</span>
                <ClaimGraphic kind={index === 0 ? 'bars' : 'ring'} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

// Decorative echoes of the two claims: one bar against ten, and a ring filled to 90%.
function ClaimGraphic({ kind }: { kind: 'bars' | 'ring' }) {
  // Only where the card is wide enough to hold it beside the figure.
  const position = 'hidden shrink-0 xl:block';
  if (kind === 'bars') {
    return (
      <svg viewBox="0 0 64 84" className={`${position} h-16 w-12`} aria-hidden="true" focusable="false">
        <rect x="4" y="72" width="18" height="10" rx="3" fill="rgb(255 255 255 / 0.22)" />
        {Array.from({ length: 10 }, (_, step) => (
          <rect key={step} x="38" y={74 - step * 8} width="22" height="6" rx="2" fill="#f6b443" opacity={0.45 + step * 0.055} />
        ))}
      </svg>
    );
  }
  const circumference = 2 * Math.PI * 30;
  return (
    <svg viewBox="0 0 80 80" className={`${position} size-16 -rotate-90`} aria-hidden="true" focusable="false">
      <circle cx="40" cy="40" r="30" fill="none" stroke="rgb(255 255 255 / 0.14)" strokeWidth="9" />
      <circle
        cx="40"
        cy="40"
        r="30"
        fill="none"
        stroke="#f6b443"
        strokeWidth="9"
        strokeLinecap="round"
        strokeDasharray={`${circumference * 0.9} ${circumference}`}
      />
    </svg>
  );
}

// Decoration only: soft glows and a faint conveyor grid, drawn with CSS so it costs no request.
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute -top-40 right-[-10rem] size-[36rem] rounded-full bg-accent-500/20 blur-3xl" />
      <div className="absolute -bottom-48 -left-40 size-[40rem] rounded-full bg-brand-500/25 blur-3xl" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_60%_40%,black,transparent_75%)] bg-[size:56px_56px]" />
    </div>
  );
}
