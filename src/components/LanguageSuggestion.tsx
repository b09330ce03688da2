import X from 'lucide-react/icons/x';
import React, { useEffect, useState } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_PAGES, otherLanguage } from '../content/languages';
import { usePageLanguage } from '../hooks/usePageLanguage';
import { rememberLanguage, suggestsLanguage } from '../lib/language-choice';

// On the default page (/), for a browser that prefers the other language: a small note in that
// language (someone on /id/ went there on purpose), fixed at the bottom
// of the screen so that its arrival moves nothing (CLS 0). It appears only after hydration (the
// static page cannot know the browser), never redirects, and both its link and its dismissal
// remember the visitor's choice, so it asks once.
export function LanguageSuggestion() {
  const { language, dictionary } = usePageLanguage();
  const target = otherLanguage(language);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    setShown(language === DEFAULT_LANGUAGE && suggestsLanguage(language, target, navigator.languages ?? [navigator.language]));
  }, [language, target]);

  if (!shown) return null;
  const { suggestion, dismissSuggestion } = dictionary.languages;
  return (
    <aside
      lang={target}
      aria-label={suggestion}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-sm items-center gap-1 rounded-full bg-white py-1 pr-1 pl-5 shadow-lift ring-1 ring-brand-950/10 sm:right-6 sm:left-auto"
    >
      <a
        href={LANGUAGE_PAGES[target].path}
        hrefLang={target}
        onClick={() => rememberLanguage(target)}
        className="inline-flex min-h-11 flex-1 items-center text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-950"
      >
        {suggestion}
      </a>
      <button
        type="button"
        aria-label={dismissSuggestion}
        onClick={() => {
          rememberLanguage(language);
          setShown(false);
        }}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-brand-50 hover:text-ink"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </aside>
  );
}
