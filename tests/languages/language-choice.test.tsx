// Choosing a language: a real link to the other page in header and footer, and on / a suggestion
// for browsers that prefer Indonesian, which never redirects and is remembered only when the
// visitor answers it.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { LanguageSuggestion } from '../../src/components/LanguageSuggestion';
import { SiteFooter } from '../../src/components/SiteFooter';
import { SiteHeader } from '../../src/components/SiteHeader';
import { EN } from '../../src/content/dictionaries/en';
import { LANGUAGE_CHOICE_KEY, preferredLanguage } from '../../src/lib/language-choice';
import { render } from '../support/page-language';

jest.mock('../../src/components/ContactModalProvider', () => ({ PREFETCH_MODAL_ON_INTENT: {} }));

let languages: string[] = ['en-US', 'en'];
Object.defineProperty(navigator, 'languages', { configurable: true, get: () => languages });

beforeEach(() => {
  window.localStorage.clear();
  languages = ['en-US', 'en'];
});

describe('the language link', () => {
  it.each([
    ['en', '/id/', 'id', 'Bahasa Indonesia'],
    ['id', '/', 'en', 'English'],
  ] as const)('on the %s page leads to %s, in its language', (language, href, hreflang, name) => {
    render(
      <>
        <SiteHeader productName="AdaSorter" />
        <SiteFooter productName="AdaSorter" onChat={() => undefined} />
      </>,
      { language },
    );
    for (const part of [screen.getByRole('banner'), screen.getByRole('contentinfo')]) {
      const link = within(part).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('hreflang', hreflang);
      expect(link).toHaveAttribute('lang', hreflang);
    }
  });

  it('remembers the choice when followed', async () => {
    render(<SiteHeader productName="AdaSorter" />);
    const link = screen.getByRole('link', { name: 'Bahasa Indonesia' });
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(window.localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe('id');
  });
});

describe('the suggestion on /', () => {
  const suggestion = () => screen.queryByRole('complementary', { name: EN.languages.suggestion });

  it('shows for a browser that prefers Indonesian, as a link in Indonesian', () => {
    languages = ['id-ID', 'en-US'];
    render(<LanguageSuggestion />);
    const note = suggestion() as HTMLElement;
    expect(note).toHaveAttribute('lang', 'id');
    expect(within(note).getByRole('link', { name: 'Baca dalam Bahasa Indonesia' })).toHaveAttribute('href', '/id/');
    // Nothing was chosen yet, and nothing redirected.
    expect(window.localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  it('is fixed to the screen, so its arrival moves nothing', () => {
    languages = ['id'];
    render(<LanguageSuggestion />);
    expect((suggestion() as HTMLElement).className).toMatch(/\bfixed\b/);
  });

  it('does not show where English comes first, or where the visitor has chosen', () => {
    languages = ['en-GB', 'id'];
    const { unmount } = render(<LanguageSuggestion />);
    expect(suggestion()).toBeNull();
    unmount();
    languages = ['id'];
    window.localStorage.setItem(LANGUAGE_CHOICE_KEY, 'en');
    render(<LanguageSuggestion />);
    expect(suggestion()).toBeNull();
  });

  it('goes away when dismissed and remembers that the visitor stays in English', async () => {
    languages = ['id-ID'];
    render(<LanguageSuggestion />);
    await userEvent.click(screen.getByRole('button', { name: EN.languages.dismissSuggestion }));
    expect(suggestion()).toBeNull();
    expect(window.localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe('en');
  });

  it('is never shown on the Indonesian page, whatever the browser prefers', async () => {
    languages = ['en-US'];
    render(<LanguageSuggestion />, { language: 'id' });
    await act(async () => undefined);
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

it.each([
  [['id-ID', 'en'], 'id'],
  [['in-ID'], 'id'],
  [['fr-FR', 'en-US', 'id'], 'en'],
  [['fr-FR', 'ja'], null],
  [[], null],
] as const)('ranks %j as %s', (preferences, expected) => {
  expect(preferredLanguage(preferences)).toBe(expected);
});
