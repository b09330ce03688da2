// The browser's way to the backend. Everything here is small and in the page's first-load
// JavaScript; the clients are loaded on first use, never for the first paint: the refresh's reader
// (./content-reader, postgrest-js alone) when the browser is idle, supabase-js and the modal's calls
// (./backend-client) when the contact modal opens.
import type { BackendSettings } from './backend-call';
import type { Backend } from './backend-client';
import type { ContentReader } from './content-reader';

/**
 * The settings the site was built with, or null without them (the embedded default). Gatsby inlines
 * GATSBY_* variables at build time, so they must be written out in full; read at call time so that
 * tests can set them.
 */
export function backendSettings(): BackendSettings | null {
  const url = process.env.GATSBY_SUPABASE_URL;
  const anonKey = process.env.GATSBY_SUPABASE_ANON_KEY;
  return url && anonKey ? { url, anonKey } : null;
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
 * The refresh's reader (postgrest-js only), loading on the first call; null when the site was built
 * without backend settings.
 */
export const loadContentReader: () => Promise<ContentReader> | null = lazyClient((settings) =>
  import(/* webpackChunkName: "content-reader" */ './content-reader').then((module) => module.createContentReader(settings)),
);

/**
 * The modal's client (supabase-js: the connection test, the insert, the notify call), loading on the
 * first call; null when the site was built without backend settings.
 */
export const loadBackend: () => Promise<Backend> | null = lazyClient((settings) =>
  import(/* webpackChunkName: "backend-client" */ './backend-client').then(async (module) => {
    // Evaluating supabase-js and building its client are two pieces of work: a task boundary
    // between them keeps each under a slow phone's long-task mark (together they were one
    // 100-120 ms task on Lighthouse's simulated phone).
    await new Promise((resolve) => setTimeout(resolve, 0));
    return module.createBackend(settings);
  }),
);
