import type { HeadFC, PageProps } from 'gatsby';
import React from 'react';
import { PreviewHead } from '../../components/PreviewHead';
import { fillIn, type ActionPageText, type AnsweredHow } from '../../content/dictionaries/act';
import type { Language } from '../../content/languages';
import { useActionLink } from '../../hooks/useActionLink';
import type { PressOutcome } from '../../lib/action-api';
import { localTime } from '../../lib/local-time';

export interface ActionPageContext {
  language: Language;
  text: ActionPageText;
}

// A long address (in the button, in a row) breaks anywhere rather than push the card past a phone's
// screen: the card shrinks with the page (min-w-0) and the rows' values take what the labels leave.
// The button is a pill on one line (its radius half its 44 px height), a rounded box on several.
const page = 'container-page grid min-h-[60vh] grid-cols-1 place-items-center py-16';
const card = 'w-full min-w-0 max-w-xl rounded-3xl bg-white p-6 text-ink shadow-soft ring-1 ring-ink/5 [overflow-wrap:anywhere] sm:p-8';
const buttonClass =
  'mt-6 min-h-11 max-w-full rounded-[1.375rem] bg-brand-700 px-5 py-2 text-base font-bold text-white hover:bg-brand-800 disabled:opacity-60';

/** The sentence for each outcome but `done`, which names when and how. */
const OUTCOME_TEXT = {
  invalid: 'invalid',
  busy: 'busy',
  capped: 'capped',
  'deck-missing': 'deckMissing',
  'not-sent': 'notSent',
  unreachable: 'unreachable',
} as const satisfies Record<Exclude<PressOutcome['outcome'], 'done'>, keyof ActionPageText>;

function resultText(result: PressOutcome, text: ActionPageText): string {
  if (result.outcome === 'done') return fillIn(text.done[result.how], { at: localTime(result.at, text.locale) });
  return text[OUTCOME_TEXT[result.outcome]];
}

// The team's action page: the link from its email shows the inquiry and one button; only the press
// acts (mail scanners open links by themselves). Built HTML holds no inquiry: it is read in the
// browser with the token from the fragment. Not listed by search engines.
export default function ActionPage({ pageContext: { text } }: PageProps<object, ActionPageContext>) {
  const { state, reload, press } = useActionLink();
  if (state.status !== 'ready') {
    const message = { loading: text.loading, 'no-backend': text.noBackend, invalid: text.invalid, unreachable: text.unreachable }[
      state.status
    ];
    return (
      <main className={page}>
        <div
          role={state.status === 'loading' ? 'status' : 'alert'}
          data-state={state.status}
          className={`${card} text-center text-lg font-semibold`}
        >
          <noscript>{text.noScript}</noscript>
          <p>{message}</p>
          {state.status === 'unreachable' && (
            <button type="button" onClick={reload} className={buttonClass}>
              {text.retry}
            </button>
          )}
        </div>
      </main>
    );
  }
  const { view, pressing, result } = state;
  // This link's own work (the reply marked, or the deck sent) decides whether its button still acts;
  // the other promise is only told, since it never stops this one.
  const ownAt = view.action === 'answer' ? view.answered_at : view.deck_sent_at;
  const own: { how: AnsweredHow; at: string } | null = ownAt
    ? { how: view.action === 'answer' ? (view.answered_how ?? 'marked') : 'deck_sent', at: ownAt }
    : null;
  const done = result?.outcome === 'done' ? result : own;
  const otherAt = view.action === 'answer' ? view.deck_sent_at : view.answered_at;
  const other = otherAt
    ? fillIn(view.action === 'answer' ? text.other.deckSent : text.other.answered, { at: localTime(otherAt, text.locale) })
    : null;
  const { inquiry } = view;
  const rows: Array<[string, string]> = inquiry
    ? [
        [text.labels.type, text.types[inquiry.type]],
        [text.labels.name, inquiry.name],
        [text.labels.company, inquiry.company?.trim() ? inquiry.company : text.notGiven],
        [text.labels.received, localTime(inquiry.received, text.locale)],
        ...(inquiry.due ? [[text.labels.due, localTime(inquiry.due, text.locale)] as [string, string]] : []),
      ]
    : [];
  // Once the inquiry is answered the page no longer shows the address; the team's email names it.
  const button =
    view.action === 'send_deck' && !inquiry?.email
      ? text.sendDeckHidden
      : fillIn(text.button[view.action], { email: inquiry?.email ?? '' });
  const failed = result && result.outcome !== 'done' ? resultText(result, text) : null;
  return (
    <main className={page}>
      <section className={card} aria-labelledby="action-heading">
        <h1 id="action-heading" className="text-2xl font-bold">
          {text.heading[view.action]}
        </h1>
        {rows.length > 0 && (
          <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
            {rows.map(([label, value]) => (
              <React.Fragment key={label}>
                <dt className="font-semibold">{label}</dt>
                <dd>{value}</dd>
              </React.Fragment>
            ))}
          </dl>
        )}
        {other && (
          <p data-state="other" className="mt-4">
            {other}
          </p>
        )}
        {done ? (
          <p role="status" data-state="done" className="mt-6 font-semibold">
            {fillIn(text.done[done.how], { at: localTime(done.at, text.locale) })}
          </p>
        ) : (
          <>
            <p className="mt-4">{text.explain}</p>
            <button type="button" onClick={press} disabled={pressing} className={buttonClass}>
              {pressing ? text.pressing : button}
            </button>
            {failed && (
              <p role="alert" data-state={result?.outcome} className="mt-4 font-semibold">
                {failed}
              </p>
            )}
          </>
        )}
      </section>
    </main>
  );
}

export const Head: HeadFC<object, ActionPageContext> = ({ pageContext }) => (
  <PreviewHead title={pageContext.text.title} language={pageContext.language} />
);
