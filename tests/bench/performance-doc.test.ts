// docs/performance.md is written by `npm run bench`, never by hand: it names the commit and the
// machine the figures come from, and holds each figure against its budget, a miss marked as such.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { performanceDoc } from './performance-doc';
import type { Row } from './rows';

const ROWS: Row[] = [
  { figure: 'first-load JS of / (gzip)', measured: '80.1 KB', budget: '<= 95 KB', status: 'ok' },
  { figure: '/ Lighthouse performance', measured: '97', budget: '100', status: 'MISS' },
  { figure: 'a | in a figure', measured: '1 ms', budget: '', status: '' },
];
const MEASUREMENT = { measuredAt: '2026-11-26T20:00:00.000Z', loadAverageAtStart: 0.4, benchSeconds: 812 };

test('names the commit, the date and the machine, and holds each figure against its budget', () => {
  const doc = performanceDoc(ROWS, MEASUREMENT);
  const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
  expect(doc).toContain(`- Commit: ${head} (`);
  expect(doc).toContain('- Date: 2026-11-26T20:00:00.000Z');
  expect(doc).toContain(`- Machine: ${os.cpus().length} CPU cores (`);
  expect(doc).toContain('- Result: 1 figure over budget (MISS)');
  expect(doc.split('\n')).toEqual(
    expect.arrayContaining([
      '| first-load JS of / (gzip) | 80.1 KB | <= 95 KB | ok |',
      '| / Lighthouse performance | 97 | 100 | MISS |',
      '| a \\| in a figure | 1 ms |  |  |',
    ]),
  );
});

test('says so when every figure is within its budget', () => {
  expect(performanceDoc(ROWS.slice(0, 1), MEASUREMENT)).toContain('- Result: every figure within its budget');
});
