// What a call asks for, read from its JSON body: the scheduled sweep, or the browser's notify call
// about the row it has just stored.
import { isEmailAddress } from './email.ts';
import { MAX_TURNSTILE_TOKEN_LENGTH } from './turnstile.ts';

export type Call =
  /** The scheduled job's call: `{"sweep": true}`, nothing else. */
  | { kind: 'sweep' }
  /** The browser's call after its insert; only the id (and the token) is used afterwards. */
  | { kind: 'notify'; id: string; turnstileToken: string | undefined };

/** The first field that is not as it must be, named for the caller's 400. */
export interface InvalidField {
  field: string;
  problem: string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

export function readCall(body: Record<string, unknown>): Call | InvalidField {
  if ('sweep' in body) return body.sweep === true ? { kind: 'sweep' } : { field: 'sweep', problem: 'must be true' };
  return readNotify(body);
}

/**
 * The row id and the contact form's five fields, checked in that order, then the optional language and
 * Turnstile token; the first bad one is named. The email is written from the stored row, never from
 * these fields: they are checked so that a call the form could not have made is refused.
 */
function readNotify(body: Record<string, unknown>): Call | InvalidField {
  const { id, name, email, company, message, type, language, turnstileToken } = body;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) return { field: 'id', problem: 'must be a UUID' };
  if (!isNonEmptyString(name)) return { field: 'name', problem: 'must be a non-empty string' };
  if (typeof email !== 'string' || !isEmailAddress(email)) return { field: 'email', problem: 'must be an email address' };
  if (company !== undefined && company !== null && typeof company !== 'string') {
    return { field: 'company', problem: 'must be a string or null' };
  }
  if (!isNonEmptyString(message)) return { field: 'message', problem: 'must be a non-empty string' };
  if (type !== 'contact' && type !== 'investor') return { field: 'type', problem: "must be 'contact' or 'investor'" };
  // Optional: a page from before the site had languages sends none.
  if (language !== undefined && language !== 'en' && language !== 'id') return { field: 'language', problem: "must be 'en' or 'id'" };
  if (
    turnstileToken !== undefined &&
    (typeof turnstileToken !== 'string' || turnstileToken.length > MAX_TURNSTILE_TOKEN_LENGTH)
  ) {
    return { field: 'turnstileToken', problem: `must be a string of at most ${MAX_TURNSTILE_TOKEN_LENGTH} characters` };
  }
  return { kind: 'notify', id: id.toLowerCase(), turnstileToken: turnstileToken || undefined };
}
