// Runs `gatsby build` for one variant of the site and keeps a copy of its output. Gatsby always
// writes ./public and ./.cache, which every build on this machine shares, so the build and the
// copy run under the team's lock (/tmp/gatsby.lock) and never two at once.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_SETTINGS } from '../../support/build-settings';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const GATSBY_LOCK = '/tmp/gatsby.lock';

/** The browser tests' builds (tests/e2e/global-setup.ts), one folder per variant. */
export const SITES_DIR = path.join(REPO_ROOT, 'artifacts', 'e2e-sites');

/** The two builds of the backend variant: a first one, then a content-only rebuild (the one served). */
export type BackendBuild = 'backend-first-build' | 'backend-build';

/** Where a backend build leaves its log and the requests it made to the backend. */
export const backendBuildFiles = (name: BackendBuild) => ({
  log: path.join(SITES_DIR, `${name}.log`),
  requests: path.join(SITES_DIR, `${name}-requests.json`),
});

export interface BuildOptions {
  /** Where the finished public/ is copied. */
  outDir: string;
  /** GATSBY_SUPABASE_* and the like; the variables below are removed unless given here. */
  env?: Record<string, string>;
  /** `gatsby clean` first, for a cold build. */
  clean?: boolean;
  /** The build's full output goes here. */
  logFile: string;
  /** false when the caller already holds the lock (see holdGatsbyLock). */
  lock?: boolean;
}

export interface BuildResult {
  /** Wall time of `gatsby build` alone (not the lock wait, clean or copy). */
  buildMs: number;
}

// A variant must not inherit the shell's build settings, nor Jest's NODE_ENV=test (Gatsby's Babel
// preset and React would build for tests).
export const SCRUBBED = [...BUILD_SETTINGS, 'NODE_ENV', 'BABEL_ENV'];

// flock is part of util-linux on every Debian; without it the caller is trusted to run alone.
const hasFlock = () => ['/usr/bin/flock', '/bin/flock'].some((file) => existsSync(file));

/**
 * Holds an flock(1) lock for as long as the caller needs it, e.g. the build lock for a series of
 * builds that must see each other's cache (a cold build, then a warm rebuild): a child `flock`
 * holds it until release() closes the child's stdin, or until this process dies.
 */
export function holdLock(file: string): Promise<{ release(): Promise<void> }> {
  if (!hasFlock()) return Promise.resolve({ release: async () => {} });
  const child = spawn('flock', [file, 'sh', '-c', 'echo locked; cat >/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', () =>
      resolve({
        release: () =>
          new Promise<void>((done) => {
            child.once('close', () => done());
            child.stdin.end();
          }),
      }),
    );
  });
}

export const holdGatsbyLock = () => holdLock(GATSBY_LOCK);

export function buildSite({ outDir, env = {}, clean = false, logFile, lock = true }: BuildOptions): Promise<BuildResult> {
  const gatsby = path.join(REPO_ROOT, 'node_modules', '.bin', 'gatsby');
  const script = [
    'set -u',
    clean ? '"$GATSBY" clean >/dev/null' : ':',
    'start=$(date +%s%N)',
    '"$GATSBY" build',
    'status=$?',
    'echo "__BUILD_MS__ $(( ($(date +%s%N) - start) / 1000000 ))"',
    '[ $status -eq 0 ] || exit $status',
    'rm -rf "$OUT_DIR" && mkdir -p "$(dirname "$OUT_DIR")" && cp -a public "$OUT_DIR"',
  ].join('\n');
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SCRUBBED) delete childEnv[name];
  Object.assign(childEnv, { GATSBY_TELEMETRY_DISABLED: '1', GATSBY_GIT: '', OUT_DIR: outDir, GATSBY: gatsby }, env);

  const [command, args] = lock && hasFlock() ? ['flock', [GATSBY_LOCK, 'sh', '-c', script]] : ['sh', ['-c', script]];

  mkdirSync(path.dirname(logFile), { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      writeFileSync(logFile, output);
      const measured = /__BUILD_MS__ (\d+)/.exec(output);
      if (code !== 0 || !measured) {
        // Gatsby's progress output is full of ANSI cursor codes.
        // eslint-disable-next-line no-control-regex -- matching the escape character is the point: it strips those codes
        const plain = output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\n{2,}/g, '\n');
        const tail = plain.trim().split('\n').slice(-30).join('\n');
        reject(new Error(`gatsby build failed (exit ${code}); full log: ${logFile}\n${tail}`));
        return;
      }
      resolve({ buildMs: Number(measured[1]) });
    });
  });
}
