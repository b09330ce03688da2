// What the migrations decide about the four tables, read from the catalogue as plain data (names
// and definitions, never OIDs), so two states of a database can be compared with toEqual.

import type { Row, Session } from '../../support/database';

export const TABLES = ['material_coverage', 'timeline', 'feature_cards', 'contact_submissions'] as const;
export type Table = (typeof TABLES)[number];
export const CONTENT_TABLES = ['material_coverage', 'timeline', 'feature_cards'] as const;
export type ContentTable = (typeof CONTENT_TABLES)[number];

const OURS = `c.relnamespace = 'public'::regnamespace and c.relname = any(array['material_coverage', 'timeline', 'feature_cards', 'contact_submissions'])`;

/** Named queries; each returns rows already in a stable order. */
const CATALOGUE: Record<string, string> = {
  tables: `
    select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as force_rls,
           obj_description(c.oid, 'pg_class') as comment
      from pg_class c where ${OURS} order by 1`,
  columns: `
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as not_null, a.attidentity as identity, pg_get_expr(d.adbin, d.adrelid) as default,
           col_description(c.oid, a.attnum) as comment
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
     where ${OURS} order by 1, 2`,
  constraints: `
    select c.relname as table, k.conname as name, k.contype as type, pg_get_constraintdef(k.oid) as definition,
           k.convalidated as validated
      from pg_class c join pg_constraint k on k.conrelid = c.oid
     where ${OURS} order by 1, 2`,
  indexes: `
    select c.relname as table, i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_class c join pg_index x on x.indrelid = c.oid join pg_class i on i.oid = x.indexrelid
     where ${OURS} order by 1, 2`,
  policies: `
    select tablename as table, policyname as name, permissive, cmd, roles::text[] as roles, qual, with_check
      from pg_policies
     where schemaname = 'public' and tablename = any(array['material_coverage', 'timeline', 'feature_cards', 'contact_submissions'])
     order by 1, 2`,
  table_grants: `
    select c.relname as table, coalesce(g.rolname, 'PUBLIC') as grantee, a.privilege_type as privilege, a.is_grantable
      from pg_class c
      cross join lateral aclexplode(c.relacl) as a
      left join pg_roles g on g.oid = a.grantee
     where ${OURS} order by 1, 2, 3`,
  column_grants: `
    select c.relname as table, t.attname as column, coalesce(g.rolname, 'PUBLIC') as grantee,
           a.privilege_type as privilege, a.is_grantable
      from pg_class c
      join pg_attribute t on t.attrelid = c.oid and t.attnum > 0 and not t.attisdropped
      cross join lateral aclexplode(t.attacl) as a
      left join pg_roles g on g.oid = a.grantee
     where ${OURS} order by 1, 2, 3, 4`,
  triggers: `
    select c.relname as table, t.tgname as name, pg_get_triggerdef(t.oid) as definition, t.tgenabled as enabled
      from pg_class c join pg_trigger t on t.tgrelid = c.oid and not t.tgisinternal
     where ${OURS} order by 1, 2`,
  trigger_functions: `
    select distinct p.oid::regprocedure::text as function, p.prosecdef as security_definer,
           p.proconfig as config, p.proacl::text[] as acl
      from pg_class c join pg_trigger t on t.tgrelid = c.oid and not t.tgisinternal
      join pg_proc p on p.oid = t.tgfoid
     where ${OURS} order by 1`,
  sequences: `
    select s.oid::regclass::text as sequence, s.relacl::text[] as acl
      from pg_class c
      join pg_depend d on d.refobjid = c.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
     where ${OURS} order by 1`,
  views: `
    select distinct v.oid::regclass::text as view, v.relkind as kind, v.reloptions::text[] as options,
           v.relacl::text[] as acl
      from pg_class c
      join pg_depend d on d.refobjid = c.oid and d.classid = 'pg_rewrite'::regclass
      join pg_rewrite r on r.oid = d.objid
      join pg_class v on v.oid = r.ev_class and v.oid <> c.oid
     where ${OURS} order by 1`,
};

export type Catalogue = Record<string, Row[]>;

export async function catalogue(session: Session): Promise<Catalogue> {
  const result: Catalogue = {};
  for (const [name, sql] of Object.entries(CATALOGUE)) result[name] = (await session.query(sql)).rows;
  return result;
}

/**
 * What decides a visitor's answer: RLS, policies, and every grant to PUBLIC, anon and
 * authenticated. An adopted project must end with exactly a fresh project's.
 */
export function visitorPermissions(snapshot: Catalogue): Catalogue {
  const visitor = (row: Row) => ['PUBLIC', 'anon', 'authenticated'].includes(String(row.grantee));
  return {
    tables: (snapshot.tables ?? []).map(({ table, rls, force_rls }) => ({ table, rls, force_rls })),
    policies: snapshot.policies ?? [],
    table_grants: (snapshot.table_grants ?? []).filter(visitor),
    column_grants: (snapshot.column_grants ?? []).filter(visitor),
  };
}

/** Every row of a table, every column, in id order, as JSON (the same on both engines). */
export async function tableRows(session: Session, table: Table): Promise<Row[]> {
  const { rows } = await session.query(
    `select coalesce(jsonb_agg(to_jsonb(t) order by t.id::text), '[]'::jsonb)::text as rows
       from public.${table} as t`,
  );
  return JSON.parse(String(rows[0]?.rows)) as Row[];
}

/** Whether a table exists (a half-built legacy project lacks some). */
export async function tableExists(session: Session, table: Table): Promise<boolean> {
  const { rows } = await session.query(`select to_regclass($1) is not null as exists`, [`public.${table}`]);
  return rows[0]?.exists === true;
}
