// How a site describes the tables it publishes. The plugin knows no table of its own: the site
// passes its tables as the `tables` option, and every step (the remote query, the embedded SQL,
// row normalisation, GraphQL types, node building, the browser's refresh) reads that description,
// so the build and the browser cannot drift apart. Browser-safe: no Node or database code here.

export type GraphQLScalar = 'String' | 'Int';

export interface ColumnSpec {
  /** Column name; also the GraphQL field name. */
  readonly name: string;
  readonly type: GraphQLScalar;
  /**
   * A row without a value here cannot be shown at all (a card without a title): it is left out
   * with a warning and the rest publishes. Every other column may be null, missing or of the wrong
   * type in a row; it then becomes null (with a warning for a wrong type) and the page falls back.
   */
  readonly required?: boolean;
  /**
   * Values the site knows how to display. Anything else is kept and reported as a warning, never
   * rejected: the database may learn a new status before the site does, and the page falls back.
   */
  readonly known?: readonly string[];
  /**
   * A `String` column holding a picture's address that the build downloads when it is an http(s)
   * URL: the node then links the downloaded file as a `File` in `<name>_file` (null when the value is
   * not a URL or the download failed), for gatsby-transformer-sharp to process. The column itself
   * keeps the URL, so a row read later in the browser compares equal to the built one.
   */
  readonly remoteImage?: boolean;
}

/** Equality filters of one published query (besides `<active> = true`), e.g. one classification. */
export type QueryFilter = Readonly<Record<string, string>>;

export interface TableSpec {
  readonly table: string;
  /** The GraphQL node type of its rows, e.g. `Recipe`. */
  readonly nodeType: string;
  /** The published columns: exactly the fields of a node and of a refreshed row. */
  readonly columns: readonly ColumnSpec[];
  /** One entry per query the site makes on this table; `{}` is the unfiltered list. */
  readonly queries: readonly QueryFilter[];
  /** The primary key; uuid, bigint or text. Default `id`. */
  readonly idColumn?: string;
  /** Only rows where this boolean column is true are published. Default `is_active`. */
  readonly activeColumn?: string;
  /** Rows are published in ascending order of this column. Default `order_index`. */
  readonly orderColumn?: string;
}

/** The node field holding the row's id as a string (Gatsby owns `id`). */
export const ROW_ID_FIELD = 'row_id';
/** The node field holding the row's place in its query's published order, from 0. */
export const ROW_POSITION_FIELD = 'row_position';

/** The node field linking the file downloaded from a `remoteImage` column, e.g. `image_file`. */
export const fileField = (column: ColumnSpec): string => `${column.name}_file`;

/** What a `remoteImage` column's build downloads: http(s) URLs. Anything else (a site path) is the site's to show. */
export function isRemotePicture(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

export const DEFAULT_ID_COLUMN = 'id';
export const DEFAULT_ACTIVE_COLUMN = 'is_active';
export const DEFAULT_ORDER_COLUMN = 'order_index';

export const idColumn = (spec: TableSpec): string => spec.idColumn ?? DEFAULT_ID_COLUMN;
export const activeColumn = (spec: TableSpec): string => spec.activeColumn ?? DEFAULT_ACTIVE_COLUMN;
export const orderColumn = (spec: TableSpec): string => spec.orderColumn ?? DEFAULT_ORDER_COLUMN;

/**
 * The columns a query selects: the id, the published columns, then the active flag and the order
 * column, so that the rows can be filtered and ordered again on arrival (a server that ignores a
 * filter or returns ties in another order must not change what is published).
 */
export function selectedColumns(spec: TableSpec): string[] {
  const names = [idColumn(spec), ...spec.columns.map((column) => column.name), activeColumn(spec), orderColumn(spec)];
  return [...new Set(names)];
}

/** The project URL without trailing slashes, so `<url>/rest/v1` never gets a double slash. */
export function projectUrl(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The Data API's base for a project URL, `<url>/rest/v1`: the one place a project URL becomes it. */
export function restBase(url: string): string {
  return `${projectUrl(url)}/rest/v1`;
}

/** A readable name for one query in messages, e.g. `recipes (course = dessert)`. */
export function describeQuery(spec: TableSpec, filter: QueryFilter): string {
  const conditions = Object.entries(filter).map(([column, value]) => `${column} = ${value}`);
  return conditions.length === 0 ? spec.table : `${spec.table} (${conditions.join(', ')})`;
}

type ColumnValue<C extends ColumnSpec> = C['type'] extends 'Int' ? number : string;

/**
 * One published row as the page receives it, from the build (GraphQL, `id: row_id`) or from the
 * browser's refresh: the id as a string and every published column, null where it may be.
 */
export type RowOf<T extends TableSpec> = { readonly id: string } & {
  readonly [C in T['columns'][number] as C['name']]: C extends { required: true } ? ColumnValue<C> : ColumnValue<C> | null;
};
