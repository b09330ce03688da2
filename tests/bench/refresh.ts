// What an open page of the backend build costs the backend: the requests, CORS preflights and bytes
// of response bodies in 10 visible minutes with nothing changed (the page's timers fast-forwarded),
// then the same in the 10 minutes after one timeline title is changed through the backend with the
// service key, and the JavaScript that edit made the page fetch.
import type { LocalBackend } from 'local-supabase';
import { matchBuiltRevision, RENAMED_TIMELINE } from '../e2e/support/backend-content';
import { launchBrowser } from '../e2e/support/browser';
import { totalKb, watchScripts } from '../e2e/support/page-weight';
import type { Traffic } from '../e2e/support/refresh-traffic';
import { watchPage } from '../e2e/support/refresh-traffic';
import { TIMELINE } from '../../src/content/copy';
import { kb } from './config';
import type { ScriptFigure } from './in-browser';

const TEN_MINUTES_MS = 10 * 60_000;

export interface TrafficFigures {
  requests: number;
  preflights: number;
  bodyBytes: number;
  calls: string[];
}

export interface RefreshFigures {
  idle: TrafficFigures;
  afterEdit: TrafficFigures & { shownAfterS: number | null; jsGzipKb: number; scripts: ScriptFigure[] };
}

/** Requests, preflights and response-body bytes as the table shows them. */
const trafficFigures = ({ requests, preflights, bodyBytes }: Traffic): TrafficFigures => ({
  requests: requests.length,
  preflights: preflights.length,
  bodyBytes,
  calls: [...new Set(requests.map((r) => r.path.replace('/rest/v1/', '')))],
});

export async function refreshTraffic(backend: LocalBackend, url: string, siteDir: string): Promise<RefreshFigures> {
  // The backend holds what the build read, its revision included (so too after BENCH_SKIP_BUILD=1).
  await matchBuiltRevision(backend, siteDir);
  const browser = await launchBrowser();
  try {
    const watched = await watchPage(browser, url, backend);
    await watched.fastForward(TEN_MINUTES_MS);
    const idle = trafficFigures(await watched.traffic());

    watched.since();
    const scripts = watchScripts(watched.page, siteDir);
    const title = `${RENAMED_TIMELINE.title} (edited while open)`;
    const edit = await fetch(`${backend.url}/rest/v1/timeline?id=eq.${RENAMED_TIMELINE.id}`, {
      method: 'PATCH',
      headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    if (edit.status !== 204) throw new Error(`the edit through the backend answered ${edit.status}`);
    const timeline = watched.page.getByRole('region', { name: TIMELINE.scrollRegionLabel, exact: true });
    let shownAfterS: number | null = null;
    for (let seconds = 0; seconds < TEN_MINUTES_MS / 1000; seconds += 15) {
      await watched.fastForward(15_000);
      if (shownAfterS === null && (await timeline.getByText(title, { exact: true }).count()) > 0) shownAfterS = seconds + 15;
    }
    const fetched = await scripts.settled(500);
    const afterEdit = {
      ...trafficFigures(await watched.traffic()),
      shownAfterS,
      jsGzipKb: totalKb(fetched),
      scripts: fetched.map((s) => ({ src: s.path, gzipKb: kb(s.gzipBytes), module: s.mainModule })),
    };
    await watched.close();
    return { idle, afterEdit };
  } finally {
    await browser.close();
  }
}
