// Runs a group of test suites (Jest, Deno) and ends with one plain line that CI can read:
//   tests: N passed, N failed[, N skipped]
// Usage: tsx scripts/test.ts [unit|e2e] [path…] [Jest option…]
// With paths, each runs in its own runner only: a file under tests/functions/ in Deno, any other in Jest.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const REPO_ROOT = path.join(__dirname, '..');
const DENO_TESTS = path.join(REPO_ROOT, 'tests', 'functions');
const DENO_CONFIG = 'supabase/functions/inquiry-notif-resend/deno.json';
/** Snapshots nobody made for this long are removed; a missing one is made again in seconds. */
const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

interface Result {
  name: string;
  status: number;
  passed: number;
  failed: number;
  skipped: number;
}

type Step = () => Promise<Result>;

/**
 * The PGlite snapshots the suites share (gatsby-source-supabase-content/embedded-db,
 * OpenOptions.snapshotDir), kept between runs in a folder named for the installed PGlite, whose
 * data format they hold; a snapshot is named for the files it ran, so a changed migration makes a new one.
 */
function pgliteSnapshotDir(): string {
  const pglite = path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  const { version } = JSON.parse(readFileSync(pglite, 'utf8')) as { version: string };
  const cache = path.join(REPO_ROOT, 'node_modules', '.cache', 'pglite-snapshots');
  const folder = path.join(cache, version);
  mkdirSync(folder, { recursive: true });
  for (const name of readdirSync(cache)) if (name !== version) rmSync(path.join(cache, name), { recursive: true, force: true });
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    if (Date.now() - statSync(file).mtimeMs > SNAPSHOT_MAX_AGE_MS) rmSync(file, { force: true });
  }
  return folder;
}

/**
 * Runs a command to its end. With `quiet`, its output is held and printed in one piece when it
 * ends, so that a runner started beside Jest does not interleave its lines with Jest's.
 */
