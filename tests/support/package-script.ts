// One of package.json's scripts as a command line to run without npm: npm adds about half a second
// of its own start to each run, and does not pass SIGTERM on to the script. The scripts in question
// are plain `node …` lines or an installed command (`tsx`, `supabase`), found in node_modules/.bin as npm finds it; a test
// that is about the npm command itself runs it through npm.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './database';

export function scriptCommand(name: string): [program: string, ...args: string[]] {
  const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const script = scripts[name];
  if (!script) throw new Error(`package.json has no "${name}" script`);
  const [program = '', ...args] = script.split(' ');
  const installed = path.join(REPO_ROOT, 'node_modules', '.bin', program);
  return [existsSync(installed) ? installed : program, ...args];
}
