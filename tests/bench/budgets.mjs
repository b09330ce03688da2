#!/usr/bin/env node
// npm run bench — a benchmark, not a test: measures the figures docs/architecture.md budgets and prints them
// against the budgets, writing everything to artifacts/bench.json.
//   1. build times: a cold build (after gatsby clean) and a content-only warm rebuild, both against
//      the local backend (the webhook case: same settings, warm cache, one row changed);
//   2. JavaScript: first-load JavaScript of / and /id/ on the default (embedded) build (the scripts
//      index.html loads, raw and gzip, and the largest modules in them, from the source maps); in
//      the browser, every script a visit fetches without interaction and after opening the modal,
//      on the default and the backend build; the modal's answer to a tap at 4x CPU on both pages;
//   3. Lighthouse (mobile defaults, Chromium, median of 3 runs) on both pages of the default build,
//      on a copy of them with every script removed (for the LCP ratio), and on the backend build while the
//      backend's content differs from the build (so the refresh updates lists during the run);
//   4. the coverage pictures of the backend build (each shown material has a 3000×2000 phone photo
//      in the backend's storage): the bytes a visitor downloads scrolling through the page at
//      390 px (2x) and at 1440 px, against the originals the page showed before issue 11;
//   5. what an open page of the backend build costs the backend: the requests, CORS preflights and
//      bytes of response bodies in 10 visible minutes with nothing changed (the page's timers
//      fast-forwarded), then the same in the 10 minutes after one timeline title is changed
//      through the backend with the service key, and the JavaScript that edit made the page fetch.
// The figures are measured, never asserted: the command fails only if it cannot measure. It lives
// beside the browser tests because it builds, serves and opens the same variants with their harness
// and fixtures (tests/e2e/support).
import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
// The test support is TypeScript; Node 20 cannot strip types, so compile it on require.
require('../../scripts/register-ts.cjs');
const { startLocalBackend } = require('local-supabase');
const { startStaticServer } = require('static-host');
const { REPO_ROOT, buildSite, holdGatsbyLock } = require('../e2e/support/site-build.ts');
const { applyBackendContent, matchBuiltRevision, PHOTO_NAMES, RENAMED_TIMELINE } = require('../e2e/support/backend-content.ts');
const { watchPage } = require('../e2e/support/refresh-traffic.ts');
const { CHROME_ARGS, chromePath } = require('../e2e/support/browser.ts');
const { scrollThrough } = require('../e2e/support/page-helpers.ts');
const { photoFile } = require('../support/photos.ts');
const { firstPaintMs, totalKb, watchScripts } = require('../e2e/support/page-weight.ts');
const { modalTiming } = require('../e2e/support/modal-timing.ts');
const { EN } = require('../../src/content/dictionaries/en.ts');
const { ID } = require('../../src/content/dictionaries/id.ts');

// Both pages of the site, each measured against the same budgets.
const PAGES = [
  { path: '/', label: 'page', chat: EN.hero.chat },
  { path: '/id/', label: 'page-id', chat: ID.hero.chat },
];

const OUT = path.join(REPO_ROOT, 'artifacts', 'bench');
const RUNS = Number(process.env.BENCH_RUNS || 3);

// docs/architecture.md, "Performance budgets".
const BUDGET = {
  firstLoadJsGzipKb: 95,
  noInteractionJsGzipKb: { embedded: 110, backend: 125 },
  modalEventMs: 200,
  modalVisibleMs: 800,
  scores: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 },
  cls: 0,
  lcpRatio: 1.05,
  warmColdRatio: 0.6,
};

const log = (...args) => console.log('bench:', ...args);
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// ---------------------------------------------------------------------------------------------
// 1. Builds

