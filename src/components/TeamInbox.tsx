// The team's inbox once signed in: the mailbox search, the filters by promise state with their
// counts, the list a page of 50 at a time, and one polite live region that says what each action
// did. When an action takes its row out of the list, the focus goes to that sentence; when the erase
// step closes, back to the row's button.
import React, { useEffect, useId, useRef, useState } from 'react';
import { TEAM_FILTERS, TEAM_PAGE_SIZE, type TeamText } from '../content/team';
import type { TeamInbox as Inbox } from '../hooks/useTeamInbox';
import { TeamEraseDialog } from './TeamEraseDialog';
import { TeamFilters } from './TeamFilters';
import { TeamRow } from './TeamRow';
import { TeamSearch } from './TeamSearch';
import { SECONDARY_BUTTON } from './staff-styles';

export function TeamInbox({ inbox, text }: { inbox: Inbox; text: TeamText }) {
  const ids = useId();
  const noteLine = useRef<HTMLParagraphElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [erasing, setErasing] = useState<{ id: string; trigger: HTMLButtonElement } | null>(null);
  // Set by a press: the list read after it may have taken the pressed button away.
  const pressed = useRef(false);
  const { rows, view, page, total, note } = inbox;
  const erasedRow = erasing ? rows?.find((row) => row.id === erasing.id) : undefined;

  useEffect(() => {
    if (!pressed.current || inbox.loading) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) {
      pressed.current = false;
      noteLine.current?.focus();
    }
  }, [rows, inbox.loading]);

  useEffect(() => {
    // Keyboard, pointer and screen readers stay in the erase step while it is open.
    content.current?.toggleAttribute('inert', erasing !== null);
  }, [erasing]);

  const closeErase = () => {
    const trigger = erasing?.trigger;
    setErasing(null);
    // Now, not after the render: nothing inside an inert subtree can take the focus.
    content.current?.removeAttribute('inert');
    // The row may have gone (erased): then its sentence takes the focus.
    if (trigger?.isConnected) trigger.focus();
    else noteLine.current?.focus();
  };

  const first = inbox.rowsPage * TEAM_PAGE_SIZE + 1;
  const last = inbox.rowsPage * TEAM_PAGE_SIZE + (rows?.length ?? 0);
  const emptyText = 'mailbox' in view ? text.list.empty.mailbox : text.list.empty[view.filter];

  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-6">
      <div ref={content}>
        <TeamSearch inbox={inbox} text={text} />
        <TeamFilters inbox={inbox} text={text} filters={TEAM_FILTERS} />

        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${ids}-heading`} className="text-xl font-extrabold text-brand-900">
            {'mailbox' in view ? text.search.showing(view.mailbox) : text.list.label}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {rows && rows.length > 0 ? <p className="text-sm text-ink-soft">{text.list.range(first, last, total)}</p> : null}
            <button type="button" className={SECONDARY_BUTTON} onClick={inbox.refresh} aria-busy={inbox.loading}>
              {text.list.refresh}
            </button>
          </div>
        </div>

        {rows === null || rows.length === 0 ? (
          <p className="mt-4 text-ink-soft">{rows === null ? text.list.loading : emptyText}</p>
        ) : (
          <ol className="mt-4 space-y-4" aria-labelledby={`${ids}-heading`} aria-busy={inbox.loading}>
            {rows.map((row) => (
              <TeamRow
                key={row.id}
                row={row}
                text={text}
                now={inbox.now}
                busy={inbox.busy[row.id]}
                onAct={(action) => {
                  pressed.current = true;
                  void inbox.act(row, action);
                }}
                onErase={(trigger) => setErasing({ id: row.id, trigger })}
              />
            ))}
          </ol>
        )}

        {total > TEAM_PAGE_SIZE ? (
          <nav aria-label={text.list.pagesLabel} className="mt-6 flex flex-wrap gap-2">
            <button type="button" className={SECONDARY_BUTTON} disabled={page === 0} onClick={() => inbox.turnPage(-1)}>
              {text.list.previous}
            </button>
            <button
              type="button"
              className={SECONDARY_BUTTON}
              disabled={(page + 1) * TEAM_PAGE_SIZE >= total}
              onClick={() => inbox.turnPage(1)}
            >
              {text.list.next}
            </button>
          </nav>
        ) : null}
      </div>

      {/* Always in the page, so that each new sentence is read out; shown where the member is. */}
      <p
        ref={noteLine}
        role="status"
        tabIndex={-1}
        data-note={note?.kind}
        className={
          note
            ? `sticky bottom-0 z-10 mt-6 rounded-xl p-4 text-sm font-semibold shadow-lg ring-1 ${
                note.kind === 'problem' ? 'bg-red-50 text-red-800 ring-red-700/30' : 'bg-brand-50 text-brand-900 ring-brand-700/20'
              }`
            : ''
        }
      >
        {note?.text ?? ''}
      </p>

      {erasing && erasedRow ? (
        <TeamEraseDialog
          row={erasedRow}
          text={text}
          busy={inbox.busy[erasedRow.id] === 'erase'}
          onClose={closeErase}
          onErase={async (confirmation) => {
            const said = await inbox.erase(erasedRow, confirmation);
            if (said?.kind === 'done') {
              pressed.current = true;
              closeErase();
            }
            return said;
          }}
        />
      ) : null}
    </section>
  );
}
