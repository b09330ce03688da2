// What a phone downloads (the budgets of docs/architecture.md), in both builds of global-setup.ts:
// supabase-js stays out of the page's first-load JavaScript, read from the files as shipped (first
// load = the scripts index.html starts plus the page component's chunk group, which Gatsby's loader
// fetches before hydrating, as npm run bench counts it); the refresh reads through postgrest-js
// alone (the `content-reader` chunk group) and supabase-js (the `backend-client` group) waits for the
// modal; and, counted in the browser, all the JavaScript a visit fetches without any interaction.
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { FOOTER, HERO } from '../../src/content/copy';
import path from 'node:path';
import { forTheFile } from '../support/for-the-file';
import { SITES_DIR } from './support/site-build';
import { launchBrowser, openPage } from './support/browser';
import { firstPaintMs, totalKb, watchScripts } from './support/page-weight';

// Strings every supabase-js build carries: its client-info header and two class names that its
// own messages name (minifying keeps strings).
const SUPABASE_MARKERS = ['supabase-js', 'GoTrueClient', 'RealtimeClient'];
const LAZY_GROUP = 'backend-client';
const READER_GROUP = 'content-reader';

const fileBrowser = forTheFile('the browser', launchBrowser, (started) => started.close(), 60_000);

/**
 * Runs `look` with the file's browser, in contexts of its own (which share no cache or storage with
 * another look's), and closes them after it, whatever happens.
 */
async function inOwnContexts(look: (browser: Browser) => Promise<void>): Promise<void> {
  try {
    await look(fileBrowser());
  } finally {
    await Promise.all(
      fileBrowser()
        .contexts()
        .map((context) => context.close()),
    );
  }
}

interface Stats {
  namedChunkGroups: Record<string, { assets: { name: string }[] }>;
}

/** Every fetch started at or after the first paint; a failure names the fetch that did not. */
function expectAllAfterPaint(fetches: readonly { path: string; startMs: number }[], paint: number | null) {
  expect(paint).not.toBeNull();
  for (const fetched of fetches)
    expect({ ...fetched, afterPaint: fetched.startMs >= (paint as number) }).toMatchObject({ afterPaint: true });
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
  return { dir, html, tagged, firstLoad, inline, lazy: groupScripts(LAZY_GROUP), reader: groupScripts(READER_GROUP), markersIn, read };
}

describe.each(['backend', 'embedded'] as const)('the %s build', (variant) => {
  const built = () => site(variant);

  it('loads the framework, app and page chunks first, and none of them holds supabase-js', () => {
    const { tagged, firstLoad, inline, markersIn } = built();
    expect(tagged.length).toBeGreaterThanOrEqual(3);
    expect(firstLoad.some((file) => /component---src-templates-landing-page/.test(file))).toBe(true);
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

it('a page built without backend settings never fetches the backend client, even once idle and with the modal open', () =>
  inOwnContexts(async (browser) => {
    // On a fake clock, installed before the page's scripts, that the test moves past the idle time.
    const tracked = await openPage(browser, `${process.env.E2E_EMBEDDED_URL}/`, { beforeOpen: (page) => page.clock.install() });
    const scripts: string[] = [];
    tracked.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const { lazy } = site('embedded');
    // Past the idle-time work (requestIdleCallback's 5 s timeout at the latest), then the modal.
    await tracked.page.clock.runFor(6000);
    await tracked.page.evaluate(() => {
      window.location.hash = '#investor-deck';
    });
    await tracked.page.getByRole('dialog').waitFor();
    await tracked.page.waitForTimeout(1000);
    const loaded = await tracked.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect([...scripts, ...loaded].filter((file) => lazy.includes(file))).toEqual([]);
    expect(tracked.problems).toEqual([]);
    await tracked.close();
  }));

it('paints the page before it requests its bundles or the pictures below the first screen', () =>
  inOwnContexts(async (browser) => {
    // A phone's first screen: the hero; the coverage grid is further down.
    const tracked = await openPage(browser, `${process.env.E2E_EMBEDDED_URL}/`, { viewport: { width: 390, height: 844 } });
    const { tagged } = site('embedded');
    const paint = await firstPaintMs(tracked.page);
    const resources = await tracked.page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, startMs: entry.startTime })),
    );
    const bundles = resources.filter((entry) => tagged.includes(entry.path));
    expect(bundles.map((entry) => entry.path).sort()).toEqual([...tagged].sort());
    expectAllAfterPaint(bundles, paint);
    expect(resources.filter((entry) => entry.path.startsWith('/images/materials/'))).toEqual([]);

    // Scrolled to the grid, its pictures load and show.
    await tracked.page.locator('#coverage').scrollIntoViewIfNeeded();
    await tracked.page.waitForFunction(() => {
      const pictures = [...document.querySelectorAll<HTMLImageElement>('#coverage img')];
      return pictures.length > 0 && pictures.every((image) => image.complete && image.naturalWidth > 0);
    });
    expect(tracked.problems).toEqual([]);
    await tracked.close();
  }));

