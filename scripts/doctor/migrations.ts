// Whether every migration of the repository is applied: from Supabase's history table, or, on a
// database without one, from the objects each file creates.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { schemaPaths } from '../../supabase/paths';
import { fail, ok, type CheckResult, type Database } from './report';

const MIGRATIONS = schemaPaths(path.join(__dirname, '..', '..', 'supabase')).migrations;

type ObjectKind = 'function' | 'relation' | 'trigger' | 'policy';

interface MigrationObject {
  kind: ObjectKind;
  name: string;
  table: string | undefined;
}

interface Migration {
  file: string;
  version: string;
  objects: MigrationObject[];
}

const CREATES: [RegExp, ObjectKind][] = [
  [/create\s+(?:or\s+replace\s+)?function\s+([\w.]+)\s*\(/gi, 'function'],
  [/create\s+table\s+(?:if\s+not\s+exists\s+)?([\w.]+)/gi, 'relation'],
  [/create\s+(?:or\s+replace\s+)?view\s+([\w.]+)/gi, 'relation'],
  [/create\s+sequence\s+(?:if\s+not\s+exists\s+)?([\w.]+)/gi, 'relation'],
  [/create\s+(?:or\s+replace\s+)?trigger\s+(\w+)\s[\s\S]*?\son\s+([\w.]+)/gi, 'trigger'],
  [/create\s+policy\s+"([^"]+)"\s+on\s+([\w.]+)/gi, 'policy'],
];
const DROPS = /drop\s+(?:function|view|table|sequence|trigger)\s+(?:if\s+exists\s+)?([\w.]+)/gi;

const PRESENT: Record<ObjectKind, string> = {
  // By schema and name: spelling out every function's signature to compare took seconds.
  function: `select exists (select from pg_catalog.pg_proc where pronamespace = pg_catalog.to_regnamespace($1) and proname = $2) as present`,
  relation: 'select pg_catalog.to_regclass($1) is not null as present',
  trigger: `select exists (select from pg_catalog.pg_trigger where tgname = $1 and tgrelid = pg_catalog.to_regclass($2)) as present`,
  policy: `select exists (select from pg_catalog.pg_policy where polname = $1 and polrelid = pg_catalog.to_regclass($2)) as present`,
};

/** What each file creates (functions, tables, views, sequences, triggers, policies), less what a later file drops. */
async function migrationObjects(): Promise<Migration[]> {
  const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
  const parsed = await Promise.all(
    files.map(async (file) => {
      const sql = (await readFile(path.join(MIGRATIONS, file), 'utf8')).replace(/--[^\n]*/g, '');
      const objects = CREATES.flatMap(([pattern, kind]) =>
        [...sql.matchAll(pattern)].map(([, name = '', table]) => ({
          kind,
          name: (table ?? name.includes('.')) ? name : `public.${name}`,
          table,
        })),
      );
      const drops = new Set([...sql.matchAll(DROPS)].map(([, name = '']) => name));
      return { file, version: file.split('_')[0] ?? file, objects, drops };
    }),
  );
  return parsed.map(({ file, version, objects }, index) => {
    const droppedLater = new Set(parsed.slice(index + 1).flatMap((later) => [...later.drops]));
    return { file, version, objects: objects.filter((object) => !droppedLater.has(object.name)) };
  });
}

function presentParams({ kind, name, table }: MigrationObject): string[] {
  if (kind === 'relation') return [name.replace(/^public\./, '')];
  if (kind === 'function') {
    const dot = name.lastIndexOf('.');
    return dot < 0 ? ['public', name] : [name.slice(0, dot), name.slice(dot + 1)];
  }
  return [name, table ?? ''];
}

export async function checkMigrations(db: Database): Promise<CheckResult> {
  const name = 'migrations applied';
  const files = await migrationObjects();
  const fix = 'supabase db push (from the repository, linked to this project)';
  const { rows: history } = await db.query<{ present: boolean }>(
    `select pg_catalog.to_regclass('supabase_migrations.schema_migrations') is not null as present`,
  );
  if (history[0]?.present) {
    const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const missing = files.filter((file) => !applied.has(file.version)).map((file) => file.file);
    if (missing.length) return fail(name, `${missing.length} of ${files.length} not applied: ${missing.join(', ')}`, fix);
    return ok(name, `all ${files.length} (supabase_migrations.schema_migrations)`);
  }
  const missing: string[] = [];
  let checkable = 0;
  for (const { file, objects } of files) {
    if (objects.length === 0) continue;
    checkable += 1;
    const absent: string[] = [];
    for (const object of objects) {
      const { rows } = await db.query<{ present: boolean }>(PRESENT[object.kind], presentParams(object));
      if (!rows[0]?.present) absent.push(object.name);
    }
    if (absent.length) missing.push(`${file} (${absent.join(', ')} missing)`);
  }
  if (missing.length) return fail(name, `not applied: ${missing.join('; ')}`, fix);
  return ok(name, `the objects of all ${checkable} files that create any are present (no migration history table here)`);
}
