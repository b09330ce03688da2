import React, { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  EDITED_TABLES,
  EDIT_FIELDS,
  EDIT_TEXT,
  TITLE_FIELD,
  fieldLabel,
  problemsOf,
  type EditRow,
  type EditText,
  type EditedTable,
  type FieldProblem,
  type FieldSpec,
} from '../content/editing';
import { LANGUAGE_PAGES, otherLanguage, type Language } from '../content/languages';
import { previewPath } from '../content/preview';
import { useLiveState } from '../hooks/useLiveState';
import { backendSettings } from '../lib/backend';
import { EditRefused, createEditorApi, type EditorApi } from '../lib/editor-api';
import { LiveLine } from './LiveLine';

const BUTTON = 'inline-flex min-h-11 items-center rounded-full px-5 text-sm font-bold disabled:cursor-not-allowed disabled:opacity-40';
const PRIMARY = `${BUTTON} bg-brand-700 text-white enabled:hover:bg-brand-800`;
const SECONDARY = `${BUTTON} bg-white text-brand-900 ring-1 ring-ink/15 enabled:hover:bg-brand-50`;
const INPUT = 'mt-1 block w-full rounded-lg border border-ink/20 px-3 py-2 text-base aria-[invalid=true]:border-red-700';

type Fields = Record<string, string | boolean>;
type Note = { kind: 'ok' | 'problem'; text: string; conflict?: boolean } | null;

/**
 * One row as the editor sees it: what the database held when they opened it (null for a new row),
 * the fields as opened and as they are now, and the last word on it. A save sends only the fields
 * the editor changed, so a change someone else made to another field is never undone.
 */
interface Edited {
  key: string;
  base: EditRow | null;
  opened: Fields;
  draft: Fields;
  note: Note;
  problems: FieldProblem[];
  busy: boolean;
}

const draftOf = (table: EditedTable, row: EditRow | null): Fields =>
  Object.fromEntries<string | boolean>([
    ...EDIT_FIELDS[table].map((field): [string, string] => [field.name, row?.[field.name] == null ? '' : String(row[field.name])]),
    ['is_active', row?.is_active ?? false],
  ]);

/** The fields of `draft` that differ from `opened` (every field of a new row), as the database takes them: an empty optional text is null. */
function valuesOf(table: EditedTable, draft: Fields, opened: Fields | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!opened || draft.is_active !== opened.is_active) values.is_active = draft.is_active === true;
  for (const field of EDIT_FIELDS[table]) {
    if (opened && draft[field.name] === opened[field.name]) continue;
    const value = String(draft[field.name] ?? '').trim();
    values[field.name] = value === '' ? null : value;
  }
  return values;
}

const fresh = (table: EditedTable, row: EditRow): Edited => {
  const fields = draftOf(table, row);
  return { key: String(row.id), base: row, opened: fields, draft: fields, note: null, problems: [], busy: false };
};

/** The editing page: sign-in by a one-time code, then every row of the three content tables, in both languages. */
export function EditPage({ language }: { language: Language }) {
  const text = EDIT_TEXT[language];
  const [api, setApi] = useState<EditorApi | null>(null);
  const [configured, setConfigured] = useState(true);
  const [email, setEmail] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    const settings = backendSettings();
    if (!settings) {
      setConfigured(false);
      return;
    }
    const created = createEditorApi(settings);
    setApi(created);
    void created.currentEmail().then((found) => {
      setEmail(found);
      setChecked(true);
    });
  }, []);

  // Asked only while signed in: the database answers editors alone.
  const readLive = useMemo(() => (api && email !== null ? (revision: string) => api.liveState(revision) : null), [api, email]);
  const live = useLiveState(readLive);

  const other = otherLanguage(language);
  return (
    <main lang={language} className="mx-auto min-h-screen max-w-4xl bg-paper p-5">
      <header className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-brand-900">{text.title}</h1>
        <a
          className="text-sm font-semibold text-brand-800 underline"
          href={`${LANGUAGE_PAGES[other].path}edit/`}
          hrefLang={other}
          lang={other}
        >
          {text.otherLanguage}
        </a>
      </header>
      <p className="mt-2 text-ink-soft">{text.intro}</p>
      {!configured ? (
        <p role="alert" className="mt-6 font-semibold text-red-700">
          {text.noBackend}
        </p>
      ) : api && checked ? (
        <>
          {email === null ? <SignIn api={api} text={text} onSignedIn={setEmail} /> : null}
          {email !== null ? (
            <p className="mt-4 flex flex-wrap items-center gap-3 text-sm">
              {text.signedInAs(email)}
              <button
                type="button"
                className={SECONDARY}
                onClick={() => {
                  void api.signOut().then(() => setEmail(null));
                }}
              >
                {text.signOut}
              </button>
            </p>
          ) : null}
          {live ? (
            <p role="status" className="mt-4 text-sm" data-live-state={live.state}>
              <LiveLine live={live} text={text.live} />
            </p>
          ) : null}
          {email !== null ? <OpenPreview api={api} text={text} onExpired={() => setEmail(null)} /> : null}
          <Tables api={api} text={text} signedIn={email !== null} onExpired={() => setEmail(null)} />
        </>
      ) : null}
      {email === null ? <p className="mt-8 text-sm text-ink-soft">{text.preview}</p> : null}
    </main>
  );
}

