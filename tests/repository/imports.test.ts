// The import graph of everything outside tests/ (the site, the plugins, scripts, the Edge Function,
// the config files), as dependency-cruiser resolves it, against the rules in .dependency-cruiser.cjs:
// no circle, nothing outside tests/ importing from tests/, the site's layers pointing one way.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
// Generated or installed, or no code: never a starting point. tests/ is reached through its importers.
const NOT_CRUISED = new Set(['tests', 'node_modules', 'public', '.cache', 'artifacts', 'coverage', '.git', 'static', 'patches']);
const CODE = /\.(c|m)?[jt]sx?$/;
// The repository's last result, reused while no cruised file, the rules or the options changed:
// dependency-cruiser compares every file's content with the one it recorded, and cruises again if any differs.
const CACHE = ['--cache', path.join(ROOT, 'node_modules', '.cache', 'dependency-cruiser'), '--cache-strategy', 'content'];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

/** The violations of the repository's rules among `targets`, cruised from `cwd`, one line each. */
function violations(cwd: string, targets: string[], options: string[] = []): { rule: string; from: string; line: string }[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', ...options, ...targets], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser gave no report (exit ${run.status}): ${run.stderr}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  if (report.summary.totalCruised === 0) throw new Error('dependency-cruiser cruised nothing');
  return report.summary.violations.map(({ from, to, rule, cycle }) => ({
    rule: rule.name,
    from,
    line: `${rule.name}: ${[from, ...(cycle ? cycle.map((step) => step.name) : [to])].join(' → ')}`,
  }));
}

const starts = readdirSync(ROOT).filter((name) =>
  statSync(path.join(ROOT, name)).isDirectory() ? !NOT_CRUISED.has(name) : CODE.test(name),
);

it('finds no import circle, no import of tests/ and no layer pointing up outside tests/', () => {
  expect(starts).toEqual(expect.arrayContaining(['src', 'plugins', 'scripts', 'supabase', 'tools', 'gatsby-config.ts']));
  expect(violations(ROOT, starts, CACHE).map(({ line }) => line)).toEqual([]);
});

// The same rules on a small made-up project with one break of each kind: the check can fail.
it('reports a circle, an import of tests/ and a layer pointing up where there is one', () => {
  const project = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  const files: Record<string, string> = {
    'src/content/model.ts': "import { STATUS } from './status';\nexport const MODEL = STATUS;\n",
    'src/content/status.ts': "import type { MODEL } from './model';\nexport const STATUS: typeof MODEL | 1 = 1;\n",
    'src/lib/refresh.ts': "import { List } from '../components/List';\nexport const refresh = List;\n",
    'src/components/List.tsx': 'export const List = 1;\n',
    'scripts/serve.mjs': "import { helper } from '../tests/support/helper.ts';\nhelper();\n",
    'tests/support/helper.ts': 'export function helper() {}\n',
  };
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      writeFileSync(path.join(project, file), text);
    }
    expect(
      violations(project, ['src', 'scripts'])
        .map(({ line }) => line)
        .sort(),
    ).toEqual([
      'lib-points-down: src/lib/refresh.ts → src/components/List.tsx',
      'no-circular: src/content/model.ts → src/content/status.ts → src/content/model.ts',
      'not-to-tests: scripts/serve.mjs → tests/support/helper.ts',
    ]);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});

// Gatsby's webpack tries `.json` before `.ts` when an import names no extension, while tsc and Jest
// take the module: a data file named like a module beside it would be what the browser loads.
it('has no JSON file named like a module beside it, which webpack would load instead', () => {
  const jsonFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (NOT_CRUISED.has(entry.name)) return [];
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? jsonFiles(file) : entry.name.endsWith('.json') ? [file] : [];
    });
  const shadowing = jsonFiles(ROOT).filter((file) =>
    ['.ts', '.tsx', '.js', '.jsx'].some((extension) => existsSync(file.replace(/\.json$/, extension))),
  );
  expect(shadowing.map((file) => path.relative(ROOT, file))).toEqual([]);
});
