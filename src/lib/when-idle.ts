// Work that no visitor waits for (the refresh of the lists) runs when the main thread
// is idle, at the latest after a few seconds. Safari has no requestIdleCallback: a timer stands in.
const IDLE_TIMEOUT_MS = 5000;
const FALLBACK_DELAY_MS = 2000;

/** Schedules `callback` for an idle moment; returns a function that cancels it. */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}
