// The editing page's rows as an editor works on them (/edit/): what a row held when it was opened,
// what the editor typed since, and what a save sends. No React here: the page's hook
// (src/hooks/useEditedRows.ts) keeps these in its state.
import { EDIT_FIELDS, type EditRow, type EditedTable, type FieldProblem } from '../content/editing';

export type Fields = Record<string, string | boolean>;

/** The last word on a row or a table: a confirmation or a problem (`conflict`: someone else saved first). */
export type Note = { kind: 'ok' | 'problem'; text: string; conflict?: boolean } | null;

/**
 * One row as the editor sees it: what the database held when they opened it (null for a new row),
 * the fields as opened and as they are now, and the last word on it. A save sends only the fields
 * the editor changed, so a change someone else made to another field is never undone.
 */
export interface Edited {
  key: string;
  base: EditRow | null;
  opened: Fields;
  draft: Fields;
  note: Note;
  problems: FieldProblem[];
  busy: boolean;
}

/** The fields of `row` as the form shows them (a new row's all empty, unpublished). */
export const draftOf = (table: EditedTable, row: EditRow | null): Fields =>
  Object.fromEntries<string | boolean>([
    ...EDIT_FIELDS[table].map((field): [string, string] => [field.name, row?.[field.name] == null ? '' : String(row[field.name])]),
    ['is_active', row?.is_active ?? false],
  ]);

/** The fields of `draft` that differ from `opened` (every field of a new row), as the database takes them: an empty optional text is null. */
export function valuesOf(table: EditedTable, draft: Fields, opened: Fields | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!opened || draft.is_active !== opened.is_active) values.is_active = draft.is_active === true;
  for (const field of EDIT_FIELDS[table]) {
    if (opened && draft[field.name] === opened[field.name]) continue;
    const value = String(draft[field.name] ?? '').trim();
    values[field.name] = value === '' ? null : value;
  }
  return values;
}

/** A row as just read or saved: nothing typed, nothing to say. */
export const fresh = (table: EditedTable, row: EditRow): Edited => {
  const fields = draftOf(table, row);
  return { key: String(row.id), base: row, opened: fields, draft: fields, note: null, problems: [], busy: false };
};

/** A new row, not saved yet, under the page's own key. */
export const newRow = (table: EditedTable, key: string): Edited => {
  const fields = draftOf(table, null);
  return { key, base: null, opened: fields, draft: fields, note: null, problems: [], busy: false };
};

/**
 * After a conflict: the row as it is now becomes the base; what the editor changed stays as they
 * typed it, every other field shows the other change.
 */
export function rebased(table: EditedTable, row: Edited, now: EditRow): Edited {
  const opened = draftOf(table, now);
  const draft = Object.fromEntries(
    Object.entries(opened).map(([name, value]) => [name, row.draft[name] !== row.opened[name] ? row.draft[name]! : value]),
  );
  return { ...row, base: now, opened, draft, note: null };
}