async function builds(backend) {
  const env = { GATSBY_SUPABASE_URL: backend.url, GATSBY_SUPABASE_ANON_KEY: backend.anonKey };
  // One lock for the series: another build in between would replace the cache being measured.
  const lock = await holdGatsbyLock();
  try {
    log(`cold build (gatsby clean, then build against the local backend, ${PHOTO_NAMES.length} photos to download and process)...`);
    const cold = await buildSite({
      outDir: path.join(OUT, 'backend'),
      logFile: path.join(OUT, 'cold-build.log'),
      env,
      clean: true,
      lock: false,
    });
    const edited = `PET bottles (edited ${new Date().toISOString().slice(11, 19)})`;
    await backend.sql(`update material_coverage set name = $1 where id = '10000000-0000-4000-8000-000000000001'`, [edited]);
    log('content-only rebuild (one row changed, warm cache)...');
    const warm = await buildSite({ outDir: path.join(OUT, 'backend'), logFile: path.join(OUT, 'warm-build.log'), env, lock: false });
    const html = readFileSync(path.join(OUT, 'backend', 'index.html'), 'utf8');
    if (!html.includes(edited)) throw new Error('the warm rebuild did not pick up the changed row; its time would mean nothing');
    log('default build (embedded content, as `npm run build`)...');
    const embedded = await buildSite({ outDir: path.join(OUT, 'embedded'), logFile: path.join(OUT, 'embedded-build.log'), lock: false });
    return { coldMs: cold.buildMs, warmMs: warm.buildMs, embeddedMs: embedded.buildMs, ratio: warm.buildMs / cold.buildMs };
  } finally {
    await lock.release();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. First-load JavaScript

/** Source-map "mappings" → per generated line, segments of [column, source index]. */
function decodeMappings(mappings) {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** "webpack://site/./node_modules/react-dom/cjs/x.js" → "react-dom"; site files keep their path. */
function moduleGroup(source) {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  return pkg ? pkg[1] : clean;
}

function attribute(code, map, totals) {
  const lines = code.split('\n');
  decodeMappings(map.mappings).forEach((segments, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    segments.forEach(([column, source], i) => {
      const end = segments[i + 1]?.[0] ?? text.length;
      const name = source >= 0 ? moduleGroup(map.sources[source] ?? '?') : '(webpack glue)';
      totals.set(name, (totals.get(name) ?? 0) + Math.max(0, end - column));
    });
  });
}

function jsFile(siteDir, src) {
  const file = path.join(siteDir, src.split('?')[0]);
  const code = readFileSync(file);
  return { src, bytes: code.length, gzip: gzipSync(code).length, file };
}

/**
 * The JavaScript a page (/ or a language's page, e.g. /id/) needs for its first render: the app
 * chunk group (Gatsby's runtime, React and the app, which the HTML starts after the first paint),
 * any other script the HTML names, plus the page component's chunk group, which Gatsby's loader
 * fetches before hydrating.
 */
function firstLoadJs(siteDir, pagePath = '/') {
  const html = readFileSync(path.join(siteDir, pagePath, 'index.html'), 'utf8');
  const sources = new Set();
  let inlineBytes = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(match[1])?.[1];
    if (!src) inlineBytes += Buffer.byteLength(match[2]);
    else if (!/^https?:/.test(src)) sources.add(src);
  }
  const pageDataDir = pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '');
  const pageData = JSON.parse(readFileSync(path.join(siteDir, 'page-data', pageDataDir, 'page-data.json'), 'utf8'));
  const stats = JSON.parse(readFileSync(path.join(siteDir, 'webpack.stats.json'), 'utf8'));
  for (const name of ['app', pageData.componentChunkName]) {
    for (const asset of stats.namedChunkGroups?.[name]?.assets ?? []) if (asset.name.endsWith('.js')) sources.add(`/${asset.name}`);
  }
  const scripts = [...sources].map((src) => jsFile(siteDir, src));

  const modules = new Map();
  for (const script of scripts) {
    const mapFile = `${script.file}.map`;
    if (existsSync(mapFile)) attribute(readFileSync(script.file, 'utf8'), JSON.parse(readFileSync(mapFile, 'utf8')), modules);
  }
  const largestModules = [...modules.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, bytes]) => ({ name, kb: kb(bytes) }));
  return {
    scripts: scripts.map(({ src, bytes, gzip }) => ({ src, kb: kb(bytes), gzipKb: kb(gzip) })).sort((a, b) => b.gzipKb - a.gzipKb),
    totalKb: kb(scripts.reduce((n, s) => n + s.bytes, 0)),
    totalGzipKb: kb(scripts.reduce((n, s) => n + s.gzip, 0)),
    inlineKb: kb(inlineBytes),
    largestModules,
  };
}

