import Languages from 'lucide-react/icons/languages';
import React from 'react';
import { LANGUAGE_PAGES, otherLanguage } from '../content/languages';
import { usePageLanguage } from '../hooks/usePageLanguage';
import { rememberLanguage } from '../lib/language-choice';

// A plain link to the other language's page, named in that language; following it is the visitor's
// choice, remembered so that the suggestion on `/` does not ask again.
export function LanguageLink({ className = '' }: { className?: string }) {
  const target = otherLanguage(usePageLanguage().language);
  return (
    <a
      href={LANGUAGE_PAGES[target].path}
      hrefLang={target}
      lang={target}
      onClick={() => rememberLanguage(target)}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold underline-offset-4 hover:underline ${className}`}
    >
      <Languages className="size-4 shrink-0" aria-hidden="true" />
      {LANGUAGE_PAGES[target].nativeName}
    </a>
  );
}
