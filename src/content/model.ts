// The site's content model: the tables the page publishes, their columns, which of them a row
// cannot do without, the values the page knows, and the queries that read the page's lists. The source
// plugin takes it as an option (gatsby-config.ts) and the browser's refresh reads the same
// description through the plugin's browser entry, so the build and the refresh ask the same
// questions and normalise the answers the same way. Item types (./types.ts) derive from it.
import type { ColumnSpec, PictureSourcesSpec, QueryFilter, RevisionSpec, TableSpec } from 'gatsby-source-supabase-content/browser';
import type { TranslatedLanguage } from './languages';
import { MATERIAL_STATUS_OPACITY, TIMELINE_ICONS, TIMELINE_STATUS_OPACITY } from './status';

/**
 * The suffix of a text column's twin in each translated language, its ISO 639-3 code (`title` →
 * `title_ind`): never mistaken for a foreign key, as a two-letter `_id` would be. English, the
 * default, is the column itself.
 */
export const TWIN_SUFFIX = { id: 'ind' } as const satisfies Record<TranslatedLanguage, string>;

type TwinSuffix = (typeof TWIN_SUFFIX)[keyof typeof TWIN_SUFFIX];

interface TwinColumn<Name extends string> extends ColumnSpec {
  readonly name: `${Name}_${TwinSuffix}`;
  readonly type: 'String';
}

/**
 * The translated twins of a table's visible text columns, one per translated language: optional
 * Strings like any column, so the build, the embedded default and the refresh all read them. Where
 * a twin is empty the page shows the column itself (./localize.ts).
 */
function twinColumns<Name extends string>(names: readonly Name[]): readonly TwinColumn<Name>[] {
  return names.flatMap((name) =>
    Object.values(TWIN_SUFFIX).map((suffix) => ({ name: `${name}_${suffix}` as const, type: 'String' as const })),
  );
}

export const FEATURE_CLASSIFICATIONS = ['adasorter', 'worker'] as const;

export const MATERIAL_COVERAGE_TABLE = {
  table: 'material_coverage',
  nodeType: 'MaterialCoverage',
  columns: [
    { name: 'name', type: 'String', required: true },
    { name: 'description', type: 'String' },
    // A site path is served as it is; an http(s) URL is downloaded by the build (src/content/pictures.ts).
    { name: 'image', type: 'String', remoteImage: true },
    { name: 'status', type: 'String', known: Object.keys(MATERIAL_STATUS_OPACITY) },
    ...twinColumns(['name', 'description']),
  ],
  queries: [{}],
} as const satisfies TableSpec;

export const TIMELINE_TABLE = {
  table: 'timeline',
  nodeType: 'TimelineItem',
  columns: [
    { name: 'period', type: 'String' },
    { name: 'title', type: 'String', required: true },
    { name: 'description', type: 'String' },
    { name: 'status', type: 'String', known: Object.keys(TIMELINE_STATUS_OPACITY) },
    { name: 'icon', type: 'String', known: TIMELINE_ICONS },
    ...twinColumns(['period', 'title', 'description']),
  ],
  queries: [{}],
} as const satisfies TableSpec;

export const FEATURE_CARDS_TABLE = {
  table: 'feature_cards',
  nodeType: 'FeatureCard',
  columns: [
    { name: 'classification', type: 'String', required: true, known: FEATURE_CLASSIFICATIONS },
    { name: 'title', type: 'String', required: true },
    { name: 'subtitle', type: 'String' },
    { name: 'icon', type: 'String' },
    { name: 'icon_color', type: 'String' },
    // The icon is a glyph or a currency sign (Rp), the same in every language.
    ...twinColumns(['title', 'subtitle']),
  ],
  // Read per classification, one query each, not as the whole table: the page shows both columns.
  queries: FEATURE_CLASSIFICATIONS.map((classification) => ({ classification })),
} as const satisfies TableSpec;

/** What the source plugin publishes (its `tables` option). */
export const PUBLISHED_TABLES: readonly TableSpec[] = [MATERIAL_COVERAGE_TABLE, TIMELINE_TABLE, FEATURE_CARDS_TABLE];

/**
 * The revision of the published content (the source plugin's `revision` option): the database
 * moves it with every edit of the three tables, the build embeds it in the page, and each refresh
 * round asks for it before it reads any list (docs/behaviour.md#the-refresh).
 */
export const CONTENT_REVISION = { function: 'content_revision' } as const satisfies RevisionSpec;

/**
 * Where the build may download the pictures of `image` from (the source plugin's
 * `remoteImages.sources`): the prefixes the database allows editors to link, the project's
 * site-pictures bucket and the hosts operators list (supabase/migrations/20261129000400_picture_hosts.sql).
 */
export const PICTURE_SOURCES = { function: 'picture_sources' } as const satisfies PictureSourcesSpec;

export interface PageList<Spec extends TableSpec> {
  spec: Spec;
  filter: QueryFilter;
}

/** The page's four lists, each one published query of the model. */
export const PAGE_LISTS = {
  coverage: { spec: MATERIAL_COVERAGE_TABLE, filter: {} },
  timeline: { spec: TIMELINE_TABLE, filter: {} },
  adasorter: { spec: FEATURE_CARDS_TABLE, filter: { classification: 'adasorter' } },
  worker: { spec: FEATURE_CARDS_TABLE, filter: { classification: 'worker' } },
} as const satisfies Record<string, PageList<TableSpec>>;

export type PageListKey = keyof typeof PAGE_LISTS;

/** The page's list keys, in the model's order: what the refresh reads, one query each. */
export const PAGE_LIST_KEYS = Object.keys(PAGE_LISTS) as PageListKey[];
