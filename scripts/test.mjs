#!/usr/bin/env node
// Runs a group of test suites (Jest, Deno) and ends with one plain line that CI can read:
//   tests: N passed, N failed[, N skipped]
// Usage: node scripts/test.mjs [unit|e2e] [extra Jest args…]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [group = 'unit', ...extra] = process.argv.slice(2);
const work = mkdtempSync(path.join(tmpdir(), 'site-tests-'));

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

function jest(configArgs) {
  return () => {
    const out = path.join(work, 'jest.json');
    const status = run('npx', ['jest', ...configArgs, '--json', `--outputFile=${out}`, ...extra]);
    if (!existsSync(out)) return { name: 'jest', status, passed: 0, failed: 1, skipped: 0 };
    const r = JSON.parse(readFileSync(out, 'utf8'));
    // A suite that fails to load has no test results; count it as a failure rather than lose it.
    const brokenSuites = r.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
    return {
      name: 'jest',
      status,
      passed: r.numPassedTests,
      failed: r.numFailedTests + brokenSuites,
      skipped: r.numPendingTests + r.numTodoTests,
    };
  };
}

function deno() {
  const out = path.join(work, 'deno.xml');
  const status = run('npm', ['run', '--silent', 'test:deno', '--', '--reporter=dot', `--junit-path=${out}`]);
  if (!existsSync(out)) return { name: 'deno', status, passed: 0, failed: 1, skipped: 0 };
  const xml = readFileSync(out, 'utf8');
  const cases = (xml.match(/<testcase\b/g) || []).length;
  const failed = (xml.match(/<failure\b/g) || []).length;
  const skipped = (xml.match(/<skipped\b/g) || []).length;
  return { name: 'deno', status, passed: cases - failed - skipped, failed, skipped };
}

const groups = {
  unit: [jest([]), deno],
  e2e: [jest(['--config', 'tests/e2e/jest.config.js', '--runInBand'])],
};
const steps = groups[group];
if (!steps) {
  console.error(`unknown test group "${group}" (expected: ${Object.keys(groups).join(', ')})`);
  process.exit(2);
}

const results = steps.map((step) => step());
rmSync(work, { recursive: true, force: true });
const sum = (key) => results.reduce((n, r) => n + r[key], 0);
const failedSteps = results.filter((r) => r.status !== 0 && r.failed === 0);
for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped (exit ${r.status})`);
// A runner that exits non-zero without a failed test (crash, bad config) still fails the run.
const failed = sum('failed') + failedSteps.length;
const skipped = sum('skipped');
console.log(`tests: ${sum('passed')} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
