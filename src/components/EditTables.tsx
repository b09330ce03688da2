// The editing page's three content tables (/edit/), one at a time behind tabs: every row of the open
// table as a form, and a button to add one. Signed out (an expired session), the rows stay on the
// page, disabled, with what the editor typed.
import React, { useId, useRef } from 'react';
import { EDITED_TABLES, type EditText, type EditedTable } from '../content/editing';
import { useEditedRows } from '../hooks/useEditedRows';
import type { EditorApi } from '../lib/editor-api';
import { EditRowForm } from './EditRowForm';
import { NoteLine } from './NoteLine';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './staff-styles';

// The tabs' keys (WAI-ARIA's tabs pattern): the arrows go to the next or previous table, Home and
// End to the first and last; Tab leaves the tabs for the open table.
const TAB_STEPS: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % EDITED_TABLES.length,
  ArrowLeft: (index) => (index - 1 + EDITED_TABLES.length) % EDITED_TABLES.length,
  Home: () => 0,
  End: () => EDITED_TABLES.length - 1,
};

interface EditTablesProps {
  api: EditorApi;
  text: EditText;
  signedIn: boolean;
  onExpired: () => void;
}

export function EditTables({ api, text, signedIn, onExpired }: EditTablesProps) {
  const rows = useEditedRows(api, text, signedIn, onExpired);
  const { table } = rows;
  const ids = useId();
  const tabs = useRef<Partial<Record<EditedTable, HTMLButtonElement | null>>>({});
  if (!signedIn && !rows.started) return null;

  const choose = (event: React.KeyboardEvent) => {
    const step = TAB_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = EDITED_TABLES[step(EDITED_TABLES.indexOf(table))]!;
    rows.setTable(next);
    tabs.current[next]?.focus();
  };

  return (
    <section className="mt-6" aria-label={text.tables[table]}>
      <div role="tablist" aria-label={text.title} className="flex flex-wrap gap-2">
        {EDITED_TABLES.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${ids}-tab-${name}`}
            aria-selected={name === table}
            aria-controls={`${ids}-panel`}
            tabIndex={name === table ? 0 : -1}
            onClick={() => rows.setTable(name)}
            onKeyDown={choose}
            className={name === table ? PRIMARY_BUTTON : SECONDARY_BUTTON}
          >
            {text.tables[name]}
          </button>
        ))}
      </div>
      <NoteLine note={rows.tableNote} />
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${table}`}>
        {(rows.rows ?? []).map((row, index, all) => (
          <EditRowForm
            key={row.key}
            table={table}
            row={row}
            text={text}
            disabled={!signedIn || row.busy}
            onChange={(name, value) => rows.change(row, name, value)}
            onSave={() => void rows.save(row)}
            onReload={() => void rows.reload(row)}
            onDelete={() => void rows.remove(row)}
            onPhoto={(file) => void rows.attach(row, file)}
            onMoveUp={row.base && all[index - 1]?.base ? () => void rows.move(row, -1) : undefined}
            onMoveDown={row.base && all[index + 1]?.base ? () => void rows.move(row, 1) : undefined}
          />
        ))}
        <button type="button" className={`${SECONDARY_BUTTON} mt-4`} onClick={rows.addRow} disabled={!signedIn}>
          {text.add}
        </button>
      </div>
    </section>
  );
}