/**
 * What a phone downloads (the budgets of docs/architecture.md): every script one visit fetches
 * until the network has been quiet for 2 s, with no interaction, then the same after opening the
 * contact modal; each file with the module that dominates it.
 */
async function jsFetched(siteDir, url) {
  const { launchBrowser } = require('../e2e/support/browser.ts');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const watch = watchScripts(page, siteDir);
    await page.goto(url);
    const idle = await watch.settled();
    const paint = await firstPaintMs(page);
    await page.getByRole('button', { name: EN.hero.chat, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    const modal = await watch.settled();
    const list = (scripts) =>
      scripts.map((s) => ({ src: s.path, gzipKb: kb(s.gzipBytes), module: s.mainModule })).sort((a, b) => b.gzipKb - a.gzipKb);
    return {
      withoutInteraction: {
        totalGzipKb: totalKb(idle),
        scripts: list(idle),
        beforeFirstPaint: idle.filter((s) => s.startMs < paint).length,
      },
      afterModal: { totalGzipKb: totalKb(modal), scripts: list(modal) },
    };
  } finally {
    await browser.close();
  }
}

/** The modal's answer to a tap at 4x CPU, tapped right after the first paint and once settled (median of RUNS). */
async function modalTimings(url, chatLabel) {
  const { launchBrowser } = require('../e2e/support/browser.ts');
  const browser = await launchBrowser();
  try {
    const result = {};
    for (const tap of ['first-paint', 'settled']) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await modalTiming(browser, url, tap, chatLabel));
      log(
        `  tap at ${tap}: ${runs.map((r) => `${r.eventDurationMs} ms event, dialog after ${r.dialogVisibleMs ?? 'never'} ms`).join('; ')}`,
      );
      result[tap] = {
        eventDurationMs: median(runs.map((r) => r.eventDurationMs)),
        dialogVisibleMs: median(runs.map((r) => r.dialogVisibleMs ?? Infinity)),
        runs,
      };
    }
    return result;
  } finally {
    await browser.close();
  }
}

/** A copy of the built pages with every script removed (and the preloads that only serve scripts). */
function withoutScripts(siteDir, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(siteDir, outDir, { recursive: true });
  for (const { path: pagePath } of PAGES) {
    const file = path.join(outDir, pagePath, 'index.html');
    const html = readFileSync(file, 'utf8')
      .replace(/<script\b[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*\bas="script"[^>]*>/g, '');
    if (/<script\b/.test(html)) throw new Error(`a script survived in the no-script copy of ${pagePath}`);
    writeFileSync(file, html);
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Lighthouse

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Lighthouse scales the CPU time it observes into a slow phone's, so the machine must be quiet: the
 * builds just before leave it busy for a while (the load average decays over about a minute), and
 * the first Chromium start reads its files from a cold disk cache. So: wait until the 1-minute
 * load average is below half the CPUs (at most 90 s), then one run whose figures are discarded.
 */
async function settle(url) {
  const deadline = Date.now() + 90_000;
  const quiet = os.cpus().length * 0.5;
  while (os.loadavg()[0] > quiet && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5000));
  log(`load average ${os.loadavg()[0].toFixed(1)} before Lighthouse; one warm-up run (discarded)...`);
  await lighthouseOnce(url, ['performance']);
}

/** One Lighthouse run in a fresh browser: nothing cached or warmed from the previous one. */
async function lighthouseOnce(url, onlyCategories) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_ARGS, logLevel: 'silent' });
  try {
    return (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories })).lhr;
  } finally {
    chrome.kill();
  }
}

