// npm run bench — a benchmark, not a test: measures the figures docs/architecture.md budgets, prints
// them against the budgets, writes everything to artifacts/bench.json and the table to
// docs/performance.md.
//   1. build times (builds.ts);
//   2. JavaScript: first-load JavaScript of / and /id/ on the default (embedded) build
//      (first-load-js.ts); in the browser, every script a visit fetches without interaction and
//      after opening the modal, on the default and the backend build; the modal's answer to a tap
//      at 4x CPU on both pages (in-browser.ts);
//   3. Lighthouse on both pages of the default build, on a copy of them with every script removed
//      (for the LCP ratio), on its two privacy pages (with their first-load JavaScript), and on the
//      backend build while the backend's content differs from the build, so the refresh updates
//      lists during the run (lighthouse.ts);
//   4. the coverage pictures of the backend build (pictures.ts);
//   5. what an open page of the backend build costs the backend (refresh.ts);
//   6. the team's inbox on PostgreSQL 15 with 50,000 inquiries: its migration over them and the
//      page's queries as a team member (team-inbox.ts).
// The figures are measured, never asserted: the command fails only if it cannot measure. It lives
// beside the browser tests because it builds, serves and opens the same variants with their harness
// and fixtures (tests/e2e/support).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalBackend } from 'local-supabase';
import { startStaticServer, type StaticServer } from 'static-host';
import { applyBackendContent } from '../e2e/support/backend-content';
import { chromePath } from '../e2e/support/browser';
import { REPO_ROOT } from '../e2e/support/site-build';
import { builds } from './builds';
import { BUDGET, log, OUT, PAGES, PRIVACY_PAGES, RUNS, type PagePath } from './config';
import { firstLoadJs } from './first-load-js';
import { jsFetched, modalTimings, withoutScripts } from './in-browser';
import { lighthouseRuns, settle } from './lighthouse';
import { writePerformanceDoc } from './performance-doc';
import { pictures } from './pictures';
import { refreshTraffic } from './refresh';
import { figureRows, textTable, type BenchResults, type PageFigures } from './rows';
import { printDetails } from './summary';
import { teamInbox } from './team-inbox';

const loadAverage = () => os.loadavg()[0] ?? 0;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const started = Date.now();
  // Lighthouse simulates a slow phone from the CPU time it observes: other work on the machine
  // (a build, a test run) inflates TBT and LCP. Say so rather than report noise as figures.
  const loadAtStart = loadAverage();
  if (loadAtStart > os.cpus().length * 0.5) {
    log(`warning: load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} CPUs; Lighthouse figures will be noisy`);
  }
  // BENCH_SKIP_BUILD=1 measures the last bench's builds again (for iterating on the page only). The
  // backend build has its backend's address baked in, so the backend takes the port it had then.
  const skipBuild = process.env.BENCH_SKIP_BUILD === '1';
  const portFile = path.join(OUT, 'backend-port.json');
  const backend = await startLocalBackend(skipBuild ? { port: (JSON.parse(readFileSync(portFile, 'utf8')) as { port: number }).port } : {});
  const servers: StaticServer[] = [];
  try {
    // First, on a quiet machine: a database of its own, nothing of the site's.
    const inbox = await teamInbox();
    await applyBackendContent(backend);
    const build = skipBuild ? null : await builds(backend);
    if (!skipBuild) writeFileSync(portFile, JSON.stringify({ port: backend.port }));

    const pages = Object.fromEntries(
      PAGES.map(({ path: pagePath }) => [pagePath, { js: firstLoadJs(path.join(OUT, 'embedded'), pagePath) }]),
    ) as Record<PagePath, Partial<PageFigures>>;
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
    const privacyPages: BenchResults['privacyPages'] = {};
    for (const pagePath of PRIVACY_PAGES) {
      log(`Lighthouse on ${pagePath} of the default build...`);
      const figures = await lighthouseRuns(`${page.url}${pagePath}`, `privacy-${pagePath.split('/').join('')}`);
      privacyPages[pagePath] = { js: firstLoadJs(path.join(OUT, 'embedded'), pagePath), page: figures };
    }
    // The backend now differs from the build, so a refresh that re-reads the lists has work to do.
    await backend.sql(`update timeline set title = title || ' (edited)' where id = '20000000-0000-4000-8000-000000000004'`);
    log('Lighthouse on the backend build (backend content changed since the build)...');
    const backendLh = await lighthouseRuns(`${backendSite.url}/`, 'backend');
    const browserReads = backend.requests.filter((r) => r.headers.origin).length;

    const measured: BenchResults = {
      build,
      fetched,
      pages: pages as Record<PagePath, PageFigures>,
      privacyPages,
      backendPage: { ...backendLh, browserRequestsToBackend: browserReads },
      coverage,
      refresh,
      teamInbox: inbox,
    };
    const measuredAt = new Date().toISOString();
    const benchSeconds = Math.round((Date.now() - started) / 1000);
    const results = {
      measuredAt,
      machine: { cpus: os.cpus().length, loadAverageAtStart: loadAtStart, node: process.version, chromium: chromePath() },
      runs: RUNS,
      budgets: BUDGET,
      ...measured,
      benchSeconds,
    };
    writeFileSync(path.join(REPO_ROOT, 'artifacts', 'bench.json'), JSON.stringify(results, null, 2));
    const rows = figureRows(measured);
    writePerformanceDoc(rows, { measuredAt, loadAverageAtStart: loadAtStart, benchSeconds });

    console.log('');
    console.log(textTable(rows));
    console.log('');
    printDetails(measured);
    console.log(
      `figures: artifacts/bench.json and docs/performance.md (${benchSeconds} s; load average ${loadAtStart.toFixed(1)} at start, ${loadAverage().toFixed(1)} at end)`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await backend.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
