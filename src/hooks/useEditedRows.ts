// The editing page's rows (/edit/): each table read once signed in, and what an editor does to a row
// (type, save, reload after a conflict, delete, move, attach a photo), each answer worded in the
// page's language. The rows are kept across tables and sign-ins: an expired session never costs an
// editor their text.
import { useCallback, useEffect, useRef, useState } from 'react';
import { TITLE_FIELD, fieldLabel, problemsOf, type EditText, type EditedTable } from '../content/editing';
import { EditRefused, type EditorApi } from '../lib/editor-api';
import { fresh, newRow, rebased, valuesOf, type Edited, type Note } from '../lib/edited-rows';

export interface EditedRows {
  table: EditedTable;
  setTable: (table: EditedTable) => void;
  /** The open table's rows; null until read. */
  rows: Edited[] | null;
  /** Whether any table was read: the tables stay shown (disabled) after the session ends. */
  started: boolean;
  /** The last word on the open table (read failed, a row deleted). */
  tableNote: Note;
  change: (row: Edited, name: string, value: string | boolean) => void;
  save: (row: Edited) => Promise<void>;
  reload: (row: Edited) => Promise<void>;
  remove: (row: Edited) => Promise<void>;
  /** Swaps a saved row with its saved neighbour before (-1) or after (1). */
  move: (row: Edited, by: -1 | 1) => Promise<void>;
  attach: (row: Edited, file: File) => Promise<void>;
  addRow: () => void;
}

export function useEditedRows(api: EditorApi, text: EditText, signedIn: boolean, onExpired: () => void): EditedRows {
  const [table, setTable] = useState<EditedTable>('timeline');
  const [edited, setEdited] = useState<Record<EditedTable, Edited[] | null>>({
    timeline: null,
    material_coverage: null,
    feature_cards: null,
  });
  const [tableNote, setTableNote] = useState<Note>(null);
  const newRows = useRef(0);

  const explain = useCallback(
    (error: unknown): Note => {
      const refusal = error instanceof EditRefused ? error.refusal : 'failed';
      if (refusal === 'expired') onExpired();
      const said =
        refusal === 'conflict'
          ? text.conflict
          : refusal === 'expired'
            ? text.expired
            : refusal === 'refused'
              ? text.refused
              : refusal === 'photoType' || refusal === 'photoSize'
                ? text.problems[refusal]('')
                : text.failed(error instanceof Error ? error.message : String(error));
      return { kind: 'problem', text: said, conflict: refusal === 'conflict' };
    },
    [onExpired, text],
  );

  useEffect(() => {
    if (!signedIn || edited[table] !== null) return;
    let current = true;
    api.rows(table).then(
      (rows) => {
        if (!current) return;
        setEdited((all) => ({ ...all, [table]: rows.map((row) => fresh(table, row)) }));
        setTableNote(null);
      },
      (error: unknown) => current && setTableNote(explain(error)),
    );
    return () => {
      current = false;
    };
  }, [api, edited, explain, signedIn, table]);

  const update = (key: string, change: (row: Edited) => Edited | null) =>
    setEdited((all) => ({
      ...all,
      [table]: (all[table] ?? []).flatMap((row) => {
        if (row.key !== key) return [row];
        const next = change(row);
        return next ? [next] : [];
      }),
    }));

  const save = async (row: Edited) => {
    const problems = problemsOf(table, row.draft);
    if (problems.length > 0) {
      update(row.key, (r) => ({
        ...r,
        problems,
        note: { kind: 'problem', text: problems.map((p) => text.problems[p.problem](fieldLabel(text, p.field))).join(' ') },
      }));
      return;
    }
    update(row.key, (r) => ({ ...r, problems: [], busy: true, note: { kind: 'ok', text: text.saving } }));
    try {
      const values = valuesOf(table, row.draft, row.base ? row.opened : null);
      const saved = row.base ? await api.save(table, row.base.id, row.base.row_version, values) : await api.add(table, values);
      update(row.key, (r) => ({ ...fresh(table, saved), key: r.key, note: { kind: 'ok', text: text.saved } }));
    } catch (error) {
      update(row.key, (r) => ({ ...r, busy: false, note: explain(error) }));
    }
  };

  const reload = async (row: Edited) => {
    if (!row.base) return;
    try {
      const now = await api.row(table, row.base.id);
      update(row.key, (r) => (now ? rebased(table, r, now) : null));
    } catch (error) {
      update(row.key, (r) => ({ ...r, note: explain(error) }));
    }
  };

  const remove = async (row: Edited) => {
    const title = String(row.draft[TITLE_FIELD[table]] || text.untitled);
    if (!window.confirm(text.confirmDelete(title))) return;
    if (!row.base) return update(row.key, () => null);
    try {
      await api.remove(table, row.base.id);
      update(row.key, () => null);
      setTableNote({ kind: 'ok', text: text.deleted });
    } catch (error) {
      update(row.key, (r) => ({ ...r, note: explain(error) }));
    }
  };

  // A saved row changes places with its saved neighbour, each saved at the version the page holds
  // (a row someone else changed is refused as any save is). What the editor typed in either row
  // stays, unsaved, as it was.
  const move = async (row: Edited, by: -1 | 1) => {
    const rows = edited[table] ?? [];
    const index = rows.findIndex((r) => r.key === row.key);
    const neighbour = rows[index + by];
    if (!row.base || !neighbour?.base) return;
    const [here, there] = [row.base, neighbour.base];
    // Equal places (rows added with the same order_index) still end in the asked order.
    const places =
      here.order_index === there.order_index ? [there.order_index + by, here.order_index] : [there.order_index, here.order_index];
    update(row.key, (r) => ({ ...r, busy: true, note: { kind: 'ok', text: text.saving } }));
    try {
      const movedHere = await api.save(table, here.id, here.row_version, { order_index: places[0] });
      const movedThere = await api.save(table, there.id, there.row_version, { order_index: places[1] });
      setEdited((all) => {
        const list = [...(all[table] ?? [])];
        const at = list.findIndex((r) => r.key === row.key);
        const mine = list[at];
        const theirs = list[at + by];
        if (!mine || !theirs) return all;
        list[at] = { ...theirs, base: movedThere };
        list[at + by] = { ...mine, base: movedHere, busy: false, note: { kind: 'ok', text: text.moved } };
        return { ...all, [table]: list };
      });
    } catch (error) {
      update(row.key, (r) => ({ ...r, busy: false, note: explain(error) }));
    }
  };

  const attach = async (row: Edited, file: File) => {
    update(row.key, (r) => ({ ...r, busy: true, note: { kind: 'ok', text: text.uploading } }));
    try {
      const url = await api.uploadPhoto(file);
      update(row.key, (r) => ({ ...r, busy: false, draft: { ...r.draft, image: url }, note: { kind: 'ok', text: text.uploaded } }));
    } catch (error) {
      update(row.key, (r) => ({ ...r, busy: false, note: explain(error) }));
    }
  };

  const addRow = () => {
    newRows.current += 1;
    const added = newRow(table, `new-${newRows.current}`);
    setEdited((all) => ({ ...all, [table]: [...(all[table] ?? []), added] }));
  };

  return {
    table,
    setTable,
    rows: edited[table],
    started: Object.values(edited).some((rows) => rows !== null),
    tableNote,
    change: (row, name, value) => update(row.key, (r) => ({ ...r, draft: { ...r.draft, [name]: value } })),
    save,
    reload,
    remove,
    move,
    attach,
    addRow,
  };
}
