// docs/performance.md, written by the bench from what it just measured, so that the figures the
// docs give are never typed by hand: the commit, the machine, the date and each figure against its
// budget.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../e2e/support/site-build';
import { RUNS } from './config';
import type { Row } from './rows';

export const PERFORMANCE_DOC = path.join(REPO_ROOT, 'docs', 'performance.md');

export interface Measurement {
  measuredAt: string;
  loadAverageAtStart: number;
  benchSeconds: number;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

/** The commit measured, and whether the tree held changes beyond it (the document itself aside). */
function commit(): string {
  const changed = git('status', '--porcelain')
    .split('\n')
    .filter((line) => line && !line.endsWith('docs/performance.md'));
  return `${git('rev-parse', '--short=12', 'HEAD')} (${git('log', '-1', '--format=%s').slice(0, 80)})${changed.length ? ', with uncommitted changes' : ''}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function performanceDoc(rows: readonly Row[], { measuredAt, loadAverageAtStart, benchSeconds }: Measurement): string {
  const cpus = os.cpus();
  const misses = rows.filter((row) => row.status === 'MISS').length;
  return [
    '# Performance',
    '',
    'Written by `npm run bench` (tests/bench) from the figures it has just measured; never edit it by hand, run the',
    'bench again. The budgets are those of [architecture.md](architecture.md) ("Performance budgets"); the raw',
    'figures of the last run are in `artifacts/bench.json`.',
    '',
    `- Commit: ${commit()}`,
    `- Date: ${measuredAt}`,
    `- Machine: ${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? 'unknown'}), load average ${loadAverageAtStart.toFixed(1)} at the start; Node ${process.version}`,
    `- Browser figures: the median of ${RUNS} runs each; the whole bench took ${benchSeconds} s`,
    `- Result: ${misses === 0 ? 'every figure within its budget' : `${misses} figure${misses === 1 ? '' : 's'} over budget (MISS)`}`,
    '',
    '| Figure | Measured | Budget | Status |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => `| ${cell(row.figure)} | ${cell(row.measured)} | ${cell(row.budget)} | ${row.status} |`),
    '',
  ].join('\n');
}

export function writePerformanceDoc(rows: readonly Row[], measurement: Measurement): void {
  writeFileSync(PERFORMANCE_DOC, performanceDoc(rows, measurement));
}
