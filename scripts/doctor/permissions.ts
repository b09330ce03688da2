// What the public key may do: read active content, file inquiries with the form's columns, nothing else.
import { fail, ok, type CheckResult, type Database } from './report';

const CONTENT_TABLES = ['material_coverage', 'timeline', 'feature_cards'];
const FORM_COLUMNS = ['company', 'email', 'id', 'language', 'message', 'name', 'type'];

interface AnonAnswer<Row> {
  rows: Row[];
  /** The SQLSTATE it was refused with. */
  refused?: string;
}

/** Runs `sql` as anon inside a savepoint: its rows, or none and the SQLSTATE it was refused with. */
async function asAnon<Row extends object>(db: Database, sql: string): Promise<AnonAnswer<Row>> {
  await db.query('savepoint anon');
  try {
    await db.query('set local role anon');
    const { rows } = await db.query<Row>(sql);
    return { rows };
  } catch (error) {
    return { rows: [], refused: String((error as { code?: string }).code) };
  } finally {
    await db.query('rollback to savepoint anon');
  }
}

export async function checkPermissions(db: Database): Promise<CheckResult> {
  const name = 'permissions as anon';
  const wrong: string[] = [];
  for (const table of CONTENT_TABLES) {
    const read = await asAnon<{ drafts: number }>(
      db,
      `select count(*)::int as n, count(*) filter (where not is_active)::int as drafts from public.${table}`,
    );
    if (read.refused) wrong.push(`cannot read ${table} (${read.refused})`);
    else if ((read.rows[0]?.drafts ?? 0) > 0) wrong.push(`sees ${read.rows[0]?.drafts} inactive rows of ${table}`);
  }
  const count = await asAnon<{ n: number }>(db, 'select count(*)::int as n from public.contact_submissions');
  if (count.refused) wrong.push(`cannot count contact_submissions, the modal's connection test (${count.refused})`);
  else if ((count.rows[0]?.n ?? 0) > 0) wrong.push(`sees ${count.rows[0]?.n} inquiries`);
  const limits = await asAnon(db, 'select from private.inquiry_limits');
  if (!limits.refused) wrong.push('may read the private schema');

  const { rows } = await db.query<{ problem: string }>(
    `select 'may ' || lower(p.privilege) || ' ' || c.relname as problem
       from pg_catalog.pg_class as c cross join pg_catalog.unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) as p(privilege)
      where c.oid = any (array['public.material_coverage', 'public.timeline', 'public.feature_cards', 'public.contact_submissions']::regclass[])
        and pg_catalog.has_table_privilege('anon', c.oid, p.privilege)
     union all
     select 'may insert contact_submissions.' || a.attname
       from pg_catalog.pg_attribute as a
      where a.attrelid = 'public.contact_submissions'::regclass and a.attnum > 0 and not a.attisdropped
        and a.attname <> all ($1::text[]) and pg_catalog.has_column_privilege('anon', a.attrelid, a.attnum, 'INSERT')
     union all
     select 'may read contact_submissions.' || a.attname
       from pg_catalog.pg_attribute as a
      where a.attrelid = 'public.contact_submissions'::regclass and a.attnum > 0 and not a.attisdropped
        and a.attname <> 'id' and pg_catalog.has_column_privilege('anon', a.attrelid, a.attnum, 'SELECT')
     union all
     select 'may update contact_submissions.' || a.attname
       from pg_catalog.pg_attribute as a
      where a.attrelid = 'public.contact_submissions'::regclass and a.attnum > 0 and not a.attisdropped
        and pg_catalog.has_column_privilege('anon', a.attrelid, a.attnum, 'UPDATE')
     union all
     select 'cannot insert contact_submissions.' || c.name
       from pg_catalog.unnest(array['name', 'email', 'company', 'message', 'type', 'language']) as c(name)
      where not pg_catalog.has_column_privilege('anon', 'public.contact_submissions', c.name, 'INSERT')
     union all
     select 'row-level security is off on ' || c.relname
       from pg_catalog.pg_class as c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
     union all
     select 'may execute ' || p.oid::regprocedure::text
       from pg_catalog.pg_proc as p
      where p.pronamespace = 'public'::regnamespace and (p.prosecdef or p.proname like 'inquiry%')
        and pg_catalog.has_function_privilege('anon', p.oid, 'EXECUTE')
     order by 1`,
    [FORM_COLUMNS],
  );
  wrong.push(...rows.map((row) => row.problem));
  if (wrong.length) {
    return fail(
      name,
      wrong.join('; '),
      'supabase db push applies the grants and policies again (supabase/verify-adoption.sql shows the matrix)',
    );
  }
  return ok(name, 'reads active content, counts no inquiry, files inquiries with the form columns only, nothing else');
}
