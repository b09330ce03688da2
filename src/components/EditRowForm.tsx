// One row of a content table on the editing page (/edit/): its fields in both languages, its photo,
// whether it is published, and what can be done with it. The row's state lives in useEditedRows.
import React, { useId } from 'react';
import { EDIT_FIELDS, TITLE_FIELD, fieldLabel, type EditText, type EditedTable, type FieldSpec } from '../content/editing';
import type { Edited } from '../lib/edited-rows';
import { NoteLine } from './NoteLine';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_INPUT } from './staff-styles';

interface EditRowFormProps {
  table: EditedTable;
  row: Edited;
  text: EditText;
  disabled: boolean;
  onChange: (name: string, value: string | boolean) => void;
  onSave: () => void;
  onReload: () => void;
  onDelete: () => void;
  onPhoto: (file: File) => void;
  /** Absent for the first row (up) and the last (down), and for a row not saved yet. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
}

export function EditRowForm(props: EditRowFormProps) {
  const { table, row, text, disabled, onChange, onSave, onReload, onDelete, onPhoto, onMoveUp, onMoveDown } = props;
  const ids = useId();
  const title = String(row.draft[TITLE_FIELD[table]] || text.untitled);
  const noteId = `${ids}-note`;
  const field = (spec: FieldSpec) => {
    const id = `${ids}-${spec.name}`;
    const label = fieldLabel(text, spec.name);
    const invalid = row.problems.some((problem) => problem.field === spec.name);
    const common = {
      id,
      name: spec.name,
      disabled,
      'aria-invalid': invalid,
      'aria-describedby': invalid ? noteId : undefined,
      required: spec.required,
      className: TEXT_INPUT,
    };
    const value = String(row.draft[spec.name] ?? '');
    return (
      <label key={spec.name} htmlFor={id} className={`min-w-0 text-sm font-semibold ${spec.kind === 'long' ? 'sm:col-span-2' : ''}`}>
        {label}
        {spec.kind === 'choice' ? (
          <select {...common} value={value} onChange={(event) => onChange(spec.name, event.target.value)}>
            <option value="">—</option>
            {(spec.known ?? []).map((known) => (
              <option key={known} value={known}>
                {known}
              </option>
            ))}
            {value !== '' && !(spec.known ?? []).includes(value) ? <option value={value}>{value}</option> : null}
          </select>
        ) : spec.kind === 'long' ? (
          <textarea {...common} rows={3} maxLength={spec.max} value={value} onChange={(event) => onChange(spec.name, event.target.value)} />
        ) : (
          <input {...common} type="text" maxLength={spec.max} value={value} onChange={(event) => onChange(spec.name, event.target.value)} />
        )}
      </label>
    );
  };

  return (
    <form
      className="mt-4 rounded-2xl bg-white p-5 ring-1 ring-ink/10"
      aria-labelledby={`${ids}-legend`}
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
      noValidate
    >
      <h2 id={`${ids}-legend`} className="text-lg font-bold text-brand-900 [overflow-wrap:anywhere]">
        {title}
        {row.draft.is_active ? '' : ` · ${text.draft}`}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">{EDIT_FIELDS[table].map(field)}</div>
      {EDIT_FIELDS[table].some((spec) => spec.kind === 'photo') ? (
        <label htmlFor={`${ids}-photo`} className="mt-3 block text-sm font-semibold">
          {text.photo}
          <input
            id={`${ids}-photo`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={disabled}
            className="mt-1 block max-w-full"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onPhoto(file);
              event.target.value = '';
            }}
          />
        </label>
      ) : null}
      <label htmlFor={`${ids}-active`} className="mt-3 flex items-center gap-2 text-sm font-semibold">
        <input
          id={`${ids}-active`}
          type="checkbox"
          checked={row.draft.is_active === true}
          disabled={disabled}
          onChange={(event) => onChange('is_active', event.target.checked)}
          className="size-5"
        />
        {text.published}
      </label>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className={PRIMARY_BUTTON} disabled={disabled}>
          {text.save}
        </button>
        {row.note?.conflict ? (
          <button type="button" className={SECONDARY_BUTTON} onClick={onReload} disabled={disabled}>
            {text.reload}
          </button>
        ) : null}
        <button type="button" className={SECONDARY_BUTTON} onClick={onMoveUp} disabled={disabled || !onMoveUp}>
          {text.moveUp}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onMoveDown} disabled={disabled || !onMoveDown}>
          {text.moveDown}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onDelete} disabled={disabled}>
          {text.delete}
        </button>
      </div>
      <NoteLine note={row.note} id={noteId} />
    </form>
  );
}