/**
 * Opens the preview (/preview/) with a link of the editor's own: drafts in place, the lists
 * arranged by dragging, saves recorded under the editor's name. The link lasts 12 hours and stops
 * working when the editor is removed.
 */
function OpenPreview({ api, text, onExpired }: { api: EditorApi; text: EditText; onExpired: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const open = () => {
    setBusy(true);
    setProblem(null);
    api.previewLink().then(
      (token) => window.location.assign(previewPath(token)),
      (error: unknown) => {
        const expired = error instanceof EditRefused && error.refusal === 'expired';
        if (expired) onExpired();
        setProblem(expired ? text.expired : text.previewFailed);
        setBusy(false);
      },
    );
  };
  return (
    <div className="mt-4">
      <button type="button" className={SECONDARY} onClick={open} disabled={busy} aria-busy={busy}>
        {text.openPreview}
      </button>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function SignIn({ api, text, onSignedIn }: { api: EditorApi; text: EditText; onSignedIn: (email: string) => void }) {
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const to = address.trim().toLowerCase();
    const sent = await api.sendCode(to).catch(() => 'notEditor' as const);
    setBusy(false);
    if (sent === 'sent') {
      setSentTo(to);
      setNote({ kind: 'ok', text: text.codeSent(to) });
    } else {
      setNote({ kind: 'problem', text: text.notEditor });
    }
  };
  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    setBusy(true);
    const ok = await api.verifyCode(sentTo, code).catch(() => false);
    setBusy(false);
    if (ok) onSignedIn(sentTo);
    else setNote({ kind: 'problem', text: text.badCode });
  };

  return (
    <section aria-label={text.signIn} className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-ink/10">
      <SignInStep step="email" id={ids} text={text} value={address} onValue={setAddress} busy={busy} onSubmit={send} />
      {sentTo ? <SignInStep step="code" id={ids} text={text} value={code} onValue={setCode} busy={busy} onSubmit={verify} /> : null}
      <NoteLine note={note} />
    </section>
  );
}

/** The texts of the page that are plain strings, not made from values. */
type PlainText = { [K in keyof EditText]: EditText[K] extends string ? K : never }[keyof EditText];

/** The sign-in's two steps, each a labelled required field and its button: the address, then the code. */
const SIGN_IN_STEPS = {
  email: { label: 'emailLabel', button: 'sendCode', input: { type: 'email', autoComplete: 'email' }, className: '' },
  code: { label: 'codeLabel', button: 'signIn', input: { inputMode: 'numeric', autoComplete: 'one-time-code' }, className: 'mt-4' },
} as const satisfies Record<
  string,
  {
    label: PlainText;
    button: PlainText;
    input: Pick<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete'>;
    className: string;
  }
>;

interface SignInStepProps {
  step: keyof typeof SIGN_IN_STEPS;
  id: string;
  text: EditText;
  value: string;
  onValue: (value: string) => void;
  busy: boolean;
  onSubmit: (event: React.FormEvent) => Promise<void>;
}

function SignInStep({ step, id, text, value, onValue, busy, onSubmit }: SignInStepProps) {
  const { label, button, input, className } = SIGN_IN_STEPS[step];
  const inputId = `${id}-${step}`;
  return (
    <form onSubmit={(event) => void onSubmit(event)} className={`flex flex-wrap items-end gap-3 ${className}`.trim()}>
      <label htmlFor={inputId} className="grow text-sm font-semibold">
        {text[label]}
        <input id={inputId} {...input} required value={value} onChange={(event) => onValue(event.target.value)} className={INPUT} />
      </label>
      <button type="submit" className={PRIMARY} disabled={busy}>
        {text[button]}
      </button>
    </form>
  );
}

function NoteLine({ note, id }: { note: Note; id?: string }) {
  return (
    <p
      id={id}
      role={note?.kind === 'problem' ? 'alert' : 'status'}
      className={`mt-3 text-sm font-semibold ${note?.kind === 'problem' ? 'text-red-700' : 'text-brand-800'}`}
    >
      {note?.text ?? ''}
    </p>
  );
}

function Tables({ api, text, signedIn, onExpired }: { api: EditorApi; text: EditText; signedIn: boolean; onExpired: () => void }) {
  const [table, setTable] = useState<EditedTable>('timeline');
  // Kept across tables and sign-ins: an expired session never costs an editor their text.
  const [edited, setEdited] = useState<Record<EditedTable, Edited[] | null>>({
    timeline: null,
    material_coverage: null,
    feature_cards: null,
  });
  const [loadNote, setLoadNote] = useState<Note>(null);
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
        setEdited((all) => ({
          ...all,
          [table]: rows.map((row) => fresh(table, row)),
        }));
        setLoadNote(null);
      },
      (error: unknown) => current && setLoadNote(explain(error)),
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

  // After a conflict: the row as it is now becomes the base; what the editor changed stays as they
  // typed it, every other field shows the other change.
  const reload = async (row: Edited) => {
    if (!row.base) return;
    try {
      const now = await api.row(table, row.base.id);
      update(row.key, (r) => {
        if (!now) return null;
        const opened = draftOf(table, now);
        const draft = Object.fromEntries(
          Object.entries(opened).map(([name, value]) => [name, r.draft[name] !== r.opened[name] ? r.draft[name]! : value]),
        );
        return { ...r, base: now, opened, draft, note: null };
      });
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
      setLoadNote({ kind: 'ok', text: text.deleted });
    } catch (error) {
      update(row.key, (r) => ({ ...r, note: explain(error) }));
    }
  };

  // Arrange: a saved row changes places with its saved neighbour, each saved at the version the page
  // holds (a row someone else changed is refused as any save is). What the editor typed in either
  // row stays, unsaved, as it was.
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
    const key = `new-${newRows.current}`;
    const fields = draftOf(table, null);
    setEdited((all) => ({
      ...all,
      [table]: [...(all[table] ?? []), { key, base: null, opened: fields, draft: fields, note: null, problems: [], busy: false }],
    }));
  };

  if (!signedIn && Object.values(edited).every((rows) => rows === null)) return null;
  return (
    <section className="mt-6" aria-label={text.tables[table]}>
      <div role="tablist" aria-label={text.title} className="flex flex-wrap gap-2">
        {EDITED_TABLES.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === table}
            onClick={() => setTable(name)}
            className={name === table ? PRIMARY : SECONDARY}
          >
            {text.tables[name]}
          </button>
        ))}
      </div>
      <NoteLine note={loadNote} />
      <div role="tabpanel" aria-label={text.tables[table]}>
        {(edited[table] ?? []).map((row, index, rows) => (
          <RowForm
            key={row.key}
            table={table}
            row={row}
            text={text}
            disabled={!signedIn || row.busy}
            onChange={(name, value) => update(row.key, (r) => ({ ...r, draft: { ...r.draft, [name]: value } }))}
            onSave={() => void save(row)}
            onReload={() => void reload(row)}
            onDelete={() => void remove(row)}
            onPhoto={(file) => void attach(row, file)}
            onMoveUp={row.base && rows[index - 1]?.base ? () => void move(row, -1) : undefined}
            onMoveDown={row.base && rows[index + 1]?.base ? () => void move(row, 1) : undefined}
          />
        ))}
        <button type="button" className={`${SECONDARY} mt-4`} onClick={addRow} disabled={!signedIn}>
          {text.add}
        </button>
      </div>
    </section>
  );
}

