// What the modal tells a visitor whose inquiry was not stored. Kept apart from submit-inquiry.ts so
// the modal can classify an error without loading the backend client: BackendCallFailed lives in
// the lazily loaded chunk, so it is recognised by its name, status and code rather than its class.
import { BUSY_COPY, MODAL_COPY, type InquiryField, type SubmitFailure } from '../content/modal';
import type { InquiryType } from '../content/types';

export const TOO_MANY_REQUESTS = 429;

/**
 * The database's refusal when the overall ceiling holds: others' doing, never this visitor's
 * (PostgREST answers it with HTTP 503; docs/backend.md).
 */
export const CEILING_CODE = 'PT503';

/** Where the busy text's link sends a visitor's message, unless GATSBY_INQUIRY_EMAIL says otherwise. */
export const DEFAULT_INQUIRY_EMAIL = 'hello@adasorter.id';

export function submitFailureOf(error: unknown): SubmitFailure {
  const { name, status, code } = (error ?? {}) as { name?: unknown; status?: unknown; code?: unknown };
  if (name !== 'BackendCallFailed') return 'error';
  if (code === CEILING_CODE) return 'busy';
  return status === TOO_MANY_REQUESTS ? 'rate-limited' : 'error';
}

/** The team's address, a build setting (Gatsby inlines GATSBY_* variables, written out in full). */
export function inquiryEmail(): string {
  return process.env.GATSBY_INQUIRY_EMAIL?.trim() || DEFAULT_INQUIRY_EMAIL;
}

/** A `mailto:` link to the team with the visitor's message and details filled in. */
export function mailtoHref(type: InquiryType, fields: Readonly<Record<InquiryField, string>>): string {
  const query = `subject=${encodeURIComponent(MODAL_COPY[type].heading)}&body=${encodeURIComponent(BUSY_COPY.body(fields))}`;
  return `mailto:${inquiryEmail()}?${query}`;
}
