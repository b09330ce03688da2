// The browser's way to the backend. Everything here is small and in the page's first-load
// JavaScript: the refresh's question for the content revision (a plain fetch), and the loaders of
// the clients, which load on first use, never for the first paint: the refresh's reader
// (./content-reader, postgrest-js alone) when the revision has moved, supabase-js and the modal's
// calls (./backend-client) when the contact modal opens.
import { revisionOf, revisionUrl } from 'gatsby-source-supabase-content/browser';
import { CONTENT_REVISION } from '../content/model';
import { BackendCallFailed, DB_TIMEOUT_MS, type BackendSettings } from './backend-call';
import type { InquiryService } from './backend-client';
import type { ContentReader } from './content-reader';
import { siteEnv } from './environment';

/** The settings the site was built with (./environment), or null without them (the embedded default). */
export function backendSettings(): BackendSettings | null {
  const { supabaseUrl: url, supabaseAnonKey: anonKey } = siteEnv();
  return url && anonKey ? { url, anonKey } : null;
}

const REVISION_CALL = `read rpc/${CONTENT_REVISION.function}`;

/**
 * The content's current revision (docs/behaviour.md#the-refresh): one GET of a few bytes, with the
 * anon key as the URL parameter `apikey` and no header of its own, so the browser sends it without
 * a CORS preflight. Plain fetch: asking costs no client chunk. Throws BackendCallFailed when there
 * is no answer, an error, or no revision in it.
 */
export async function readContentRevision(): Promise<string> {
  const settings = backendSettings();
  if (!settings) throw new Error('the backend is not configured');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), DB_TIMEOUT_MS);
  let response: Response;
  let body: string;
  try {
    // no-store: an answer kept by a cache on the way would hide the next edit.
    response = await fetch(revisionUrl(settings.url, settings.anonKey, CONTENT_REVISION), { cache: 'no-store', signal: abort.signal });
    body = await response.text();
  } catch (error) {
    throw new BackendCallFailed(REVISION_CALL, 0, error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
  const detail = body.slice(0, 200);
  if (!response.ok) throw new BackendCallFailed(REVISION_CALL, response.status, detail);
  const revision = revisionIn(body);
  if (revision === null) throw new BackendCallFailed(REVISION_CALL, response.status, `no revision in ${detail}`);
  return revision;
}

/** The revision in a response body; null when the body is no JSON or holds none. */
function revisionIn(body: string): string | null {
  try {
    return revisionOf(JSON.parse(body));
  } catch {
    return null;
  }
}

/**
 * A lazily loaded client, one per page: every caller shares one promise, so its chunk is fetched once
 * and one client serves them all. A chunk that failed to load (offline for a moment, a new deploy)
 * does not stick: the next caller, such as a visitor pressing Send again, tries again.
 */
function lazyClient<T>(load: (settings: BackendSettings) => Promise<T>): () => Promise<T> | null {
  let shared: { settings: BackendSettings; client: Promise<T> } | null = null;
  return () => {
    const settings = backendSettings();
    if (!settings) return null;
    if (!shared || shared.settings.url !== settings.url || shared.settings.anonKey !== settings.anonKey) {
      const client = load(settings);
      client.catch(() => {
        if (shared?.client === client) shared = null;
      });
      shared = { settings, client };
    }
    return shared.client;
  };
}

/**
 * The refresh's reader (postgrest-js only), loading on the first call, when the revision has moved;
 * null when the site was built without backend settings.
 */
export const loadContentReader: () => Promise<ContentReader> | null = lazyClient((settings) =>
  import(/* webpackChunkName: "content-reader" */ './content-reader').then((module) => module.createContentReader(settings)),
);

/**
 * The modal's client (supabase-js: the connection test, the insert, the notify call), loading on the
 * first call; null when the site was built without backend settings.
 */
export const loadInquiryService: () => Promise<InquiryService> | null = lazyClient((settings) =>
  import(/* webpackChunkName: "backend-client" */ './backend-client').then(async (module) => {
    // Evaluating supabase-js and building its client are two pieces of work: a task boundary
    // between them keeps each under a slow phone's long-task mark (together they were one
    // 100-120 ms task on Lighthouse's simulated phone).
    await new Promise((resolve) => setTimeout(resolve, 0));
    return module.createInquiryService(settings);
  }),
);
