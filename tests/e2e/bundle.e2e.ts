// supabase-js stays out of the page's first-load JavaScript (a budget of docs/architecture.md): in both builds of
// global-setup.ts, read from the files as shipped. First load = the scripts index.html starts plus
// the page component's chunk group, which Gatsby's loader fetches before hydrating (as
// scripts/bench.mjs counts it). The client lives in the lazy `backend-client` chunk group, which
// a page built without backend settings never fetches.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SITES_DIR } from './support/site-build';
import { launchBrowser, openPage } from './support/browser';

// Strings every supabase-js build carries: its client-info header and two class names that its
// own messages name (minifying keeps strings).
const SUPABASE_MARKERS = ['supabase-js', 'GoTrueClient', 'RealtimeClient'];
const LAZY_GROUP = 'backend-client';

interface Stats {
  namedChunkGroups: Record<string, { assets: { name: string }[] }>;
}

function site(variant: 'backend' | 'embedded') {
  const dir = path.join(SITES_DIR, variant);
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  const stats = JSON.parse(read('webpack.stats.json')) as Stats;
  const pageData = JSON.parse(read('page-data/index/page-data.json')) as { componentChunkName: string };
  const groupScripts = (name: string) =>
    (stats.namedChunkGroups[name]?.assets ?? []).map((asset) => `/${asset.name}`).filter((file) => file.endsWith('.js'));

  const html = read('index.html');
  // The scripts index.html starts: script tags, and the list of the loader that starts Gatsby's
  // bundles after the first paint (plugins/gatsby-plugin-security-headers/src/defer-scripts.ts).
  const loaderList = /\(function\(s\)\{[\s\S]*?\}\)\((\[[^\]]*\])\);<\/script>/.exec(html)?.[1];
  const tagged = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="(\/[^"]+\.js)"/g)].map((match) => match[1] as string),
    ...(loaderList ? (JSON.parse(loaderList) as string[]) : []),
  ];
  const firstLoad = [...new Set([...tagged, ...groupScripts(pageData.componentChunkName)])];
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '').join('\n');
  const markersIn = (file: string) => SUPABASE_MARKERS.filter((marker) => read(file).includes(marker));
  return { dir, html, tagged, firstLoad, inline, lazy: groupScripts(LAZY_GROUP), markersIn, read };
}

describe.each(['backend', 'embedded'] as const)('the %s build', (variant) => {
  const built = () => site(variant);

  it('loads the framework, app and page chunks first, and none of them holds supabase-js', () => {
    const { tagged, firstLoad, inline, markersIn } = built();
    expect(tagged.length).toBeGreaterThanOrEqual(3);
    expect(firstLoad.some((file) => /component---src-pages-index/.test(file))).toBe(true);
    for (const file of firstLoad) expect({ file, markers: markersIn(file) }).toEqual({ file, markers: [] });
    expect(SUPABASE_MARKERS.filter((marker) => inline.includes(marker))).toEqual([]);
  });

  it('has supabase-js in the lazy backend-client chunks only, none of them loaded first', () => {
    const { lazy, firstLoad, markersIn, dir, tagged, read } = built();
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.filter((file) => firstLoad.includes(file))).toEqual([]);
    expect(lazy.flatMap(markersIn)).toEqual(expect.arrayContaining(SUPABASE_MARKERS));
    // The webpack runtime (loaded first) maps each lazy chunk to its content-hashed file, so the
    // chunks can be fetched on demand.
    const runtime = tagged.find((file) => /\/webpack-runtime-/.test(file));
    expect(runtime).toBeDefined();
    const runtimeCode = read(runtime as string);
    for (const file of lazy) {
      expect(existsSync(path.join(dir, file))).toBe(true);
      const hash = /-([0-9a-f]{20})\.js$/.exec(file)?.[1];
      expect({ file, mapped: Boolean(hash && runtimeCode.includes(hash)) }).toEqual({ file, mapped: true });
    }
  });
});

it('the backend build carries its settings for the browser; the embedded build carries none', () => {
  const backend = site('backend');
  const embedded = site('embedded');
  const port = process.env.E2E_BACKEND_PORT as string;
  const carries = (s: ReturnType<typeof site>) => [...s.firstLoad, ...s.lazy].some((file) => s.read(file).includes(`127.0.0.1:${port}`));
  expect(carries(backend)).toBe(true);
  expect(carries(embedded)).toBe(false);
});

it('a page built without backend settings never fetches the backend client, even once idle and with the modal open', async () => {
  const browser = await launchBrowser();
  try {
    const tracked = await openPage(browser, `${process.env.E2E_EMBEDDED_URL}/`);
    const scripts: string[] = [];
    tracked.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const { lazy } = site('embedded');
    // Past the idle-time work (requestIdleCallback's 5 s timeout at the latest), then the modal.
    await tracked.page.waitForTimeout(6000);
    await tracked.page.evaluate(() => {
      window.location.hash = '#investor-deck';
    });
    await tracked.page.getByRole('dialog').waitFor();
    await tracked.page.waitForTimeout(1000);
    const loaded = await tracked.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect([...scripts, ...loaded].filter((file) => lazy.includes(file))).toEqual([]);
    expect(tracked.problems).toEqual([]);
    await tracked.close();
  } finally {
    await browser.close();
  }
});

it('paints the page before it requests its bundles or the pictures below the first screen', async () => {
  const browser = await launchBrowser();
  try {
    // A phone's first screen: the hero; the coverage grid is further down.
    const tracked = await openPage(browser, `${process.env.E2E_EMBEDDED_URL}/`, { viewport: { width: 390, height: 844 } });
    const { tagged } = site('embedded');
    const timing = await tracked.page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      resources: performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(timing.fcp).not.toBeNull();
    const bundles = timing.resources.filter((entry) => tagged.includes(entry.path));
    expect(bundles.map((entry) => entry.path).sort()).toEqual([...tagged].sort());
    for (const bundle of bundles)
      expect({ ...bundle, afterPaint: bundle.start >= (timing.fcp as number) }).toEqual({ ...bundle, afterPaint: true });
    expect(timing.resources.filter((entry) => entry.path.startsWith('/images/materials/'))).toEqual([]);

    // Scrolled to the grid, its pictures load and show.
    await tracked.page.locator('#coverage').scrollIntoViewIfNeeded();
    await tracked.page.waitForFunction(() => {
      const pictures = [...document.querySelectorAll<HTMLImageElement>('#coverage img')];
      return pictures.length > 0 && pictures.every((image) => image.complete && image.naturalWidth > 0);
    });
    expect(tracked.problems).toEqual([]);
    await tracked.close();
  } finally {
    await browser.close();
  }
});
