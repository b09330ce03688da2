// What a backend returned for one published query, made into the rows the page shows. Used by the
// build and by the browser's refresh alike, so that an unchanged list normalises to equal rows on
// both sides (and the refresh recognises it as unchanged). Browser-safe.
import { activeColumn, idColumn, orderColumn, type ColumnSpec, type TableSpec } from './model';

export type CellValue = string | number | null;

/** A published row: the id as a string, then exactly the published columns. */
export type PublishedRow = { readonly id: string } & Readonly<Record<string, CellValue>>;

export interface NormalizedRows {
  /** In published order: ascending order column (nulls last), ties by id. */
  rows: PublishedRow[];
  /** Rows left out, values replaced by null, unknown values kept: one line each, naming the row. */
  warnings: string[];
}

/** The body was not a list of rows at all (an HTML error page, an object): nothing can publish. */
export class NotARowList extends Error {
  constructor(body: unknown) {
    super(`expected an array, got ${describeValue(body)}`);
    this.name = 'NotARowList';
  }
}

/**
 * Rows are untrusted data from a project the site does not control (made by the Table Editor or a
 * site builder): ids may be uuid strings, bigint numbers or text; optional columns may be null,
 * missing or of another type; extra columns are ignored. A row that cannot be shown at all (no id,
 * or no value in a required column) is left out with a warning and the rest publishes.
 */
export function normalizeRows(spec: TableSpec, body: unknown, table: string = spec.table): NormalizedRows {
  if (!Array.isArray(body)) throw new NotARowList(body);
  const warnings: string[] = [];
  const kept: Array<{ row: PublishedRow; order: number | null }> = [];

  body.forEach((raw: unknown, index) => {
    if (!isRecord(raw)) {
      warnings.push(`${table}: row ${index} is ${describeValue(raw)}, not an object; left out`);
      return;
    }
    const id = rowId(raw[idColumn(spec)]);
    if (id === null) {
      warnings.push(`${table}: row ${index} has no usable "${idColumn(spec)}" (got ${describeValue(raw[idColumn(spec)])}); left out`);
      return;
    }
    // The query asked for active rows only; a server that ignored the filter must not publish drafts.
    if (activeColumn(spec) in raw && raw[activeColumn(spec)] !== true) return;

    const row: Record<string, CellValue> = { id };
    for (const column of spec.columns) {
      const { value, problem } = cell(column, raw[column.name]);
      if (value === null && column.required) {
        warnings.push(`${table} row ${id}: no "${column.name}"${problem ? ` (${problem})` : ''}; the row is left out`);
        return;
      }
      if (problem) warnings.push(`${table} row ${id}: "${column.name}" ${problem}; shown as empty`);
      if (column.known && typeof value === 'string' && !column.known.includes(value)) {
        warnings.push(
          `${table} row ${id}: unknown ${column.name} ${JSON.stringify(value)} kept ` +
            `(known: ${column.known.join(', ')}); the page falls back for values it does not know`,
        );
      }
      row[column.name] = value;
    }
    const order = raw[orderColumn(spec)];
    kept.push({ row: row as PublishedRow, order: typeof order === 'number' && Number.isFinite(order) ? order : null });
  });

  kept.sort((a, b) => compareOrder(a.order, b.order) || compareIds(a.row.id, b.row.id));
  return { rows: kept.map((entry) => entry.row), warnings };
}

/** uuid and text ids as they are; bigint ids arrive as JSON numbers and become their digits. */
function rowId(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

/** A cell's published value; blank text counts as no value, so the page never shows an empty box. */
function cell(column: ColumnSpec, value: unknown): { value: CellValue; problem?: string } {
  if (value === undefined || value === null) return { value: null };
  if (column.type === 'Int') {
    // GraphQL's Int is 32-bit; a larger number could not be served by the build's schema.
    if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1) return { value };
    return { value: null, problem: `must be a 32-bit integer, got ${describeValue(value)}` };
  }
  if (typeof value !== 'string') return { value: null, problem: `must be text, got ${describeValue(value)}` };
  return { value: value.trim() === '' ? null : value };
}

function compareOrder(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** Numeric ids by value (9 before 10), anything else by code units: the same order everywhere. */
function compareIds(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`.slice(0, 80);
}
