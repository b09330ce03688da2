// The one description of what the plugin publishes. Every step (the remote query, the embedded
// SQL, row checking, GraphQL types, node building) reads this list, so the three tables share one
// path and a new column is added in one place.

export type GraphQLScalar = 'String' | 'Int';

export interface ColumnSpec {
  /** Column name; also the GraphQL field name. */
  readonly name: string;
  readonly type: GraphQLScalar;
  /** Only nullable columns may be null; every other column is required in each row. */
  readonly nullable?: boolean;
  /**
   * Values the site knows how to display. Anything else is kept and logged, never rejected:
   * the database may learn a new status before the site does, and the page has a fallback.
   */
  readonly known?: readonly string[];
}

/** Equality filters of one published query (besides `is_active = true`), e.g. one classification. */
export type QueryFilter = Readonly<Record<string, string>>;

export interface TableSpec {
  readonly table: string;
  readonly nodeType: string;
  readonly columns: readonly ColumnSpec[];
  /** One entry per query the spec makes on this table (§7); `{}` is the unfiltered list. */
  readonly queries: readonly QueryFilter[];
}

/** The row's uuid column; its value becomes the node field `row_id` (Gatsby owns `id`). */
export const ROW_ID_COLUMN = 'id';
export const ROW_ID_FIELD = 'row_id';
export const ORDER_COLUMN = 'order_index';
export const ACTIVE_COLUMN = 'is_active';

export const FEATURE_CLASSIFICATIONS = ['adasorter', 'worker'] as const;

export const TABLES: readonly TableSpec[] = [
  {
    table: 'material_coverage',
    nodeType: 'MaterialCoverage',
    columns: [
      { name: 'name', type: 'String' },
      { name: 'description', type: 'String' },
      { name: 'image', type: 'String', nullable: true },
      { name: 'status', type: 'String', known: ['live', 'development', 'coming-soon'] },
      { name: ORDER_COLUMN, type: 'Int' },
    ],
    queries: [{}],
  },
  {
    table: 'timeline',
    nodeType: 'TimelineItem',
    columns: [
      { name: 'period', type: 'String' },
      { name: 'title', type: 'String' },
      { name: 'description', type: 'String' },
      { name: 'status', type: 'String', known: ['completed', 'current', 'upcoming'] },
      { name: 'icon', type: 'String', known: ['CheckCircle', 'Clock', 'Target', 'Rocket'] },
      { name: ORDER_COLUMN, type: 'Int' },
    ],
    queries: [{}],
  },
  {
    table: 'feature_cards',
    nodeType: 'FeatureCard',
    columns: [
      { name: 'classification', type: 'String', known: FEATURE_CLASSIFICATIONS },
      { name: 'title', type: 'String' },
      { name: 'subtitle', type: 'String' },
      { name: 'icon', type: 'String' },
      { name: 'icon_color', type: 'String' },
      { name: ORDER_COLUMN, type: 'Int' },
    ],
    // The spec reads feature cards per classification (§7 call 3), not the whole table.
    queries: FEATURE_CLASSIFICATIONS.map((classification) => ({ classification })),
  },
];

/** The columns a query selects: the row id first, then the published columns. */
export function selectedColumns(spec: TableSpec): string[] {
  return [ROW_ID_COLUMN, ...spec.columns.map((column) => column.name)];
}

/** A readable name for one query in messages, e.g. `feature_cards (classification = worker)`. */
export function describeQuery(spec: TableSpec, filter: QueryFilter): string {
  const conditions = Object.entries(filter).map(([column, value]) => `${column} = ${value}`);
  return conditions.length === 0 ? spec.table : `${spec.table} (${conditions.join(', ')})`;
}
