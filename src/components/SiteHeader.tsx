import React from 'react';
import { SECTION_IDS, type SectionKey } from '../content/constants';
import { useDictionary } from '../hooks/usePageLanguage';
import { LanguageLink } from './LanguageLink';
import { Logo } from './Logo';

const NAV_SECTIONS: readonly SectionKey[] = ['snapshot', 'coverage', 'timeline'];

// Laid over the hero so the hero's backdrop runs under it; the hero leaves room at its top.
export function SiteHeader({ productName }: { productName: string }) {
  const { header } = useDictionary();
  return (
    <header className="on-dark absolute inset-x-0 top-0 z-20">
      <div className="container-page flex h-18 items-center justify-between gap-4">
        <a href="#top" className="-ml-1 inline-flex min-h-11 items-center rounded-xl px-1">
          <Logo name={productName} tone="onDark" />
        </a>
        <div className="flex items-center gap-2">
          <nav aria-label={header.navLabel} className="hidden md:block">
            <ul className="flex items-center gap-1">
              {NAV_SECTIONS.map((section) => (
                <li key={section}>
                  <a
                    href={`#${SECTION_IDS[section]}`}
                    className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-brand-100 transition-[color,background-color] hover:bg-white/10 hover:text-white"
                  >
                    {header.nav[section]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageLink className="-mr-2 text-brand-100 hover:text-white" />
        </div>
      </div>
    </header>
  );
}
