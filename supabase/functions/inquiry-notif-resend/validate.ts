// What a call asks for, read from its JSON body: the scheduled sweep, the browser's notify call
// about the row it has just stored, or the browser's verified store of a row the Data API refused
// because others filled the overall ceiling.
import { type Action, ACTIONS } from './actions.ts';
import { isCleanMessage, isOneVisibleLine } from './fields.ts';
import { INQUIRY_LANGUAGES, type InquiryLanguage, type InquiryRow } from './store.ts';
import { MAX_TURNSTILE_TOKEN_LENGTH } from './turnstile.ts';

export type Call =
  /** The scheduled job's call: `{"sweep": true}`, nothing else. */
  | { kind: 'sweep' }
  /** The pg_cron job inquiry-promises' call: `{"remind": true}`, for the reminder email. */
  | { kind: 'remind' }
  /** A press on the site's /act/ page: the token from the link and the action the page showed. */
  | { kind: 'act'; token: string; action: Action }
  /** "Send the deck" on the team's /team/ page: the inquiry's id, with the member's session as bearer. */
  | { kind: 'team_deck'; id: string }
  /** The browser's call after its insert; only the id (and the token) is used afterwards. */
  | { kind: 'notify'; id: string; turnstileToken: string | undefined }
  /**
   * `{"store": true, …the row, turnstileToken}`: the Data API refused the row with PT503 (others'
   * doing) and the visitor passed Turnstile; the row is stored only once siteverify accepts the token.
   */
  | { kind: 'store'; row: InquiryRow; turnstileToken: string };

/** The first field that is not as it must be, named for the caller's 400. */
export interface InvalidField {
  field: string;
  problem: string;
}

// The browser's own check for <input type="email"> (WHATWG HTML, "valid e-mail address"): the
// function accepts exactly what the site's form lets through, no more.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function readCall(body: Record<string, unknown>): Call | InvalidField {
  if ('sweep' in body) return body.sweep === true ? { kind: 'sweep' } : { field: 'sweep', problem: 'must be true' };
  if ('remind' in body) return body.remind === true ? { kind: 'remind' } : { field: 'remind', problem: 'must be true' };
  if ('act' in body) return readAct(body);
  if ('team_deck' in body) return readTeamDeck(body.team_deck);
  if ('store' in body) return body.store === true ? readStore(body) : { field: 'store', problem: 'must be true' };
  const row = readRow(body);
  if ('field' in row) return row;
  const token = readToken(body.turnstileToken);
  if (typeof token === 'object') return token;
  return { kind: 'notify', id: row.id, turnstileToken: token || undefined };
}

/**
 * The row id, the contact form's five fields and the optional language, checked in that order; the
 * first bad one is named.
 * The notify call's email is written from the stored row, never from these fields: they are
 * checked so that a call the form could not have made is refused.
 */
function readRow(body: Record<string, unknown>): InquiryRow | InvalidField {
  const { id, name, email, company, message, type, language } = body;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) return { field: 'id', problem: 'must be a UUID' };
  if (!isNonEmptyString(name)) return { field: 'name', problem: 'must be a non-empty string' };
  if (!isOneVisibleLine(name)) return { field: 'name', problem: 'must be one line of visible text' };
  if (typeof email !== 'string' || !isEmailAddress(email)) return { field: 'email', problem: 'must be an email address' };
  if (company !== undefined && company !== null && typeof company !== 'string') {
    return { field: 'company', problem: 'must be a string or null' };
  }
  if (company && !isOneVisibleLine(company)) return { field: 'company', problem: 'must be one line of visible text' };
  if (!isNonEmptyString(message)) return { field: 'message', problem: 'must be a non-empty string' };
  if (!isCleanMessage(message)) return { field: 'message', problem: 'must hold no hidden control characters' };
  if (type !== 'contact' && type !== 'investor') return { field: 'type', problem: "must be 'contact' or 'investor'" };
  if (language !== undefined && !(INQUIRY_LANGUAGES as readonly unknown[]).includes(language)) {
    return { field: 'language', problem: `must be ${INQUIRY_LANGUAGES.map((code) => `'${code}'`).join(' or ')}` };
  }
  const chosen = (language ?? INQUIRY_LANGUAGES[0]) as InquiryLanguage;
  return { id: id.toLowerCase(), name, email, company: company ?? null, message, type, language: chosen };
}

/** An optional Turnstile token: the string (possibly empty), undefined, or the complaint. */
function readToken(token: unknown): string | undefined | InvalidField {
  if (token === undefined) return undefined;
  if (typeof token !== 'string' || token.length > MAX_TURNSTILE_TOKEN_LENGTH) {
    return { field: 'turnstileToken', problem: `must be a string of at most ${MAX_TURNSTILE_TOKEN_LENGTH} characters` };
  }
  return token;
}

/** Any token text goes to the database, which answers a wrong one as it answers an expired one. */
function readAct(body: Record<string, unknown>): Call | InvalidField {
  const { act, action } = body;
  if (typeof act !== 'string' || act.length === 0 || act.length > 256) {
    return { field: 'act', problem: 'must be the token of an action link' };
  }
  if (!(ACTIONS as readonly unknown[]).includes(action)) {
    return {
      field: 'action',
      problem: `must be ${ACTIONS.map((a) => `'${a}'`).join(' or ')}`,
    };
  }
  return { kind: 'act', token: act, action: action as Action };
}

/** The longest inquiry id the team's record keeps (an adopted table's ids may be text). */
export const MAX_INQUIRY_ID_LENGTH = 200;

/** An inquiry id as the page holds it, as text whatever the table's id type; the database looks it up. */
function readTeamDeck(id: unknown): Call | InvalidField {
  if (typeof id !== 'string' || id.trim() === '' || id.length > MAX_INQUIRY_ID_LENGTH || !isOneVisibleLine(id)) {
    return { field: 'team_deck', problem: `must be an inquiry id (at most ${MAX_INQUIRY_ID_LENGTH} characters)` };
  }
  return { kind: 'team_deck', id };
}

/** A verified store: the whole row, and a token, which this call cannot do without. */
function readStore(body: Record<string, unknown>): Call | InvalidField {
  const row = readRow(body);
  if ('field' in row) return row;
  const token = readToken(body.turnstileToken);
  if (typeof token === 'object') return token;
  if (!token) return { field: 'turnstileToken', problem: 'is required to store past the limit' };
  return { kind: 'store', row, turnstileToken: token };
}
