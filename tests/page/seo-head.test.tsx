import { render } from '@testing-library/react';
import React from 'react';
import { SeoHead } from '../../src/components/SeoHead';
import type { Language } from '../../src/content/languages';
import { SITE, type SiteMetadata } from '../../src/content/site';
import { DICTIONARIES } from '../support/page-language';

const site: SiteMetadata = { ...SITE, siteUrl: 'https://adasorter.example/', analyticsSrc: null };

function head(language: Language = 'en') {
  const { container } = render(<SeoHead site={site} language={language} dictionary={DICTIONARIES[language]} />);
  const meta = (selector: string) => container.querySelector(selector)?.getAttribute('content');
  return { container, meta };
}

it('gives the page its title, description and canonical URL from the site metadata', () => {
  const { container, meta } = head();
  expect(container.querySelector('title')).toHaveTextContent(SITE.title);
  expect(meta('meta[name="description"]')).toBe(SITE.description);
  expect(container.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://adasorter.example/');
});

it('describes the page for link previews (Open Graph and Twitter) with an absolute 1200x630 image', () => {
  const { meta } = head();
  const expected = {
    'meta[property="og:title"]': SITE.title,
    'meta[property="og:description"]': SITE.description,
    'meta[property="og:url"]': 'https://adasorter.example/',
    'meta[property="og:image"]': 'https://adasorter.example/social-card.png',
    'meta[property="og:image:width"]': '1200',
    'meta[property="og:image:height"]': '630',
    'meta[name="twitter:card"]': 'summary_large_image',
    'meta[name="twitter:image"]': 'https://adasorter.example/social-card.png',
  };
  expect(Object.fromEntries(Object.keys(expected).map((selector) => [selector, meta(selector)]))).toEqual(expected);
});

it('declares the light colour scheme and the favicons', () => {
  const { container, meta } = head();
  expect(meta('meta[name="color-scheme"]')).toBe('light');
  expect(container.querySelector('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute('href', '/favicon.svg');
  expect(container.querySelector('link[rel="icon"][type="image/png"]')).toHaveAttribute('href', '/favicon-32.png');
  expect(container.querySelector('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
});

describe('each language page', () => {
  const alternates = (container: HTMLElement) =>
    [...container.querySelectorAll('link[rel="alternate"]')].map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`);

  it.each([
    ['en', 'https://adasorter.example/', 'en_US', 'id_ID'],
    ['id', 'https://adasorter.example/id/', 'id_ID', 'en_US'],
  ] as const)('%s is its own canonical, names both languages and the default, and its locale', (language, url, locale, other) => {
    const { container, meta } = head(language);
    expect(container.querySelector('html')).toHaveAttribute('lang', language);
    expect(container.querySelector('link[rel="canonical"]')).toHaveAttribute('href', url);
    expect(meta('meta[property="og:url"]')).toBe(url);
    expect(alternates(container)).toEqual([
      'en https://adasorter.example/',
      'id https://adasorter.example/id/',
      'x-default https://adasorter.example/',
    ]);
    expect(meta('meta[property="og:locale"]')).toBe(locale);
    expect(meta('meta[property="og:locale:alternate"]')).toBe(other);
  });

  it('gives /id/ its Indonesian title and description', () => {
    const { container, meta } = head('id');
    expect(container.querySelector('title')).toHaveTextContent(DICTIONARIES.id.site.title);
    expect(meta('meta[name="description"]')).toBe(DICTIONARIES.id.site.description);
    expect(meta('meta[property="og:title"]')).toBe(DICTIONARIES.id.site.title);
  });
});