interface RowFormProps {
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

function RowForm({ table, row, text, disabled, onChange, onSave, onReload, onDelete, onPhoto, onMoveUp, onMoveDown }: RowFormProps) {
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
      className: INPUT,
    };
    const value = String(row.draft[spec.name] ?? '');
    return (
      <label key={spec.name} htmlFor={id} className={`text-sm font-semibold ${spec.kind === 'long' ? 'sm:col-span-2' : ''}`}>
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
      <h2 id={`${ids}-legend`} className="text-lg font-bold text-brand-900">
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
            className="mt-1 block"
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
        <button type="submit" className={PRIMARY} disabled={disabled}>
          {text.save}
        </button>
        {row.note?.conflict ? (
          <button type="button" className={SECONDARY} onClick={onReload} disabled={disabled}>
            {text.reload}
          </button>
        ) : null}
        <button type="button" className={SECONDARY} onClick={onMoveUp} disabled={disabled || !onMoveUp}>
          {text.moveUp}
        </button>
        <button type="button" className={SECONDARY} onClick={onMoveDown} disabled={disabled || !onMoveDown}>
          {text.moveDown}
        </button>
        <button type="button" className={SECONDARY} onClick={onDelete} disabled={disabled}>
          {text.delete}
        </button>
      </div>
      <NoteLine note={row.note} id={noteId} />
    </form>
  );
}
