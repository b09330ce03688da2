// Shared by the two halves of the browser's backend client (./content-reader on postgrest-js for
// the refresh, ./backend-client on supabase-js for the modal) and by ./backend, which loads them, so
// neither chunk pulls in the other and neither imports its loader.

/** Where the backend is and the key the browser may use (./backend reads them from the build). */
export interface BackendSettings {
  url: string;
  anonKey: string;
}

/**
 * A call the backend refused or never answered. `code` is the refusal's own code where the backend
 * gave one (PostgREST's, such as PT429, PT503 or 23505), else null.
 */
export class BackendCallFailed extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    detail: string,
    readonly code: string | null = null,
  ) {
    super(`${call}: ${status === 0 ? 'no answer' : `HTTP ${status}`}${detail ? `: ${detail}` : ''}`);
    this.name = 'BackendCallFailed';
  }
}

// A request that hangs must not keep the visitor on "Sending..." nor the refresh pending forever.
export const DB_TIMEOUT_MS = 20_000;