it('the refresh reader holds postgrest-js and no supabase-js', () => {
  const { reader, markersIn, read } = site('backend');
  expect(reader.length).toBeGreaterThan(0);
  expect(reader.flatMap(markersIn)).toEqual([]);
  // postgrest-js's own error text, which minifying keeps.
  expect(reader.some((file) => read(file).includes('PostgrestError'))).toBe(true);
});

/** The modal's backend chunks that the refresh does not share (postgrest-js is in both). */
const modalOnly = ({ lazy, reader }: ReturnType<typeof site>) => lazy.filter((file) => !reader.includes(file));

// docs/architecture.md's budgets: at most 110 KB (gzip) of JavaScript without any interaction on the
// default build, 125 KB with backend settings, none of it before the first paint. The modal's code
// (and supabase-js) waits until a visitor asks for the modal.
describe.each([
  ['embedded', 'E2E_EMBEDDED_URL', 110],
  ['backend', 'E2E_BACKEND_SITE_URL', 125],
] as const)('a visit to the %s build with no interaction', (variant, urlVariable, budgetKb) => {
  it(`fetches at most ${budgetKb} KB of JavaScript, none before the first paint, and no modal code`, () =>
    inOwnContexts(async (browser) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const built = site(variant);
      // The most a visit fetches: the content moved on since the build, so the refresh loads its
      // reader too (the backend is not running for this file; its revision answers here).
      await page.route('**/rest/v1/rpc/content_revision?*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '"moved"' }),
      );
      const watch = watchScripts(page, built.dir);
      await page.goto(`${process.env[urlVariable]}/`);
      const scripts = await watch.settled();
      const paint = await firstPaintMs(page);

      expect(totalKb(scripts)).toBeLessThanOrEqual(budgetKb);
      expectAllAfterPaint(scripts, paint);
      const names = scripts.map((script) => script.path);
      expect(names.filter((name) => /contact-modal|motion-features/.test(name) || modalOnly(built).includes(name))).toEqual([]);
      if (variant === 'backend') expect(names.some((name) => built.reader.includes(name))).toBe(true);
      await context.close();
    }));
});

it('loads supabase-js for the modal only, once a visitor asks for it', () =>
  inOwnContexts(async (browser) => {
    const tracked = await openPage(browser, `${process.env.E2E_BACKEND_SITE_URL}/`, {
      // The backend is not running for this file: the modal's calls fail, which is not the point here.
      ignoreRequest: (url) => url.includes(`127.0.0.1:${process.env.E2E_BACKEND_PORT}`),
    });
    const built = site('backend');
    const watch = watchScripts(tracked.page, built.dir);
    expect((await watch.settled()).map((script) => script.path).filter((name) => modalOnly(built).includes(name))).toEqual([]);
    await tracked.page.getByRole('button', { name: HERO.chat, exact: true }).click();
    await tracked.page.getByRole('dialog').waitFor();
    const after = (await watch.settled()).map((script) => script.path);
    expect(after.filter((name) => modalOnly(built).includes(name)).length).toBeGreaterThan(0);
    await tracked.close();
  }));

// The modal's code comes on intent, so that it is usually there by the click: a pointer over an
// opener, or keyboard focus on one, fetches it with nothing opened.
describe.each([
  ['a pointer over', (page: Page) => page.getByRole('button', { name: HERO.chat, exact: true }).first().hover()],
  ['keyboard focus on', (page: Page) => page.getByRole('button', { name: HERO.chat, exact: true }).first().focus()],
  ['keyboard focus on the investor link of', (page: Page) => page.getByRole('link', { name: FOOTER.investor }).focus()],
] as const)('%s an opener', (_, intent) => {
  it("fetches the modal's code before any click, and opens nothing", () =>
    inOwnContexts(async (browser) => {
      const tracked = await openPage(browser, `${process.env.E2E_EMBEDDED_URL}/`);
      const watch = watchScripts(tracked.page, site('embedded').dir);
      const isModal = (name: string) => /\/contact-modal-/.test(name);
      expect((await watch.settled(1000)).map((script) => script.path).filter(isModal)).toEqual([]);
      await intent(tracked.page);
      const after = (await watch.settled(1000)).map((script) => script.path);
      expect(after.filter(isModal)).toHaveLength(1);
      expect(await tracked.page.getByRole('dialog').count()).toBe(0);
      expect(tracked.problems).toEqual([]);
      await tracked.close();
    }));
});
