// What every part of the bench shares: the pages it measures, where it writes, and the budgets of
// docs/architecture.md ("Performance budgets") that its figures are held against.
import path from 'node:path';
import { REPO_ROOT } from '../e2e/support/site-build';
import { EN } from '../../src/content/dictionaries/en';
import { INDONESIAN } from '../../src/content/dictionaries/id';
import { LANGUAGE_PAGES } from '../../src/content/languages';

/** Both pages of the site, each measured against the same budgets. */
export const PAGES = [
  { path: '/', label: 'page', chat: EN.hero.chat },
  { path: '/id/', label: 'page-id', chat: INDONESIAN.hero.chat },
] as const;

export type PagePath = (typeof PAGES)[number]['path'];

/** The privacy notice in both languages: the same first-load and Lighthouse budgets as the page. */
export const PRIVACY_PAGES = Object.values(LANGUAGE_PAGES).map((page) => page.privacyPath);

export const OUT = path.join(REPO_ROOT, 'artifacts', 'bench');
export const RUNS = Number(process.env.BENCH_RUNS || 3);

export const BUDGET = {
  firstLoadJsGzipKb: 95,
  noInteractionJsGzipKb: { embedded: 110, backend: 125 },
  modalEventMs: 200,
  modalVisibleMs: 800,
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  cls: 0,
  lcpRatio: 1.05,
  warmColdRatio: 0.6,
  /** The team's page: the first page of each filter, the mailbox search and the counts at 50,000 inquiries. */
  teamInboxMs: 50,
} as const;

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export const VARIANTS = ['embedded', 'backend'] as const;
export type Variant = (typeof VARIANTS)[number];

export const log = (...args: unknown[]): void => console.log('bench:', ...args);
export const kb = (bytes: number): number => Math.round((bytes / 1024) * 10) / 10;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
