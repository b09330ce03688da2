// The site's languages: where each one's page lives and how the page names itself to browsers,
// search engines and link previews. English is the default: `/` and the fallback of every
// translated content column (docs/languages.md).

export const LANGUAGES = ['en', 'id'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE = 'en' satisfies Language;

/** A language the page is translated into: any but the default, whose text is the column itself. */
export type TranslatedLanguage = Exclude<Language, typeof DEFAULT_LANGUAGE>;

export const isTranslated = (language: Language): language is TranslatedLanguage => language !== DEFAULT_LANGUAGE;

export interface LanguagePage {
  /** The page's path; also what `x-default` points to for the default language. */
  path: string;
  /** Open Graph's locale (language_TERRITORY). */
  ogLocale: string;
  /** The language's name in itself, as the language link shows it. */
  nativeName: string;
  /** Its privacy notice (src/content/privacy.ts). */
  privacyPath: string;
}

export const LANGUAGE_PAGES: Readonly<Record<Language, LanguagePage>> = {
  en: { path: '/', ogLocale: 'en_US', nativeName: 'English', privacyPath: '/privacy/' },
  id: { path: '/id/', ogLocale: 'id_ID', nativeName: 'Bahasa Indonesia', privacyPath: '/id/privasi/' },
};

/** The language a page links to: with two languages, the other one. */
export function otherLanguage(language: Language): Language {
  return LANGUAGES.find((other) => other !== language) ?? DEFAULT_LANGUAGE;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
