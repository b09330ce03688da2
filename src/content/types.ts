// The content rows as the page receives them, whether from the build (GraphQL, `id: row_id`) or
// from the browser's refresh: derived from the content model (./model.ts), so the fields are the
// published columns, the id is a string whatever its type in the database, and every column a row
// can do without may be null (the components fall back). Enumerated columns are typed as string on
// purpose: a value the site does not know yet is kept and displayed with a fallback.
import type { RowOf } from 'gatsby-source-supabase-content/browser';
import type { FEATURE_CARDS_TABLE, MATERIAL_COVERAGE_TABLE, PAGE_LISTS, PageListKey, TIMELINE_TABLE } from './model';

export type MaterialCoverageItem = RowOf<typeof MATERIAL_COVERAGE_TABLE>;

export type TimelineItem = RowOf<typeof TIMELINE_TABLE>;

export type FeatureCard = RowOf<typeof FEATURE_CARDS_TABLE>;

type PageItems = { [K in PageListKey]: RowOf<(typeof PAGE_LISTS)[K]['spec']> };

/** The items of one of the page's lists (./model.ts, PAGE_LISTS), the rows of its table; of any list without K. */
export type PageItem<K extends PageListKey = PageListKey> = PageItems[K];

export type InquiryType = 'contact' | 'investor';
