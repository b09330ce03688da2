// The browser's way to the backend. Everything here is small and in the page's first-load
// JavaScript; supabase-js and the calls themselves (./backend-client) are loaded on first use: when
// the browser is idle (the live refresh) or when the contact modal opens, never for the first paint.
import type { Backend } from './backend-client';

export interface BackendSettings {
  url: string;
  anonKey: string;
}

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

let shared: { settings: BackendSettings; backend: Promise<Backend> } | null = null;

/**
 * The one backend client of the page, loading on the first call; null when the site was built
 * without backend settings. Every caller shares one promise, so the chunk is fetched once and one
 * client serves the refresh, the connection test and the submissions.
 */
export function loadBackend(): Promise<Backend> | null {
  const settings = backendSettings();
  if (!settings) return null;
  if (!shared || shared.settings.url !== settings.url || shared.settings.anonKey !== settings.anonKey) {
    const backend = import(/* webpackChunkName: "backend-client" */ './backend-client').then(async (module) => {
      // Evaluating supabase-js and building its client are two pieces of work: a task boundary
      // between them keeps each under a slow phone's long-task mark (together they were one
      // 100-120 ms task on Lighthouse's simulated phone, the backend build's largest).
      await new Promise((resolve) => setTimeout(resolve, 0));
      return module.createBackend(settings);
    });
    // A chunk that failed to load (offline for a moment, a new deploy) must not stick: the next
    // caller, such as a visitor pressing Send again, tries again.
    backend.catch(() => {
      if (shared?.backend === backend) shared = null;
    });
    shared = { settings, backend };
  }
  return shared.backend;
}
