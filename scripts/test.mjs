#!/usr/bin/env node
// Runs a group of test suites (Jest, Deno) and ends with one plain line that CI can read:
//   tests: N passed, N failed[, N skipped]
// Usage: node scripts/test.mjs [unit|e2e] [extra Jest args…]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const [group = 'unit', ...extra] = process.argv.slice(2);
const work = mkdtempSync(path.join(tmpdir(), 'site-tests-'));
// The suites open dozens of PGlite databases from the same files: the first one saves a snapshot
// here, the rest load it (gatsby-source-supabase-content/embedded-db, OpenOptions.snapshotDir).
// The folder lives for this run only, so it never outlives the installed PGlite or the migrations.
process.env.PGLITE_SNAPSHOT_DIR = path.join(work, 'pglite-snapshots');

/**
 * Runs a command to its end. With `quiet`, its output is held and printed in one piece when it
 * ends, so that a runner started beside Jest does not interleave its lines with Jest's.
 */
function run(cmd, args, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const output = [];
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${cmd}: ${error.message}\n`)));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

function jest(configArgs) {
  return async () => {
    const out = path.join(work, 'jest.json');
    const status = await run('npx', ['jest', ...configArgs, '--json', `--outputFile=${out}`, ...extra]);
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

async function deno() {
  const out = path.join(work, 'deno.xml');
  const status = await run('npm', ['run', '--silent', 'test:deno', '--', '--reporter=dot', `--junit-path=${out}`], { quiet: true });
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

// Side by side: Jest's slow suites mostly wait, and Deno's run fits in that time.
const results = await Promise.all(steps.map((step) => step()));
rmSync(work, { recursive: true, force: true });
const sum = (key) => results.reduce((n, r) => n + r[key], 0);
const failedSteps = results.filter((r) => r.status !== 0 && r.failed === 0);
for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped (exit ${r.status})`);
// A runner that exits non-zero without a failed test (crash, bad config) still fails the run.
const failed = sum('failed') + failedSteps.length;
const skipped = sum('skipped');
console.log(`tests: ${sum('passed')} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
