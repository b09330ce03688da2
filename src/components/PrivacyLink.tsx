import React, { type ReactNode } from 'react';
import { LANGUAGE_PAGES } from '../content/languages';
import { usePageLanguage } from '../hooks/usePageLanguage';

/** A link to the privacy notice in the page's language: under the modal's form and in the footer. */
export function PrivacyLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <a href={LANGUAGE_PAGES[usePageLanguage().language].privacyPath} className={className}>
      {children}
    </a>
  );
}