function run(command: string, args: string[], { quiet = false, env = process.env } = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    const output: Buffer[] = [];
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${command}: ${error.message}\n`)));
    child.on('close', (code) => {
      if (quiet) process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { status: string; assertionResults: unknown[] }[];
}

/**
 * V8's baseline WebAssembly compiler only, for the unit group's runners: the optimizing one compiled
 * PGlite's hot functions again in every Jest worker and in Deno, for databases that live seconds.
 * Without it a quiet run took 6-8 more core-seconds (of about 90), and Deno's tests 3.3 instead of 2.
 */
const BASELINE_WASM = '--liftoff-only';

function jest(work: string, args: string[], nodeFlags: string[] = []): Step {
  return async () => {
    const out = path.join(work, 'jest.json');
    const bin = path.join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    // --forceExit: a handle a failed test left open (a server, a socket) must not hold the run past
    // its report; CI's time is counted, and Jest alone would wait for it for ever.
    const status = await run(process.execPath, [...nodeFlags, bin, ...args, '--forceExit', '--json', `--outputFile=${out}`]);
    if (!existsSync(out)) return { name: 'jest', status, passed: 0, failed: 1, skipped: 0 };
    const report = JSON.parse(readFileSync(out, 'utf8')) as JestReport | string[];
    // --listTests writes the list of files instead of a report.
    if (Array.isArray(report)) return { name: 'jest', status, passed: 0, failed: 0, skipped: 0 };
    // A suite that fails to load has no test results; count it as a failure rather than lose it.
    const brokenSuites = report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0).length;
    return {
      name: 'jest',
      status,
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenSuites,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  };
}

/** The Deno test files a path names: itself, or those in its folder. */
const denoTestFiles = (target: string) =>
  statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((name) => name.endsWith('_test.ts'))
        .map((name) => path.resolve(target, name))
    : [path.resolve(target)];

/**
 * The Deno files run as one module that imports them all: Deno gives every test file an isolate of
 * its own, which loads the function's modules and opens a database again (about 6 of 10 core-s).
 */
function deno(work: string, paths: string[]): Step {
  return async () => {
    const out = path.join(work, 'deno.xml');
    const entry = path.join(work, 'deno_test.ts');
    const files = paths.flatMap(denoTestFiles);
    writeFileSync(entry, files.map((file) => `import ${JSON.stringify(pathToFileURL(file).href)};\n`).join(''));
    const args = [
      'test',
      `--v8-flags=${BASELINE_WASM}`,
      '-A',
      '--no-check',
      '--config',
      DENO_CONFIG,
      '--reporter=dot',
      `--junit-path=${out}`,
      entry,
    ];
    // Deno fetches the function's npm imports from the registry npm is configured with.
    const registry = process.env.npm_config_registry || process.env.NPM_CONFIG_REGISTRY;
    const env = registry ? { ...process.env, NPM_CONFIG_REGISTRY: registry } : process.env;
    const status = await run('deno', args, { quiet: true, env });
    if (!existsSync(out)) return { name: 'deno', status, passed: 0, failed: 1, skipped: 0 };
    const xml = readFileSync(out, 'utf8');
    const count = (tag: string) => (xml.match(new RegExp(`<${tag}\\b`, 'g')) ?? []).length;
    const failed = count('failure');
    const skipped = count('skipped');
    return { name: 'deno', status, passed: count('testcase') - failed - skipped, failed, skipped };
  };
}

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** A test path given on the command line: an existing file or folder of the repository. */
const isTestPath = (arg: string) => !arg.startsWith('-') && existsSync(arg) && isInside(path.resolve(arg), REPO_ROOT);

/** The repository's files that imports like `from './x.ts'` or `import('../y.ts')` name in `file`. */
function localImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(([, specifier]) => specifier);
  return specifiers.filter((specifier) => specifier !== undefined).map((specifier) => path.resolve(path.dirname(file), specifier));
}

/**
 * With Jest's `-o` (`--onlyChanged`): the Deno test files that the uncommitted change touches, in
 * themselves or in anything they import from the repository, as Jest picks its own suites.
 */
function changedDenoTests(): string[] {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  const changed = new Set(
    [...git('diff', '--name-only', '-z', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard', '-z')].map((file) =>
      path.join(REPO_ROOT, file),
    ),
  );
  const touches = (test: string) => {
    const seen = new Set<string>();
    const queue = [test];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file) || !existsSync(file)) continue;
      if (changed.has(file)) return true;
      seen.add(file);
      queue.push(...localImports(file));
    }
    return false;
  };
  return denoTestFiles(DENO_TESTS).filter(touches);
}

const ONLY_CHANGED = ['-o', '--onlyChanged'];

/**
 * The unit group: Jest and Deno side by side, or with paths only the runner each belongs to. The
 * other arguments go to Jest in their order, so that an option keeps its value.
 */
function unitSteps(work: string, args: string[]): Step[] {
  const paths = args.filter(isTestPath);
  if (paths.length === 0) {
    const denoPaths = args.some((arg) => ONLY_CHANGED.includes(arg)) ? changedDenoTests() : [DENO_TESTS];
    return [jest(work, args, [BASELINE_WASM]), ...(denoPaths.length > 0 ? [deno(work, denoPaths)] : [])];
  }
  const forDeno = (arg: string) => isInside(path.resolve(arg), DENO_TESTS) || isInside(DENO_TESTS, path.resolve(arg));
  const forJest = (arg: string) => !isInside(path.resolve(arg), DENO_TESTS);
  const denoPaths = paths.filter(forDeno).map((arg) => (isInside(DENO_TESTS, path.resolve(arg)) ? DENO_TESTS : arg));
  const jestArgs = args.filter((arg) => !isTestPath(arg) || forJest(arg));
  return [
    ...(paths.some(forJest) ? [jest(work, jestArgs, [BASELINE_WASM])] : []),
    ...(denoPaths.length > 0 ? [deno(work, denoPaths)] : []),
  ];
}

/** Runs the steps side by side (Jest's slow suites mostly wait, and Deno's run fits in that time) and sums them up. */
async function main(work: string, steps: Step[]): Promise<void> {
  const results = await Promise.all(steps.map((step) => step()));
  rmSync(work, { recursive: true, force: true });
  const sum = (key: 'passed' | 'failed' | 'skipped') => results.reduce((n, result) => n + result[key], 0);
  for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped (exit ${r.status})`);
  // A runner that exits non-zero without a failed test (crash, bad config) still fails the run.
  const failed = sum('failed') + results.filter((result) => result.status !== 0 && result.failed === 0).length;
  const skipped = sum('skipped');
  console.log(`tests: ${sum('passed')} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed > 0 ? 1 : 0);
}

const [group = 'unit', ...args] = process.argv.slice(2);
const work = mkdtempSync(path.join(tmpdir(), 'site-tests-'));
process.env.PGLITE_SNAPSHOT_DIR = pgliteSnapshotDir();
// Node keeps the compiled code of the modules it loads here, for every process the run starts: Jest's
// workers, Gatsby's builds and workers, the CLIs the tests spawn. A Jest start took 10-20% less CPU.
process.env.NODE_COMPILE_CACHE ??= path.join(REPO_ROOT, 'node_modules', '.cache', 'node-compile-cache');
const groups: Record<string, () => Step[]> = {
  unit: () => unitSteps(work, args),
  e2e: () => [jest(work, ['--config', 'tests/e2e/jest.config.js', '--runInBand', ...args])],
};
const steps = groups[group]?.();
if (!steps) {
  console.error(`unknown test group "${group}" (expected: ${Object.keys(groups).join(', ')})`);
  process.exit(2);
}
void main(work, steps);
