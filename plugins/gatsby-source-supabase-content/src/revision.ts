// The content revision (the `revision` option): one value that the site's database changes with
// every edit of its published tables. The build reads it before the lists and publishes it as a
// node, so the page can carry the revision its content is from; the browser then asks for the
// revision alone and reads the lists again only when it moved. Browser-safe.
import { restBase } from './model';

/** The database function that returns the revision: `public.<function>`, stable, callable by anon. */
export interface RevisionSpec {
  readonly function: string;
}

/** The node type of the revision the build read (one node, its field `revision`). */
export const REVISION_NODE_TYPE = 'SupabaseContentRevision';

/** How messages name the revision read, e.g. `the revision (rpc/content_revision)`. */
export const describeRevision = (spec: RevisionSpec): string => `the revision (rpc/${spec.function})`;

/**
 * The browser's request for the revision: `GET <url>/rest/v1/rpc/<function>?apikey=<anon key>`.
 * Supabase's API gateway takes the key from this URL parameter as well as from the `apikey`
 * header, so the request carries no custom header and is a CORS "simple" request: the browser
 * sends it without a preflight. PostgREST hands a GET's URL parameters to the function as
 * arguments, and whether the gateway removes `apikey` first is not documented: the function takes
 * an `apikey text default null` argument and ignores it, so it answers either way.
 */
export function revisionUrl(url: string, anonKey: string, spec: RevisionSpec): string {
  return `${restBase(url)}/rpc/${spec.function}?apikey=${encodeURIComponent(anonKey)}`;
}

const MAX_REVISION_LENGTH = 200;

/**
 * The revision a response body holds, as text: a JSON number (an integer JavaScript holds exactly,
 * i.e. below 2^53) or a short non-empty string. Null for anything else, which is no revision.
 */
export function revisionOf(body: unknown): string | null {
  if (typeof body === 'number') return Number.isSafeInteger(body) ? String(body) : null;
  if (typeof body === 'string') return body.trim() !== '' && body.length <= MAX_REVISION_LENGTH ? body : null;
  return null;
}
