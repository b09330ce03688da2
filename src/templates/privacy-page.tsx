import type { HeadFC, PageProps } from 'gatsby';
import React from 'react';
import { LogoMark } from '../components/Logo';
import { PageHead } from '../components/SeoHead';
import { LANGUAGE_PAGES, otherLanguage, type Language } from '../content/languages';
import type { PrivacyPage } from '../content/privacy';

/** What gatsby-node.ts gives each language's privacy page: its text, written for the build's settings. */
export interface PrivacyPageContext {
  language: Language;
  siteUrl: string;
  privacy: PrivacyPage;
}

// A static page of text: no modal, no refresh, no analytics, so the bundle it loads is Gatsby's own
// and this component. Links only: to the landing page and to the other language's notice.
export default function PrivacyPageTemplate({ pageContext }: PageProps<object, PrivacyPageContext>) {
  const { language, privacy } = pageContext;
  const other = otherLanguage(language);
  return (
    <div className="min-h-screen bg-paper text-ink">
      <header className="border-b border-brand-100 bg-white">
        <div className="container-page flex min-h-16 items-center justify-between gap-4 py-3">
          <a
            href={LANGUAGE_PAGES[language].path}
            className="inline-flex min-h-11 items-center gap-2.5 rounded-lg font-semibold text-brand-900"
          >
            <LogoMark />
            <span>{privacy.home}</span>
          </a>
          <a
            href={LANGUAGE_PAGES[other].privacyPath}
            hrefLang={other}
            lang={other}
            className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            {LANGUAGE_PAGES[other].nativeName}
          </a>
        </div>
      </header>
      <main className="container-page max-w-3xl py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{privacy.title}</h1>
        <p className="mt-6 text-lg leading-relaxed">{privacy.intro}</p>
        {privacy.sections.map((section) => (
          <section key={section.heading} className="mt-10">
            <h2 className="text-xl font-bold text-brand-900">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed">
                {paragraph}
              </p>
            ))}
            {section.items && section.items.length > 0 && (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </main>
    </div>
  );
}

// Its own canonical, the other language's notice as its alternate (both ways), English for the rest.
export const Head: HeadFC<object, PrivacyPageContext> = ({ pageContext: { language, siteUrl, privacy } }) => (
  <PageHead
    siteUrl={siteUrl}
    language={language}
    pathOf={(of) => LANGUAGE_PAGES[of].privacyPath}
    title={privacy.title}
    description={privacy.description}
  />
);
