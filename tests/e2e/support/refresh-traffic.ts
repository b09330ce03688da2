// What an open page costs the backend: the page opened with Playwright's fake clock installed
// before its scripts run, its timers fast-forwarded through the minutes a visitor leaves it open,
// and every request it makes to the backend counted (from the backend's own log, which also sees
// the CORS preflights the browser sends on its own), with the bytes of their response bodies (from
// the browser). Shared by tests/e2e/backend-refresh.e2e.ts and the bench.
import type { Browser, Page, Request } from 'playwright-core';
import type { LocalBackend, LoggedRequest } from 'local-supabase';
import { openPage, type TrackedPage } from './browser';
import { countLayoutShifts } from './page-helpers';

/** One fast-forward step: short enough that a refresh round's request settles before the next one is due. */
const STEP_MS = 5_000;

export interface Traffic {
  /** The page's requests to the backend, preflights left out. */
  requests: LoggedRequest[];
  /** The CORS preflights the browser sent before them. */
  preflights: LoggedRequest[];
  /** Bytes of the response bodies the page received from the backend. */
  bodyBytes: number;
}

export interface WatchedPage extends TrackedPage {
  /** Moves the page's clock on by `ms`, firing its timers on the way, and waits for its backend requests to settle. */
  fastForward(ms: number): Promise<void>;
  /** What the page has asked the backend since it opened, or since the last `since()`, once nothing is in flight. */
  traffic(): Promise<Traffic>;
  /** Starts a new count. */
  since(): void;
}

/** Opens `url` with a fake clock and layout-shift counting, watching what it asks `backend`. */
export async function watchPage(browser: Browser, url: string, backend: LocalBackend): Promise<WatchedPage> {
  const backendOrigin = new URL(backend.url).origin;
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  let bodyBytes = 0;
  let logStart = backend.requests.length;
  const fromBackend = (request: Request) => new URL(request.url()).origin === backendOrigin;

  const tracked = await openPage(browser, url, {
    initScript: countLayoutShifts,
    beforeOpen: async (page: Page) => {
      // Before the page's scripts: every timer they set is on the fake clock. Time still flows
      // at its own pace until the test moves it on.
      await page.clock.install();
      page.on('request', (request) => {
        if (!fromBackend(request)) return;
        pending.add(request);
        lastActivity = Date.now();
      });
      page.on('requestfinished', async (request) => {
        if (!fromBackend(request)) return;
        // The body as the page received it (the transfer's framing, such as chunked encoding, left out).
        const body = await (await request.response())?.body().catch(() => undefined);
        bodyBytes += body?.length ?? 0;
        pending.delete(request);
        lastActivity = Date.now();
      });
      page.on('requestfailed', (request) => {
        pending.delete(request);
        lastActivity = Date.now();
      });
    },
  });
  const { page } = tracked;

  /** Waits (in real time) until no backend request is in flight and none has started or ended for `quietMs`. */
  const settle = async (quietMs: number) => {
    // A round's answers arrive in real time; the next round's timer is set once they have.
    const deadline = Date.now() + 10_000;
    while ((pending.size > 0 || Date.now() - lastActivity < quietMs) && Date.now() < deadline) await page.waitForTimeout(20);
  };

  return {
    ...tracked,
    async fastForward(ms) {
      for (let done = 0; done < ms; done += STEP_MS) {
        await page.clock.runFor(Math.min(STEP_MS, ms - done));
        await settle(50);
      }
    },
    async traffic() {
      // A change's list reads follow the revision's answer once the reader's code has loaded.
      await settle(500);
      // The page's own requests carry an Origin; a build's or a test's do not.
      const fromPage = backend.requests.slice(logStart).filter((r) => r.headers.origin !== undefined);
      return {
        requests: fromPage.filter((r) => r.method !== 'OPTIONS'),
        preflights: fromPage.filter((r) => r.method === 'OPTIONS'),
        bodyBytes,
      };
    },
    since() {
      logStart = backend.requests.length;
      bodyBytes = 0;
    },
  };
}
