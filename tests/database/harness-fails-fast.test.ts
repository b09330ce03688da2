// When the PostgreSQL 15 + pg_cron setup fails, the suites that need it fail with the reason and Jest
// exits; it must never wait forever on a server that did start (here the local backend, started
// beside the cluster). Proven by running one such suite in a Jest of its own, against a PostgreSQL
// whose initdb fails, and only after the backend is up (the order in which `npm test` used to hang).
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../support/database';

const JEST = path.join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const SUITE = 'tests/database/inquiry-sweep-job.test.ts';
const REASON = 'initdb: could not create directory "data": No space left on device';
// Longer than the local backend takes to start, so it is up when the cluster fails.
const FAIL_AFTER_S = 20;
// What a hanging run would be given before the test gives up on it.
const PATIENCE_MS = 150_000;

let bindir: string;

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'broken-pg-'));
  bindir = path.join(root, 'bin');
  await mkdir(bindir);
  await mkdir(path.join(root, 'lib'));
  // The server binaries run as the `postgres` user where the tests run as root.
  await chmod(root, 0o755);
  const script = `#!/bin/sh\nsleep ${FAIL_AFTER_S}\necho '${REASON}' >&2\nexit 1\n`;
  for (const binary of ['initdb', 'pg_ctl']) await writeFile(path.join(bindir, binary), script, { mode: 0o755 });
  await writeFile(path.join(root, 'lib', 'pg_cron.so'), '');
});

afterAll(() => rm(path.dirname(bindir), { recursive: true, force: true }));

test(
  'a suite whose PostgreSQL does not start fails with the reason, and Jest exits',
  async () => {
    const started = Date.now();
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        // Only the node project, which the suite belongs to: the page's jsdom project has no part in it.
        [JEST, '--ci', SUITE, '--selectProjects', 'node'],
        { cwd: REPO_ROOT, env: { ...process.env, CI: 'true', PG_BINDIR: bindir }, timeout: PATIENCE_MS },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, output: stdout + stderr }),
      );
    });
    expect(Date.now() - started).toBeLessThan(PATIENCE_MS);
    expect(code).toBe(1);
    expect(output).toContain(`Could not start a PostgreSQL test cluster from ${bindir}: ${REASON}`);
    expect(output).not.toContain('Jest did not exit');
  },
  PATIENCE_MS + 10_000,
);
