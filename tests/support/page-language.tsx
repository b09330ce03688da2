// The page gives every part its language and dictionary (src/hooks/usePageLanguage.ts); tests that
// render parts alone give them the same way. `render` is Testing Library's, inside the English page
// unless a test names another language.
import { render as renderInDom, type RenderOptions } from '@testing-library/react';
import React, { type ReactElement, type ReactNode } from 'react';
import type { Dictionary } from '../../src/content/dictionary';
import { EN } from '../../src/content/dictionaries/en';
import { INDONESIAN } from '../../src/content/dictionaries/id';
import type { Language } from '../../src/content/languages';
import { PageLanguageContext } from '../../src/hooks/usePageLanguage';

export const DICTIONARIES: Readonly<Record<Language, Dictionary>> = { en: EN, id: INDONESIAN };

export function InLanguage({ language = 'en', children }: { language?: Language; children: ReactNode }) {
  return <PageLanguageContext.Provider value={{ language, dictionary: DICTIONARIES[language] }}>{children}</PageLanguageContext.Provider>;
}

export function render(ui: ReactElement, { language = 'en', ...options }: RenderOptions & { language?: Language } = {}) {
  return renderInDom(ui, { wrapper: ({ children }) => <InLanguage language={language}>{children}</InLanguage>, ...options });
}
