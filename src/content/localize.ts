// A row as one language's page shows it: each text column that has a twin for the language
// (./model.ts, TWIN_SUFFIX) shows the twin, and the column itself where the twin is empty; every
// field on its own, so an editor can translate a title before its description.
import type { TableSpec } from 'gatsby-source-supabase-content/browser';
import { isTranslated, type Language } from './languages';
import { TWIN_SUFFIX } from './model';

export function localizeRow<Row extends object>(spec: TableSpec, row: Row, language: Language): Row {
  if (!isTranslated(language)) return row;
  const suffix = TWIN_SUFFIX[language];
  const names = new Set(spec.columns.map((column) => column.name));
  const fields = row as Record<string, unknown>;
  const localized: Record<string, unknown> = { ...fields };
  for (const name of names) {
    const twin = fields[`${name}_${suffix}`];
    // The build and the refresh already turn blank values into null; a hand-made row may not.
    if (names.has(`${name}_${suffix}`) && typeof twin === 'string' && twin.trim() !== '') localized[name] = twin;
  }
  return localized as Row;
}
