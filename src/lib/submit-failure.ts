// What the modal tells a visitor whose inquiry was not stored. Kept apart from submit-inquiry.ts so
// the modal can classify an error without loading the backend client: BackendCallFailed lives in
// the lazily loaded chunk, so it is recognised by its name and status rather than its class.
import type { SubmitFailure } from '../content/modal';

export const TOO_MANY_REQUESTS = 429;

export function submitFailureOf(error: unknown): SubmitFailure {
  const { name, status } = (error ?? {}) as { name?: unknown; status?: unknown };
  return name === 'BackendCallFailed' && status === TOO_MANY_REQUESTS ? 'rate-limited' : 'error';
}
