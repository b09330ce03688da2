import React from 'react';
import { SECTION_IDS } from '../content/constants';
import { HEADER } from '../content/copy';
import { Logo } from './Logo';

// Laid over the hero so the hero's backdrop runs under it; the hero leaves room at its top.
export function SiteHeader({ productName }: { productName: string }) {
  return (
    <header className="on-dark absolute inset-x-0 top-0 z-20">
      <div className="container-page flex h-18 items-center justify-between gap-4">
        <a href="#top" className="-ml-1 inline-flex min-h-11 items-center rounded-xl px-1">
          <Logo name={productName} tone="onDark" />
        </a>
        <nav aria-label={HEADER.navLabel} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER.nav.map((link) => (
              <li key={link.section}>
                <a
                  href={`#${SECTION_IDS[link.section]}`}
                  className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-brand-100 transition-[color,background-color] hover:bg-white/10 hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
