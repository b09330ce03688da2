// `gatsby develop` run as a developer or an editor's preview runs it, for tests that need the real
// development server. It writes ./.cache and ./public like a build, so the caller holds the build
// lock (holdGatsbyLock) for as long as it runs. Gatsby forks a develop process and workers: the
// server gets a process group of its own, and stop() signals the whole group.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { freePort } from 'local-supabase';
import { REPO_ROOT, SCRUBBED } from './site-build';

export interface DevelopOptions {
  /** GATSBY_SUPABASE_*, ENABLE_GATSBY_REFRESH_ENDPOINT and the like; SCRUBBED variables are removed unless given here. */
  env?: Record<string, string>;
  /** Picked free when not given; a caller that must name the URL before the start picks it. */
  port?: number;
}

export interface DevelopServer {
  url: string;
  port: number;
  /** Everything Gatsby printed so far, without its ANSI codes. */
  output(): string;
  /** How the process ended, or null while it runs. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The last lines of the output, for failure messages. */
  tail(lines?: number): string;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 10_000;
// Develop empties ./public when it starts. Whatever build was there (after the browser tests' setup,
// the default one, as after `npm run build`) waits here and is put back when the server stops.
const PUBLIC_DIR = path.join(REPO_ROOT, 'public');
const KEPT_PUBLIC_DIR = path.join(REPO_ROOT, 'artifacts', 'public-before-develop');

function keepPublic(): () => void {
  rmSync(KEPT_PUBLIC_DIR, { recursive: true, force: true });
  if (!existsSync(PUBLIC_DIR)) return () => {};
  mkdirSync(path.dirname(KEPT_PUBLIC_DIR), { recursive: true });
  renameSync(PUBLIC_DIR, KEPT_PUBLIC_DIR);
  return () => {
    rmSync(PUBLIC_DIR, { recursive: true, force: true });
    renameSync(KEPT_PUBLIC_DIR, PUBLIC_DIR);
  };
}

export async function startDevelop({ env = {}, port }: DevelopOptions = {}): Promise<DevelopServer> {
  const chosen = port ?? (await freePort());
  const gatsby = path.join(REPO_ROOT, 'node_modules', '.bin', 'gatsby');
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SCRUBBED) delete childEnv[name];
  Object.assign(childEnv, { GATSBY_TELEMETRY_DISABLED: '1', NO_COLOR: '1' }, env);

  const restorePublic = keepPublic();
  const child = spawn(gatsby, ['develop', '--host', '127.0.0.1', '--port', String(chosen)], {
    cwd: REPO_ROOT,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let raw = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const collect = (chunk: Buffer) => (raw += chunk.toString('utf8'));
  // Gatsby's progress output is full of ANSI cursor codes, even with NO_COLOR.
  const output = () => stripVTControlCharacters(raw);
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  }).catch((error: unknown) => {
    restorePublic();
    throw error;
  });

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ESRCH') throw error;
    }
  };

  return {
    url: `http://127.0.0.1:${chosen}`,
    port: chosen,
    output,
    exit: () => exit,
    tail: (lines = 40) =>
      output()
        .replace(/\n{2,}/g, '\n')
        .trim()
        .split('\n')
        .slice(-lines)
        .join('\n'),
    async stop() {
      signalGroup('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
      // Workers that outlive Gatsby's own shutdown would keep ./.cache busy after the lock is released.
      signalGroup('SIGKILL');
      await exited;
      restorePublic();
    },
  };
}
