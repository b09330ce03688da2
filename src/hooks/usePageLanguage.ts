// The page's language and its dictionary, given once by the page (its page context) to every part
// below it. There is no default: a part rendered outside a page would otherwise fall back to one
// language silently, and importing a dictionary here would ship it to every page.
import { createContext, useContext } from 'react';
import type { Dictionary } from '../content/dictionary';
import type { Language } from '../content/languages';

export interface PageLanguage {
  language: Language;
  dictionary: Dictionary;
}

export const PageLanguageContext = createContext<PageLanguage | null>(null);

export function usePageLanguage(): PageLanguage {
  const value = useContext(PageLanguageContext);
  if (!value) throw new Error('usePageLanguage() must be used inside <PageLanguageContext.Provider>');
  return value;
}

export function useDictionary(): Dictionary {
  return usePageLanguage().dictionary;
}
