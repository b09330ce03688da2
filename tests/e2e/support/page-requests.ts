// What the page in the browser asked the local backend, from the backend's request log: the
// browser's requests carry an Origin (a build's or a test's own do not).
import type { LocalBackend, LoggedRequest } from 'local-supabase';
import { waitFor } from './page-helpers';

/** Requests the page made to the backend whose path contains `pathPart`, CORS preflights left out. */
export const pageRequests = (backend: LocalBackend, pathPart: string, method?: string): LoggedRequest[] =>
  backend.requests.filter(
    (r) => r.path.includes(pathPart) && r.method !== 'OPTIONS' && (!method || r.method === method) && r.headers.origin !== undefined,
  );

/**
 * The page's refresh reads (calls 1-3 of docs/behaviour.md: the three content tables, feature cards once per
 * classification), once all four have arrived; what has arrived when `timeoutMs` is up otherwise.
 */
export const refreshReadsOf = (backend: LocalBackend, timeoutMs = 15_000): Promise<LoggedRequest[]> =>
  waitFor(
    async () => pageRequests(backend, '/rest/v1/', 'GET').filter((r) => r.path !== '/rest/v1/contact_submissions'),
    (found) => found.length >= 4,
    timeoutMs,
  );
