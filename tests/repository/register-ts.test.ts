// scripts/register-ts.cjs lets `npm run backend`, `npm run serve` and the site's bench require
// TypeScript. What it compiled is kept on disk: a later start must run the same
// code without loading Babel, and an edited file must be compiled again, never served stale.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HOOK = path.join(__dirname, '..', '..', 'scripts', 'register-ts.cjs');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'register-ts-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Requires `file` in a new Node process with the hook: what it exports, and whether Babel was loaded. */
async function load(file: string): Promise<{ value: unknown; babelLoaded: boolean }> {
  const script = `
    const { value } = require(${JSON.stringify(file)});
    const babelLoaded = Object.keys(require.cache).some((key) => key.includes('/node_modules/@babel/core/lib/'));
    console.log(JSON.stringify({ value, babelLoaded }));`;
  const { stdout } = await run(process.execPath, ['--require', HOOK, '-e', script], {
    env: { ...process.env, REGISTER_TS_CACHE: path.join(dir, 'cache') },
  });
  return JSON.parse(stdout) as { value: unknown; babelLoaded: boolean };
}

test('compiles a TypeScript file once, then runs it from the cache without Babel; an edit is compiled again', async () => {
  const file = path.join(dir, 'value.ts');
  await writeFile(file, 'const answer: number = 41;\nexport const value = answer + 1;\n');
  await expect(load(file)).resolves.toEqual({ value: 42, babelLoaded: true });
  await expect(load(file)).resolves.toEqual({ value: 42, babelLoaded: false });
  // One compiled file, and no half-written one left beside it.
  await expect(readdir(path.join(dir, 'cache'))).resolves.toEqual([expect.stringMatching(/^[0-9a-f]{64}\.js$/)]);

  await writeFile(file, "export const value: string = 'edited';\n");
  await expect(load(file)).resolves.toEqual({ value: 'edited', babelLoaded: true });
  await expect(load(file)).resolves.toEqual({ value: 'edited', babelLoaded: false });
});
