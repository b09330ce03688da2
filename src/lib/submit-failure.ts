// What the modal tells a visitor whose inquiry was not stored. Kept apart from submit-inquiry.ts so
// the modal can classify an error without loading the backend client: BackendCallFailed lives in
// the lazily loaded chunk, so it is recognised by its name, status and code rather than its class.
import type { InquiryField, SubmitFailure } from '../content/modal';
import { siteEnv } from './environment';

export const TOO_MANY_REQUESTS = 429;
export const BAD_REQUEST = 400;

/**
 * The database's refusal when the overall ceiling holds: others' doing, never this visitor's
 * (PostgREST answers it with HTTP 503; docs/backend.md).
 */
export const CEILING_CODE = 'PT503';

/** Where the busy text's link sends a visitor's message, unless GATSBY_INQUIRY_EMAIL says otherwise. */
export const DEFAULT_INQUIRY_EMAIL = 'hello@adasorter.id';

/**
 * The field a refusal names: the database's rule (`contact_submissions_<field>_…`, PostgREST's
 * 23514) or the inquiry function's 400 ("Invalid field '<field>': …").
 */
const REFUSED_FIELD = /contact_submissions_(name|email|company|message)_|Invalid field '(name|email|company|message)'/;

export function submitFailureOf(error: unknown): SubmitFailure {
  const { name, status, code, message } = (error ?? {}) as { name?: unknown; status?: unknown; code?: unknown; message?: unknown };
  if (name !== 'BackendCallFailed') return 'error';
  if (code === CEILING_CODE) return 'busy';
  if (status === TOO_MANY_REQUESTS) return 'rate-limited';
  const field = status === BAD_REQUEST ? REFUSED_FIELD.exec(String(message)) : null;
  return field ? `invalid-${(field[1] ?? field[2]) as InquiryField}` : 'error';
}

/** The team's address, a build setting (./environment). */
export function inquiryEmail(): string {
  return siteEnv().inquiryEmail?.trim() || DEFAULT_INQUIRY_EMAIL;
}

/**
 * A `mailto:` link to the team with the visitor's message and details filled in, under the page's
 * own words (the modal's heading as subject, its field labels), so no other language ships with it.
 */
export function mailtoHref(
  subject: string,
  labels: Readonly<Record<InquiryField, string>>,
  fields: Readonly<Record<InquiryField, string>>,
): string {
  const body = [fields.message, '', `${labels.name}: ${fields.name}`, `${labels.email}: ${fields.email}`]
    .concat(fields.company.trim() ? [`${labels.company}: ${fields.company}`] : [])
    .join('\n');
  return `mailto:${inquiryEmail()}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
