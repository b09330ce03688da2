// The visitor's own choice of language, remembered in the browser only when they make one (they
// follow a language link or dismiss the suggestion), and the browser's preference, which only
// ever earns a suggestion: the site never redirects by language.
import { isLanguage, type Language } from '../content/languages';

export const LANGUAGE_CHOICE_KEY = 'language-choice';

export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_CHOICE_KEY, language);
  } catch {
    // Storage refused (private mode, a full quota): the choice lasts as long as the page.
  }
}

export function rememberedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_CHOICE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The site's language the browser ranks highest among its preferred ones (`id-ID` counts as `id`;
 * `in` is the code older Android versions still report for Indonesian), or null for none of them.
 */
export function preferredLanguage(preferences: readonly string[]): Language | null {
  for (const tag of preferences) {
    const primary = tag.toLowerCase().split('-')[0];
    const language = primary === 'in' ? 'id' : primary;
    if (isLanguage(language)) return language;
  }
  return null;
}

/** Whether the page in `language` suggests the other one: the browser prefers it and the visitor has not chosen. */
export function suggestsLanguage(language: Language, target: Language, preferences: readonly string[]): boolean {
  return language !== target && rememberedLanguage() === null && preferredLanguage(preferences) === target;
}
