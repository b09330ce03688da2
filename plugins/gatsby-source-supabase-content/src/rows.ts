import { ERROR_CODES, SourceFailure } from './errors';
import { ROW_ID_COLUMN, type ColumnSpec, type TableSpec } from './tables';

/** A checked row: the row id plus exactly the published columns. */
export type Row = { readonly [ROW_ID_COLUMN]: string } & Readonly<Record<string, string | number | null>>;

export interface CheckedRows {
  rows: Row[];
  /** Values outside a column's known set: kept, reported as warnings. */
  warnings: string[];
}

/**
 * Checks what a backend returned for one query. Rows are untrusted data: the body must be an
 * array, every required column present with the right type; anything else fails the build
 * rather than publishing a half-empty page. Unknown enumerated values pass with a warning.
 */
export function checkRows(
  spec: TableSpec,
  body: unknown,
  source: { url: string; table: string },
): CheckedRows {
  const invalid = (detail: string) => new SourceFailure(ERROR_CODES.InvalidRow, { ...source, detail });
  if (!Array.isArray(body)) {
    throw new SourceFailure(ERROR_CODES.BadBody, {
      ...source,
      detail: `expected an array, got ${describeValue(body)}`,
    });
  }

  const rows: Row[] = [];
  const warnings: string[] = [];
  body.forEach((raw: unknown, index) => {
    if (!isRecord(raw)) throw invalid(`row ${index} is ${describeValue(raw)}, not an object`);
    const rowId = raw[ROW_ID_COLUMN];
    if (typeof rowId !== 'string' || rowId === '') {
      throw invalid(`row ${index} has no "${ROW_ID_COLUMN}" (got ${describeValue(rowId)})`);
    }
    const row: Record<string, string | number | null> = { [ROW_ID_COLUMN]: rowId };
    for (const column of spec.columns) {
      const problem = columnProblem(column, raw[column.name], column.name in raw);
      if (problem) throw invalid(`row ${rowId}: ${problem}`);
      // columnProblem has just checked the type.
      const value = raw[column.name] as string | number | null;
      row[column.name] = value;
      if (column.known && typeof value === 'string' && !column.known.includes(value)) {
        warnings.push(
          `${source.table} row ${rowId}: unknown ${column.name} ${JSON.stringify(value)} kept ` +
            `(known: ${column.known.join(', ')}); the page falls back for values it does not know`,
        );
      }
    }
    rows.push(row as Row);
  });
  return { rows, warnings };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function columnProblem(column: ColumnSpec, value: unknown, present: boolean): string | undefined {
  if (!present) return `required field "${column.name}" is missing`;
  if (value === null) return column.nullable ? undefined : `required field "${column.name}" is null`;
  const ok = column.type === 'Int' ? Number.isInteger(value) : typeof value === 'string';
  if (ok) return undefined;
  const expected = column.type === 'Int' ? 'an integer' : 'a string';
  return `field "${column.name}" must be ${expected}, got ${describeValue(value)}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`.slice(0, 80);
}
