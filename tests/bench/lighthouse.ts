// Lighthouse (mobile defaults, Chromium, median of RUNS runs), each run in a fresh browser.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROME_ARGS, chromePath } from '../e2e/support/browser';
import { CATEGORIES, kb, log, median, OUT, RUNS, type Category } from './config';

/** The parts of a Lighthouse result the bench reads. */
interface Lhr {
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  categories: Partial<Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>>;
  audits: Record<string, { score: number | null; numericValue?: number; displayValue?: string; details?: { items?: unknown[] } }>;
}

interface ObservedMetrics {
  observedFirstContentfulPaint?: number;
  observedLargestContentfulPaint?: number;
}

export interface LighthouseFigures {
  scores: Record<Category, number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  observedFcp: number;
  scriptKbBeforeLcp: number;
  lcpElement: string | null;
  failing: Record<Category, string[]>;
  warnings: string[];
  runs: Array<Omit<LighthouseRun, 'lhr' | 'failing' | 'warnings'>>;
}

type LighthouseRun = ReturnType<typeof figuresOf>;

/** One Lighthouse run in a fresh browser: nothing cached or warmed from the previous one. */
async function lighthouseOnce(url: string, onlyCategories: readonly Category[]): Promise<Lhr> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_ARGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...onlyCategories] });
    if (!result) throw new Error(`Lighthouse on ${url} returned nothing`);
    return result.lhr as unknown as Lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse scales the CPU time it observes into a slow phone's, so the machine must be quiet: the
 * builds just before leave it busy for a while (the load average decays over about a minute), and
 * the first Chromium start reads its files from a cold disk cache. So: wait until the 1-minute
 * load average is below half the CPUs (at most 90 s), then one run whose figures are discarded.
 */
export async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  const quiet = os.cpus().length * 0.5;
  while ((os.loadavg()[0] ?? 0) > quiet && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5000));
  log(`load average ${(os.loadavg()[0] ?? 0).toFixed(1)} before Lighthouse; one warm-up run (discarded)...`);
  await lighthouseOnce(url, ['performance']);
}

function figuresOf(lhr: Lhr) {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const metrics = (lhr.audits.metrics?.details?.items?.[0] ?? {}) as ObservedMetrics;
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as Array<{
    resourceType?: string;
    networkRequestTime: number;
    transferSize?: number;
  }>;
  const lcpItem = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0] as
    { items?: Array<{ node?: { snippet?: string } }> } | undefined;
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>,
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    // Unthrottled, as the trace saw it: Lighthouse's simulation makes LCP depend on whatever
    // ran before the observed paint, so a first paint after the scripts costs their download.
    observedFcp: metrics.observedFirstContentfulPaint ?? NaN,
    // Lantern's pessimistic LCP graph holds every request started before the observed LCP,
    // so scripts requested that early count against LCP even when they run after the paint.
    scriptKbBeforeLcp: kb(
      requests
        .filter((r) => r.resourceType === 'Script' && r.networkRequestTime < (metrics.observedLargestContentfulPaint ?? 0))
        .reduce((n, r) => n + (r.transferSize ?? 0), 0),
    ),
    lcpElement: lcpItem?.items?.[0]?.node?.snippet ?? null,
    // What keeps a category below 100, for finding the cause of a miss.
    failing: Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => {
            const score = lhr.audits[ref.id]?.score;
            return ref.weight > 0 && score !== null && score !== undefined && score < 1;
          })
          .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
      ]),
    ) as Record<Category, string[]>,
    warnings: lhr.runWarnings,
    lhr,
  };
}

export interface AccessibilityFigures {
  score: number;
  /** The audits that keep it below 100. */
  failing: string[];
}

/** Lighthouse's accessibility alone, one run: its audits read the page as built, not timed. */
export async function accessibilityOf(url: string): Promise<AccessibilityFigures> {
  const lhr = await lighthouseOnce(url, ['accessibility']);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const { scores, failing } = figuresOf(lhr);
  return { score: scores.accessibility, failing: failing.accessibility };
}

export async function lighthouseRuns(url: string, label: string): Promise<LighthouseFigures> {
  const runs: LighthouseRun[] = [];
  let retries = 2;
  while (runs.length < RUNS) {
    const i = runs.length;
    const lhr = await lighthouseOnce(url, CATEGORIES);
    // Lighthouse occasionally fails to record a trace (NO_NAVSTART) or its trace engine fails and
    // leaves the metrics empty: such a run measured nothing, so it is repeated, not averaged in.
    const failure = lhr.runtimeError ? lhr.runtimeError.code : lhr.categories.performance?.score == null ? 'no performance score' : null;
    if (failure) {
      if (retries === 0) throw new Error(`Lighthouse on ${url} failed repeatedly: ${failure} ${lhr.runtimeError?.message ?? ''}`);
      retries -= 1;
      log(`  ${label} run ${i + 1}: ${failure}, repeating`);
      continue;
    }
    const run = figuresOf(lhr);
    runs.push(run);
    log(
      `  ${label} run ${i + 1}: perf ${run.scores.performance}, LCP ${Math.round(run.lcp)} ms, TBT ${Math.round(run.tbt)} ms, CLS ${run.cls}`,
    );
  }
  // Lighthouse's own advice: report the run with the median performance score (then LCP) in full.
  const byPerf = [...runs].sort((a, b) => a.scores.performance - b.scores.performance || a.lcp - b.lcp);
  const medianRun = byPerf[Math.floor(byPerf.length / 2)]!;
  writeFileSync(path.join(OUT, `lighthouse-${label}.json`), JSON.stringify(medianRun.lhr));
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<Category, number>,
    lcp: median(runs.map((r) => r.lcp)),
    fcp: median(runs.map((r) => r.fcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    observedFcp: median(runs.map((r) => r.observedFcp)),
    scriptKbBeforeLcp: median(runs.map((r) => r.scriptKbBeforeLcp)),
    lcpElement: medianRun.lcpElement,
    failing: medianRun.failing,
    warnings: medianRun.warnings,
    runs: runs.map(({ lhr: _lhr, failing: _failing, warnings: _warnings, ...figures }) => figures),
  };
}
