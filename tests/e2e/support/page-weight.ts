// What a visitor's browser downloads, as the budgets in docs/architecture.md count it: every
// JavaScript file the page fetches until the network has been quiet for 2 s, gzip-compressed as
// hosts serve them, each named with the module that dominates it (from the build's source maps).
// Shared by the browser tests (which hold the page to the budgets) and `npm run bench` (which
// reports the figures).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface FetchedScript {
  path: string;
  gzipBytes: number;
  /** The package (or site file) holding most of the file's source, by source-map content. */
  mainModule: string;
  /** When the request started, in ms since navigation. */
  startMs: number;
}

export interface ScriptWatch {
  /** Waits until no request has started or ended for `quietMs`, then lists the scripts so far. */
  settled(quietMs?: number): Promise<FetchedScript[]>;
}

/** The package or file that contributes the most source to a built file, from its source map. */
export function mainModule(file: string): string {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return '?';
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
  const sizes = new Map<string, number>();
  map.sources.forEach((source, index) => {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? source.replace(/^webpack:\/\/[^/]*\/(\.\/)?/, '');
    sizes.set(name, (sizes.get(name) ?? 0) + (map.sourcesContent?.[index]?.length ?? 0));
  });
  return [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '?';
}

/** Starts counting before the page is opened (call it, then navigate). */
export function watchScripts(page: Page, siteDir: string): ScriptWatch {
  const scripts = new Map<string, Omit<FetchedScript, 'startMs'>>();
  let last = Date.now();
  page.on('request', () => (last = Date.now()));
  page.on('requestfinished', () => (last = Date.now()));
  page.on('requestfailed', () => (last = Date.now()));
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const file = path.join(siteDir, pathname);
    if (response.request().resourceType() !== 'script' || !pathname.endsWith('.js') || !existsSync(file)) return;
    scripts.set(pathname, { path: pathname, gzipBytes: gzipSync(readFileSync(file)).length, mainModule: mainModule(file) });
  });
  return {
    async settled(quietMs = 2000) {
      while (Date.now() - last < quietMs) await page.waitForTimeout(100);
      const starts = await page.evaluate(() =>
        Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.startTime])),
      );
      return [...scripts.values()].map((script) => ({ ...script, startMs: starts[script.path] ?? Number.NaN }));
    },
  };
}

export const totalKb = (scripts: readonly FetchedScript[]): number =>
  Math.round((scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024) * 10) / 10;

/** The page's first contentful paint, in ms since navigation. */
export const firstPaintMs = (page: Page): Promise<number | null> =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
