// One inquiry on the team's page, as a card at every width (a long name, address or message wraps
// inside it): what it is, where its promise stands, what happened, the message behind a disclosure
// (text, never markup; its lines kept), and what a member can do from here.
import React, { useId, useState } from 'react';
import type { TeamText } from '../content/team';
import type { RowAction } from '../hooks/useTeamInbox';
import { localTime } from '../lib/local-time';
import { replyDue, type DueState } from '../lib/reply-due';
import type { Inquiry } from '../lib/team-api';
import { replyLink } from '../lib/team-mailbox';
import { DANGER_BUTTON, PRIMARY_BUTTON, SECONDARY_BUTTON } from './staff-styles';

export interface TeamRowProps {
  row: Inquiry;
  text: TeamText;
  /** Now on the database's clock (ms). */
  now: number;
  /** The row's action under way, if any. */
  busy: RowAction | undefined;
  onAct: (action: Exclude<RowAction, 'erase'>) => void;
  /** Opens the erase step for this row's mailbox. */
  onErase: (trigger: HTMLButtonElement) => void;
}

const DUE_LOOK: Record<DueState, string> = {
  overdue: 'font-bold text-red-700',
  late: 'text-red-700',
  now: 'font-bold text-accent-800',
  upcoming: 'font-semibold text-ink',
  inTime: 'text-brand-800',
  none: 'text-ink-soft',
};

// Two columns on a phone, four on a wide screen: the short facts side by side, an address or a
// company name across two, what happened across the card.
function Fact({ label, span = '', children }: { label: string; span?: string; children: React.ReactNode }) {
  return (
    <div className={`min-w-0 ${span}`}>
      <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

export function TeamRow({ row, text, now, busy, onAct, onErase }: TeamRowProps) {
  const [open, setOpen] = useState(false);
  const ids = useId();
  const { row: words, actions } = text;
  const when = (iso: string) => <time dateTime={iso}>{localTime(iso, text.locale)}</time>;
  const due = replyDue(row, now, text.due);

  const button = (action: Exclude<RowAction, 'erase'>, label: string, look = SECONDARY_BUTTON) => (
    <button
      type="button"
      className={look}
      aria-busy={busy === action}
      disabled={busy !== undefined && busy !== action}
      onClick={() => onAct(action)}
    >
      {label}
    </button>
  );

  return (
    <li>
      <article aria-labelledby={`${ids}-name`} className="rounded-2xl bg-white p-4 ring-1 ring-ink/10 sm:p-5" data-inquiry={row.id}>
        <h3 id={`${ids}-name`} className="text-lg font-bold text-brand-900">
          {row.name}
        </h3>
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
          <Fact label={words.type}>{words.types[row.type]}</Fact>
          <Fact label={words.language}>{words.languages[row.language]}</Fact>
          <Fact label={words.received}>{when(row.created_at)}</Fact>
          <Fact label={words.due}>
            <span className={DUE_LOOK[due.state]} data-due={due.state}>
              {due.text}
            </span>
            {row.reply_due_at && !row.answered_at ? <span className="block text-ink-soft">{when(row.reply_due_at)}</span> : null}
          </Fact>
          <Fact label={words.address} span="col-span-2">
            {row.email}
          </Fact>
          <Fact label={words.company} span="col-span-2">
            {row.company?.trim() ? row.company : words.notGiven}
          </Fact>
          <Fact label={words.happened} span="col-span-2 lg:col-span-4">
            <ul className="space-y-0.5">
              <li>
                {row.answered_at
                  ? words.answered[row.answered_how ?? 'marked'](localTime(row.answered_at, text.locale))
                  : words.notAnswered}
              </li>
              {row.type === 'investor' ? (
                <li>{row.deck_sent_at ? words.deckSent(localTime(row.deck_sent_at, text.locale)) : words.deckNotSent}</li>
              ) : null}
              {row.legal_hold ? <li className="font-semibold text-accent-800">{words.onHold}</li> : null}
            </ul>
          </Fact>
        </dl>

        <button
          type="button"
          className={`${SECONDARY_BUTTON} mt-4`}
          aria-expanded={open}
          aria-controls={`${ids}-message`}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? words.hideMessage : words.showMessage}
        </button>
        {/* The visitor's text as text: React escapes it, and pre-wrap keeps its lines. */}
        <div
          id={`${ids}-message`}
          hidden={!open}
          className="mt-3 rounded-xl bg-paper p-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]"
        >
          {row.message}
        </div>

        <div role="group" aria-label={words.actions(row.name)} className="mt-4 flex flex-wrap gap-2 border-t border-ink/10 pt-4">
          {row.answered_at ? null : button('answer', actions.answer, PRIMARY_BUTTON)}
          {row.type === 'investor' && !row.deck_sent_at
            ? button('deck', actions.deck, row.answered_at ? PRIMARY_BUTTON : SECONDARY_BUTTON)
            : null}
          <a className={SECONDARY_BUTTON} href={replyLink(row.email, row.language)}>
            {actions.reply}
          </a>
          {row.legal_hold ? button('release', actions.holdOff) : button('hold', actions.holdOn)}
          {button('export', actions.export)}
          <button
            type="button"
            className={DANGER_BUTTON}
            aria-busy={busy === 'erase'}
            disabled={busy !== undefined && busy !== 'erase'}
            onClick={(event) => onErase(event.currentTarget)}
          >
            {actions.erase}
          </button>
        </div>
      </article>
    </li>
  );
}
