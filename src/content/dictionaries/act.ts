// The team's action page (/act/, /id/act/): every text it shows, once per language. A page gets only
// its own language's object, through its page context (gatsby-node.ts), which is JSON: so the
// values are strings, with {placeholders} that fillIn() replaces. The texts are in ./act.texts.json,
// where a translator edits them; the type below checks that none is missing. (Not ./act.json: webpack
// tries .json before .ts, so `from './act'` would load the texts instead of this module.)
import type { Language } from '../languages';
import texts from './act.texts.json';

export type ActionKind = 'answer' | 'send_deck';
export type AnsweredHow = 'marked' | 'deck_sent';

export interface ActionPageText {
  title: string;
  heading: Readonly<Record<ActionKind, string>>;
  /** {email} stands for the requester's address. */
  button: Readonly<Record<ActionKind, string>>;
  /** The deck's button once the inquiry is answered, when the page no longer shows the address. */
  sendDeckHidden: string;
  labels: { type: string; name: string; company: string; received: string; due: string };
  types: { contact: string; investor: string };
  notGiven: string;
  loading: string;
  /** Before any press: what the page is, and that opening it did nothing. */
  explain: string;
  noScript: string;
  /** One sentence for a wrong, expired or incomplete link, whichever it is. */
  invalid: string;
  noBackend: string;
  unreachable: string;
  retry: string;
  pressing: string;
  /** {at} stands for when it was done. */
  done: Readonly<Record<AnsweredHow, string>>;
  /**
   * The other promise's state, which never stops this link: on the deck's link, the inquiry answered
   * ({at}); on the answer's link, the deck sent ({at}).
   */
  other: { answered: string; deckSent: string };
  busy: string;
  capped: string;
  deckMissing: string;
  notSent: string;
  /** How times are shown: the page's locale. */
  locale: string;
}

export const ACTION_PAGE_TEXT: Readonly<Record<Language, ActionPageText>> = texts;

/** The text with each {name} replaced by its value. */
export function fillIn(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
