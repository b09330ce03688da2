// The erase step of the team's page: a modal dialog that names the mailbox and erases it only once
// the member has typed the address again. Until then a press says so and nothing changes; Escape,
// Cancel or the backdrop close it, and the page puts the focus back on the row's button.
import React, { useId, useRef, useState } from 'react';
import type { TeamText } from '../content/team';
import { useModalDialog } from '../hooks/useModalDialog';
import type { Inquiry } from '../lib/team-api';
import type { TeamNote } from '../lib/team-outcomes';
import { DANGER_BUTTON, SECONDARY_BUTTON, TEXT_INPUT } from './staff-styles';

export interface TeamEraseDialogProps {
  row: Inquiry;
  text: TeamText;
  busy: boolean;
  /** Erases once the confirmation matches; the sentence to show when nothing was erased. */
  onErase: (confirmation: string) => Promise<TeamNote>;
  onClose: () => void;
}

export function TeamEraseDialog({ row, text, busy, onErase, onClose }: TeamEraseDialogProps) {
  const words = text.erase;
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useModalDialog(panel, onClose, true);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const said = await onErase(typed);
    // Erased: the page closes the dialog and says so. Anything else stays here, the text kept.
    if (said?.kind === 'problem') setProblem(said.text);
  };

  return (
    <div className="fixed inset-0 z-50 overflow-y-auto overscroll-contain bg-brand-950/60">
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a pointer shortcut: keyboards close with Escape or Cancel */}
      <div
        className="flex min-h-full items-end justify-center pt-12 sm:items-center sm:p-6"
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={`${ids}-title`}
          aria-describedby={`${ids}-explain`}
          tabIndex={-1}
          className="w-full max-w-lg rounded-t-2xl bg-white p-5 [overflow-wrap:anywhere] sm:rounded-2xl sm:p-8"
        >
          <h2 id={`${ids}-title`} className="text-xl font-extrabold text-red-700">
            {words.title}
          </h2>
          <p id={`${ids}-explain`} className="mt-3 text-sm text-ink-soft">
            {words.explain}
          </p>
          <p className="mt-3 font-semibold">{words.mailbox(row.email)}</p>
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-4">
            <label htmlFor={`${ids}-typed`} className="block text-sm font-semibold">
              {words.confirmLabel}
            </label>
            <input
              id={`${ids}-typed`}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={`${ids}-problem`}
              className={TEXT_INPUT}
            />
            <p id={`${ids}-problem`} role="status" className="mt-2 text-sm font-semibold text-red-700">
              {problem ?? ''}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="submit" className={DANGER_BUTTON} aria-busy={busy}>
                {words.confirm}
              </button>
              <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
                {words.cancel}
              </button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}
