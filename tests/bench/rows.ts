// The bench's figures as rows, each against its budget (if it has one): what the console table and
// docs/performance.md both show.
import type { BuildTimes } from './builds';
import { BUDGET, CATEGORIES, kb, PAGES, VARIANTS, type PagePath, type Variant } from './config';
import type { FirstLoadJs } from './first-load-js';
import type { JsFetched, ModalTimings, Tap } from './in-browser';
import type { LighthouseFigures } from './lighthouse';
import type { CoverageFigures } from './pictures';
import type { RefreshFigures, TrafficFigures } from './refresh';
import type { TeamInboxFigures } from './team-inbox';

export interface PageFigures {
  js: FirstLoadJs;
  modal: ModalTimings;
  page: LighthouseFigures;
  noScript: LighthouseFigures;
}

export interface BenchResults {
  build: BuildTimes | null;
  fetched: Record<Variant, JsFetched>;
  pages: Record<PagePath, PageFigures>;
  privacyPages: Record<string, Pick<PageFigures, 'js' | 'page'>>;
  backendPage: LighthouseFigures & { browserRequestsToBackend: number };
  coverage: CoverageFigures;
  refresh: RefreshFigures;
  teamInbox: TeamInboxFigures;
}

export interface Row {
  figure: string;
  measured: string;
  budget: string;
  /** 'ok', 'MISS', or '' for a figure with no budget. */
  status: string;
}

const TAPS: Array<[Tap, string]> = [
  ['first-paint', 'tapped right after the first paint'],
  ['settled', 'tapped once settled'],
];

export function figureRows({ build, fetched, pages, privacyPages, backendPage, coverage, refresh, teamInbox }: BenchResults): Row[] {
  const rows: Row[] = [];
  const row = (figure: string, measured: string, budget: string, ok: boolean | null) =>
    rows.push({ figure, measured, budget, status: ok === null ? '' : ok ? 'ok' : 'MISS' });
  for (const { path: pagePath } of PAGES) {
    const { js } = pages[pagePath];
    row(
      `first-load JS of ${pagePath} (gzip)`,
      `${js.totalGzipKb} KB (${js.totalKb} KB raw, ${js.scripts.length} files; +${js.inlineKb} KB inline)`,
      `<= ${BUDGET.firstLoadJsGzipKb} KB`,
      js.totalGzipKb <= BUDGET.firstLoadJsGzipKb,
    );
  }
  for (const variant of VARIANTS) {
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
    for (const [tap, label] of TAPS) {
      const figures = modal[tap];
      const { modalEventMs, modalVisibleMs } = BUDGET;
      row(
        `${pagePath} modal at 4x CPU, ${label}: event`,
        `${figures.eventDurationMs} ms`,
        `<= ${modalEventMs} ms`,
        figures.eventDurationMs <= modalEventMs,
      );
      row(
        `${pagePath} modal at 4x CPU, ${label}: dialog visible`,
        `${figures.dialogVisibleMs} ms`,
        `<= ${modalVisibleMs} ms`,
        figures.dialogVisibleMs <= modalVisibleMs,
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
  for (const [pagePath, { js, page }] of Object.entries(privacyPages)) {
    row(
      `first-load JS of ${pagePath} (gzip)`,
      `${js.totalGzipKb} KB (${js.scripts.length} files)`,
      `<= ${BUDGET.firstLoadJsGzipKb} KB`,
      js.totalGzipKb <= BUDGET.firstLoadJsGzipKb,
    );
    for (const c of CATEGORIES)
      row(`${pagePath} Lighthouse ${c}`, String(page.scores[c]), String(BUDGET.scores[c]), page.scores[c] >= BUDGET.scores[c]);
    row(`${pagePath} CLS`, String(page.cls), String(BUDGET.cls), page.cls <= BUDGET.cls);
  }
  row('backend build: Lighthouse performance', String(backendPage.scores.performance), '100', backendPage.scores.performance >= 100);
  row('backend build: CLS (refresh updating lists)', String(backendPage.cls), String(BUDGET.cls), backendPage.cls <= BUDGET.cls);
  const mb = (value: number) => `${(value / 1024).toFixed(1)} MB`;
  for (const [label, shot] of [
    ['390 px, 2x', coverage.phone],
    ['1440 px', coverage.desktop],
  ] as const) {
    row(
      `coverage pictures at ${label}`,
      `${shot.kb} KB in ${shot.count} (${shot.types.join(', ')}; largest ${shot.largestKb} KB${shot.sameOrigin ? '' : '; NOT all from the site'})`,
      `originals ${mb(coverage.originalsKb)} in ${coverage.originalsCount}`,
      null,
    );
  }
  const traffic = ({ requests, preflights, bodyBytes }: TrafficFigures) =>
    `${requests} requests, ${preflights} preflights, ${kb(bodyBytes)} KB of bodies`;
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
  const inbox = `team inbox, ${teamInbox.rows.toLocaleString('en')} inquiries on PostgreSQL 15`;
  row(
    `${inbox}: its migration over them`,
    `${teamInbox.migrationMs} ms, the table locked; run again ${teamInbox.migrationAgainMs} ms`,
    '',
    null,
  );
  for (const query of teamInbox.queries) {
    row(
      `${inbox}, as a member: ${query.name}`,
      `${query.medianMs} ms${query.scans ? ` (${query.scans.join(', ')})` : ''}`,
      query.budgeted ? `<= ${BUDGET.teamInboxMs} ms` : '',
      query.budgeted ? query.medianMs <= BUDGET.teamInboxMs : null,
    );
  }
  return rows;
}

const COLUMNS = ['figure', 'measured', 'budget', 'status'] as const;

/** The rows as a plain-text table for the console. */
export function textTable(rows: readonly Row[]): string {
  const widths = COLUMNS.map((k) => Math.max(k.length, ...rows.map((r) => r[k].length)));
  const line = (r: Row) => COLUMNS.map((k, i) => r[k].padEnd(widths[i] ?? 0)).join(' | ');
  return [
    line({ figure: 'figure', measured: 'measured', budget: 'budget', status: 'status' }),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}
