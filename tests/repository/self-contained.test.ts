// The repository explains itself: README and docs/ are all a newcomer gets, so nothing in the
// repository may send a reader to notes that live outside it (the team's own planning folder),
// and every link in the documentation must lead to a file that exists.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const SKIPPED = new Set(['node_modules', '.cache', 'public', 'artifacts', '.git', 'patches']);
const TEXT = /\.(md|ts|tsx|js|cjs|mjs|json|toml|sql|css|sh|yml|yaml)$|^\.ci$|^run$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (SKIPPED.has(name)) return [];
    if (statSync(full).isDirectory()) return files(full);
    return TEXT.test(name) && name !== 'package-lock.json' ? [full] : [];
  });
}

const ours = files(ROOT).filter((file) => file !== __filename);
const docs = ours.filter((file) => file.endsWith('.md'));

// The outside folder's path, and the names of the two documents kept there.
const OUTSIDE = [/\.\.\/shared\//, /\bDESIGN\.md\b/, /landing-page-spec/];

it('reads a sensible number of files (the walk itself works)', () => {
  expect(ours.length).toBeGreaterThan(100);
  expect(docs.map((file) => path.relative(ROOT, file))).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
});

it('points nowhere outside the repository', () => {
  const found = ours.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        OUTSIDE.some((pattern) => pattern.test(line)) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found).toEqual([]);
});

// The folders of the repository: a path in backticks that starts with one of them names a file or
// folder a reader will look for. The READMEs of packages (plugins, tools) name their files from the
// package's own folder.
const REPOSITORY_PATH = /`((?:src|docs|supabase|tests|scripts|plugins|tools|static|patches)\/[\w.+/*-]+)`/g;
const PLUGIN_PATH = /`(src\/[\w.+/*-]+)`/g;

/** Exists, or for a pattern such as `supabase/migrations/*.sql`, its folder does. */
const exists = (target: string) => existsSync(target.includes('*') ? path.dirname(target.slice(0, target.indexOf('*') + 1)) : target);

it('names, in README and docs/, only files that exist (links and paths in backticks)', () => {
  const broken = docs.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const fromHere = (target: string) => path.resolve(path.dirname(file), target);
    const pluginReadme = /^(plugins|tools)\/[^/]+\/README\.md$/.test(path.relative(ROOT, file));
    const links = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((match) => match[1] as string)
      .filter((target) => !/^[a-z]+:/i.test(target))
      .map(fromHere);
    const named = [...text.matchAll(pluginReadme ? PLUGIN_PATH : REPOSITORY_PATH)].map((match) =>
      pluginReadme ? fromHere(match[1] as string) : path.join(ROOT, match[1] as string),
    );
    return [...links, ...named]
      .filter((target) => !exists(target))
      .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
  });
  expect(broken).toEqual([]);
});

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

it('links, wherever it cites a section of docs/ (docs/behaviour.md#the-contact-modal), a heading that exists', () => {
  const cited = ours.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bdocs\/([\w-]+\.md)#([\w-]+)/g)].map(([, doc, anchor]) => ({
      file: path.relative(ROOT, file),
      doc: doc as string,
      anchor: anchor as string,
    })),
  );
  expect(cited.length).toBeGreaterThan(10);
  const anchors = (doc: string) =>
    [...readFileSync(path.join(ROOT, 'docs', doc), 'utf8').matchAll(/^#+ (.+)$/gm)].map(([, heading]) => anchorOf(heading as string));
  const broken = cited.filter(({ doc, anchor }) => !existsSync(path.join(ROOT, 'docs', doc)) || !anchors(doc).includes(anchor));
  expect(broken.map(({ file, doc, anchor }) => `${file} → docs/${doc}#${anchor}`)).toEqual([]);
});

it('names in docs/behaviour.md, by file name alone (`Hero.tsx`), only files of src/ that exist', () => {
  const inSrc = new Set(files(path.join(ROOT, 'src')).map((file) => path.basename(file)));
  const named = [...readFileSync(path.join(ROOT, 'docs', 'behaviour.md'), 'utf8').matchAll(/`([\w.-]+\.tsx?)`/g)].map(
    ([, name]) => name as string,
  );
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((name) => !inSrc.has(name))).toEqual([]);
});
