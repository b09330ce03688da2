// What the page in the browser asked the local backend, from the backend's request log: the
// browser's requests carry an Origin (a build's or a test's own do not).
import type { LocalBackend, LoggedRequest } from 'local-supabase';
import { waitFor } from './page-helpers';

/** Requests the page made to the backend whose path contains `pathPart`, CORS preflights left out. */
export const pageRequests = (backend: LocalBackend, pathPart: string, method?: string): LoggedRequest[] =>
  backend.requests.filter(
    (r) => r.path.includes(pathPart) && r.method !== 'OPTIONS' && (!method || r.method === method) && r.headers.origin !== undefined,
  );

/** The page's list reads so far (calls 1-3 of docs/behaviour.md: the three content tables, feature cards once per classification). */
export const listReadsOf = (backend: LocalBackend): LoggedRequest[] =>
  pageRequests(backend, '/rest/v1/', 'GET').filter((r) => r.path !== '/rest/v1/contact_submissions' && !r.path.startsWith('/rest/v1/rpc/'));

/** The page's questions for the content revision so far (call 0 of docs/behaviour.md). */
export const revisionRequestsOf = (backend: LocalBackend): LoggedRequest[] => pageRequests(backend, '/rest/v1/rpc/content_revision', 'GET');

/** The page's list reads once all four have arrived; what has arrived when `timeoutMs` is up otherwise. */
export const refreshReadsOf = (backend: LocalBackend, timeoutMs = 15_000): Promise<LoggedRequest[]> =>
  waitFor(
    async () => listReadsOf(backend),
    (found) => found.length >= 4,
    timeoutMs,
  );