async function lighthouseRuns(url, label) {
  const runs = [];
  let retries = 2;
  while (runs.length < RUNS) {
    const i = runs.length;
    const lhr = await lighthouseOnce(url, CATEGORIES);
    // Lighthouse occasionally fails to record a trace (NO_NAVSTART) or its trace engine fails and
    // leaves the metrics empty: such a run measured nothing, so it is repeated, not averaged in.
    const failure = lhr.runtimeError
      ? `${lhr.runtimeError.code}`
      : lhr.categories.performance?.score == null
        ? 'no performance score'
        : null;
    if (failure) {
      if (retries === 0) throw new Error(`Lighthouse on ${url} failed repeatedly: ${failure} ${lhr.runtimeError?.message ?? ''}`);
      retries -= 1;
      log(`  ${label} run ${i + 1}: ${failure}, repeating`);
      continue;
    }
    runs.push({
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      // Unthrottled, as the trace saw it: Lighthouse's simulation makes LCP depend on whatever
      // ran before the observed paint, so a first paint after the scripts costs their download.
      observedFcp: lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? null,
      // Lantern's pessimistic LCP graph holds every request started before the observed LCP,
      // so scripts requested that early count against LCP even when they run after the paint.
      scriptKbBeforeLcp: kb(
        (lhr.audits['network-requests']?.details?.items ?? [])
          .filter(
            (r) =>
              r.resourceType === 'Script' &&
              r.networkRequestTime < (lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? 0),
          )
          .reduce((n, r) => n + (r.transferSize ?? 0), 0),
      ),
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      // What keeps a category below 100, for finding the cause of a miss.
      failing: Object.fromEntries(
        CATEGORIES.map((c) => [
          c,
          (lhr.categories[c]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
            .map((ref) => `${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
        ]),
      ),
      warnings: lhr.runWarnings,
      lhr,
    });
    log(
      `  ${label} run ${i + 1}: perf ${runs.at(-1).scores.performance}, LCP ${Math.round(runs.at(-1).lcp)} ms, TBT ${Math.round(runs.at(-1).tbt)} ms, CLS ${runs.at(-1).cls}`,
    );
  }
  // Lighthouse's own advice: report the run with the median performance score (then LCP) in full.
  const byPerf = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || a.lcp - b.lcp);
  const medianRun = byPerf[Math.floor(byPerf.length / 2)];
  writeFileSync(path.join(OUT, `lighthouse-${label}.json`), JSON.stringify(medianRun.lhr));
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])),
    lcp: median(runs.map((r) => r.lcp)),
    fcp: median(runs.map((r) => r.fcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    observedFcp: median(runs.map((r) => r.observedFcp)),
    scriptKbBeforeLcp: median(runs.map((r) => r.scriptKbBeforeLcp)),
    lcpElement: medianRun.lcpElement,
    failing: medianRun.failing,
    warnings: medianRun.warnings,
    runs: runs.map(({ lhr, failing, warnings, ...figures }) => figures),
  };
}

// ---------------------------------------------------------------------------------------------
// 4. Coverage pictures

/**
 * The coverage pictures a visitor downloads at one viewport: the page is scrolled through (every
 * lazy picture loads) and each picture the coverage cards show is counted with its bytes and type.
 */
async function coveragePictures(url, viewport, deviceScaleFactor) {
  const { launchBrowser } = require('../e2e/support/browser.ts');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport, deviceScaleFactor });
    const images = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      images.set(response.url(), { type: response.headers()['content-type'], bytes: body.length });
    });
    await page.goto(url, { waitUntil: 'load' });
    await scrollThrough(page);
    const shown = await page.locator('#coverage img').evaluateAll((elements) => elements.map((image) => image.currentSrc));
    const pictures = shown.map((src) => ({ src: new URL(src).pathname, ...images.get(src) }));
    return {
      count: pictures.length,
      kb: kb(pictures.reduce((n, p) => n + (p.bytes ?? 0), 0)),
      largestKb: kb(Math.max(0, ...pictures.map((p) => p.bytes ?? 0))),
      types: [...new Set(pictures.map((p) => p.type))],
      sameOrigin: shown.every((src) => new URL(src).origin === new URL(url).origin),
      pictures,
    };
  } finally {
    await browser.close();
  }
}

async function pictures(url) {
  const originals = await Promise.all(PHOTO_NAMES.map((_, index) => photoFile(index + 1)));
  return {
    originalsKb: kb(originals.reduce((n, file) => n + statSync(file).size, 0)),
    originalsCount: originals.length,
    phone: await coveragePictures(url, { width: 390, height: 844 }, 2),
    desktop: await coveragePictures(url, { width: 1440, height: 900 }, 1),
  };
}

// ---------------------------------------------------------------------------------------------
// 5. An open page's cost to the backend

const TEN_MINUTES_MS = 10 * 60_000;

/** Requests, preflights and response-body bytes as the table shows them. */
const trafficFigures = ({ requests, preflights, bodyBytes }) => ({
  requests: requests.length,
  preflights: preflights.length,
  bodyBytes,
  calls: [...new Set(requests.map((r) => r.path.replace('/rest/v1/', '')))],
});

async function refreshTraffic(backend, url, siteDir) {
  const { launchBrowser } = require('../e2e/support/browser.ts');
  const { TIMELINE } = require('../../src/content/copy.ts');
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
    let shownAfterS = null;
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

// ---------------------------------------------------------------------------------------------

function table(results) {
  const { build, fetched, pages, backendPage, coverage, refresh } = results;
  const rows = [];
  const row = (figure, measured, budget, ok) => rows.push({ figure, measured, budget, status: ok === null ? '' : ok ? 'ok' : 'MISS' });
  for (const { path: pagePath } of PAGES) {
    const { js } = pages[pagePath];
    row(
      `first-load JS of ${pagePath} (gzip)`,
      `${js.totalGzipKb} KB (${js.totalKb} KB raw, ${js.scripts.length} files; +${js.inlineKb} KB inline)`,
      `<= ${BUDGET.firstLoadJsGzipKb} KB`,
      js.totalGzipKb <= BUDGET.firstLoadJsGzipKb,
    );
  }
  for (const variant of ['embedded', 'backend']) {
    const { withoutInteraction, afterModal } = fetched[variant];
    const budget = BUDGET.noInteractionJsGzipKb[variant];
    row(
      `${variant} build: all JS without interaction (gzip)`,
      `${withoutInteraction.totalGzipKb} KB in ${withoutInteraction.scripts.length} files, ${withoutInteraction.beforeFirstPaint} before the first paint`,
      `<= ${budget} KB, none before the paint`,
      withoutInteraction.totalGzipKb <= budget && withoutInteraction.beforeFirstPaint === 0,
    );
    row(`${variant} build: all JS after opening the modal`, `${afterModal.totalGzipKb} KB`, '', null);
  }
  for (const { path: pagePath } of PAGES) {
    const { modal, page, noScript } = pages[pagePath];
    for (const [tap, label] of [
      ['first-paint', 'tapped right after the first paint'],
      ['settled', 'tapped once settled'],
    ]) {
      const figures = modal[tap];
      row(
        `${pagePath} modal at 4x CPU, ${label}: event`,
        `${figures.eventDurationMs} ms`,
        `<= ${BUDGET.modalEventMs} ms`,
        figures.eventDurationMs <= BUDGET.modalEventMs,
      );
      row(
        `${pagePath} modal at 4x CPU, ${label}: dialog visible`,
        `${figures.dialogVisibleMs} ms`,
        `<= ${BUDGET.modalVisibleMs} ms`,
        figures.dialogVisibleMs <= BUDGET.modalVisibleMs,
      );
    }
    for (const c of CATEGORIES)
      row(`${pagePath} Lighthouse ${c}`, String(page.scores[c]), String(BUDGET.scores[c]), page.scores[c] >= BUDGET.scores[c]);
    row(`${pagePath} LCP (mobile, simulated)`, `${Math.round(page.lcp)} ms`, '', null);
    row(`${pagePath} TBT`, `${Math.round(page.tbt)} ms`, '', null);
    row(`${pagePath} CLS`, String(page.cls), String(BUDGET.cls), page.cls <= BUDGET.cls);
    row(`${pagePath} LCP, page without scripts`, `${Math.round(noScript.lcp)} ms`, '', null);
    row(`${pagePath} observed first paint, page / no scripts`, `${page.observedFcp} / ${noScript.observedFcp} ms (unthrottled)`, '', null);
    row(`${pagePath} scripts requested before the observed LCP`, `${page.scriptKbBeforeLcp} KB transferred`, '', null);
    const lcpRatio = page.lcp / noScript.lcp;
    row(`${pagePath} LCP ratio (page / no scripts)`, lcpRatio.toFixed(3), `<= ${BUDGET.lcpRatio}`, lcpRatio <= BUDGET.lcpRatio);
  }
  row('backend build: Lighthouse performance', String(backendPage.scores.performance), '100', backendPage.scores.performance >= 100);
  row('backend build: CLS (refresh updating lists)', String(backendPage.cls), String(BUDGET.cls), backendPage.cls <= BUDGET.cls);
  const mb = (value) => `${(value / 1024).toFixed(1)} MB`;
  for (const [label, shot] of [
    ['390 px, 2x', coverage.phone],
    ['1440 px', coverage.desktop],
  ]) {
    row(
      `coverage pictures at ${label}`,
      `${shot.kb} KB in ${shot.count} (${shot.types.join(', ')}; largest ${shot.largestKb} KB${shot.sameOrigin ? '' : '; NOT all from the site'})`,
      `originals ${mb(coverage.originalsKb)} in ${coverage.originalsCount}`,
      null,
    );
  }
  const traffic = ({ requests, preflights, bodyBytes }) => `${requests} requests, ${preflights} preflights, ${kb(bodyBytes)} KB of bodies`;
  row(
    'backend build open 10 min, nothing changed',
    traffic(refresh.idle),
    '<= 7 requests, <= 1 preflight, <= 4 KB',
    refresh.idle.requests <= 7 && refresh.idle.preflights <= 1 && refresh.idle.bodyBytes <= 4096,
  );
  row(
    'the 10 min after one edit',
    `${traffic(refresh.afterEdit)}; shown after ${refresh.afterEdit.shownAfterS ?? 'never'} s; ${refresh.afterEdit.jsGzipKb} KB JS`,
    'shown within 360 s',
    refresh.afterEdit.shownAfterS !== null && refresh.afterEdit.shownAfterS <= 360,
  );
  if (build) {
    row('cold build (after gatsby clean)', `${(build.coldMs / 1000).toFixed(1)} s`, '', null);
    row('content-only warm rebuild', `${(build.warmMs / 1000).toFixed(1)} s`, '', null);
    row('warm / cold', build.ratio.toFixed(3), `<= ${BUDGET.warmColdRatio}`, build.ratio <= BUDGET.warmColdRatio);
  } else {
    row('build times', 'not measured (BENCH_SKIP_BUILD=1)', '', null);
  }
  const widths = ['figure', 'measured', 'budget', 'status'].map((k) => Math.max(k.length, ...rows.map((r) => r[k].length)));
  const line = (r) => ['figure', 'measured', 'budget', 'status'].map((k, i) => r[k].padEnd(widths[i])).join(' | ');
  return [
    line({ figure: 'figure', measured: 'measured', budget: 'budget', status: 'status' }),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const started = Date.now();
  // Lighthouse simulates a slow phone from the CPU time it observes: other work on the machine
  // (a build, a test run) inflates TBT and LCP. Say so rather than report noise as figures.
  const loadAtStart = os.loadavg()[0];
  if (loadAtStart > os.cpus().length * 0.5) {
    log(`warning: load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} CPUs; Lighthouse figures will be noisy`);
  }
  // BENCH_SKIP_BUILD=1 measures the last bench's builds again (for iterating on the page only). The
  // backend build has its backend's address baked in, so the backend takes the port it had then.
  const skipBuild = process.env.BENCH_SKIP_BUILD === '1';
  const portFile = path.join(OUT, 'backend-port.json');
  const backend = await startLocalBackend(skipBuild ? { port: JSON.parse(readFileSync(portFile, 'utf8')).port } : {});
  const servers = [];
  try {
    await applyBackendContent(backend);
    const build = skipBuild ? null : await builds(backend);
    if (!skipBuild) writeFileSync(portFile, JSON.stringify({ port: backend.port }));

    const pages = Object.fromEntries(
      PAGES.map(({ path: pagePath }) => [pagePath, { js: firstLoadJs(path.join(OUT, 'embedded'), pagePath) }]),
    );
    withoutScripts(path.join(OUT, 'embedded'), path.join(OUT, 'no-scripts'));

    const page = await startStaticServer(path.join(OUT, 'embedded'));
    const bare = await startStaticServer(path.join(OUT, 'no-scripts'));
    const backendSite = await startStaticServer(path.join(OUT, 'backend'));
    servers.push(page, bare, backendSite);
    log('JavaScript a visit fetches, default and backend builds...');
    const fetched = {
      embedded: await jsFetched(path.join(OUT, 'embedded'), `${page.url}/`),
      backend: await jsFetched(path.join(OUT, 'backend'), `${backendSite.url}/`),
    };
    log('an open page of the backend build, 10 minutes fast-forwarded, then 10 more after one edit...');
    const refresh = await refreshTraffic(backend, `${backendSite.url}/`, path.join(OUT, 'backend'));
    for (const { path: pagePath, chat } of PAGES) {
      log(`opening the modal of ${pagePath} at 4x CPU...`);
      pages[pagePath].modal = await modalTimings(`${page.url}${pagePath}`, chat);
    }
    log('coverage pictures of the backend build at 390 px (2x) and 1440 px...');
    const coverage = await pictures(`${backendSite.url}/`);

    await settle(`${page.url}/`);
    for (const { path: pagePath, label } of PAGES) {
      log(`Lighthouse on ${pagePath} of the default build...`);
      pages[pagePath].page = await lighthouseRuns(`${page.url}${pagePath}`, label);
      log(`Lighthouse on ${pagePath} without scripts...`);
      pages[pagePath].noScript = await lighthouseRuns(`${bare.url}${pagePath}`, `${label}-no-scripts`);
    }
    // The backend now differs from the build, so a refresh that re-reads the lists has work to do.
    await backend.sql(`update timeline set title = title || ' (edited)' where id = '20000000-0000-4000-8000-000000000004'`);
    log('Lighthouse on the backend build (backend content changed since the build)...');
    const backendLh = await lighthouseRuns(`${backendSite.url}/`, 'backend');
    const browserReads = backend.requests.filter((r) => r.headers.origin).length;

    const results = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadAverageAtStart: loadAtStart, node: process.version, chromium: chromePath() },
      runs: RUNS,
      budgets: BUDGET,
      build,
      fetched,
      pages,
      backendPage: { ...backendLh, browserRequestsToBackend: browserReads },
      coverage,
      refresh,
      benchSeconds: Math.round((Date.now() - started) / 1000),
    };
    writeFileSync(path.join(REPO_ROOT, 'artifacts', 'bench.json'), JSON.stringify(results, null, 2));

    console.log('');
    console.log(table(results));
    console.log('');
    const { js } = pages['/'];
    console.log('first-load scripts (gzip):', js.scripts.map((s) => `${path.basename(s.src)} ${s.gzipKb} KB`).join(', '));
    for (const [variant, { withoutInteraction, afterModal }] of Object.entries(fetched)) {
      const files = (scripts) => scripts.map((s) => `${path.basename(s.src)} ${s.gzipKb} KB (${s.module})`).join(', ');
      console.log(
        `${variant} build, JS without interaction: ${withoutInteraction.totalGzipKb} KB gzip: ${files(withoutInteraction.scripts)}`,
      );
      console.log(`${variant} build, JS after opening the modal: ${afterModal.totalGzipKb} KB gzip: ${files(afterModal.scripts)}`);
    }
    console.log('largest modules in them (minified):', js.largestModules.map((m) => `${m.name} ${m.kb} KB`).join(', '));
    for (const { path: pagePath } of PAGES) {
      const lh = pages[pagePath].page;
      console.log(`${pagePath} LCP element:`, lh.lcpElement);
      for (const [category, audits] of Object.entries(lh.failing))
        if (audits.length) console.log(`${pagePath} below 100 in ${category}:`, audits.join(', '));
      if (lh.warnings.length) console.log(`${pagePath} Lighthouse warnings:`, lh.warnings.join(' | '));
    }
    console.log(`backend build: ${browserReads} browser requests reached the backend during its runs`);
    console.log(
      `an open page, 10 idle minutes: ${JSON.stringify(refresh.idle)}; the 10 minutes after one edit: ` +
        `${JSON.stringify({ ...refresh.afterEdit, scripts: refresh.afterEdit.scripts.map((s) => `${path.basename(s.src)} ${s.gzipKb} KB (${s.module})`) })}`,
    );
    console.log(
      `figures: artifacts/bench.json (${results.benchSeconds} s; load average ${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end)`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await backend.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
