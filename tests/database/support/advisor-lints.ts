// Supabase's Security and Performance Advisors run splinter's lint query. These are our own
// queries for the lints at level ERROR or WARN that a schema like ours can trigger, each named
// after the splinter lint it mirrors and written from that lint's documented rule. They read only
// the catalogue, so they run on PGlite and on plain PostgreSQL 15 alike.
//
// Scope as splinter's: every schema except Supabase's own and system ones (the list below);
// "exposed" means reachable through the Data API, i.e. `public` (supabase/config.toml's
// api.schemas). Where splinter tests a table-level SELECT grant, these test any SELECT (a column
// grant exposes the table too), so they are, if anything, stricter.
//
// Not mirrored: INFO-level lints (no_primary_key, unindexed_foreign_keys, rls_enabled_no_policy,
// unused_index, table_bloat); lints about objects this stand-in has none of (auth_users_exposed
// and fkey_to_auth_unique need Supabase Auth's schema; public_bucket_allows_listing, Storage's;
// insecure_queue_exposed_in_api, pgmq); and pg_graphql_{anon,authenticated}_table_exposed, which
// fire only where pg_graphql is installed: what it would expose is asserted by the adoption
// suite instead (graphqlExposure below).

import type { Session } from '../../support/database';

export type LintLevel = 'ERROR' | 'WARN';

export interface AdvisorLint {
  /** splinter's lint name, e.g. `rls_disabled_in_public` (0013). */
  name: string;
  level: LintLevel;
  category: 'SECURITY' | 'PERFORMANCE';
  /** A query returning one `detail` text per finding. */
  sql: string;
}

export interface Finding {
  lint: string;
  level: LintLevel;
  detail: string;
}

/** Schemas splinter leaves out of its lints (Supabase's, extensions', PostgreSQL's own). */
const NOT_LINTED = `('_timescaledb_cache', '_timescaledb_catalog', '_timescaledb_config', '_timescaledb_internal',
  'auth', 'cron', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'net', 'pgmq', 'pgroonga',
  'pgsodium', 'pgsodium_masks', 'pgtle', 'pgbouncer', 'pg_catalog', 'realtime', 'repack', 'storage',
  'supabase_functions', 'supabase_migrations', 'tiger', 'topology', 'vault')`;

const EXPOSED = `('public')`;

const API_READABLE = (oid: string) =>
  `(has_any_column_privilege('anon', ${oid}, 'SELECT') or has_any_column_privilege('authenticated', ${oid}, 'SELECT'))`;

const NOT_FROM_EXTENSION = (classid: string, oid: string) =>
  `not exists (select from pg_depend e where e.classid = '${classid}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

/** Normalised policy expressions that are always true, as splinter spells them. */
const ALWAYS_TRUE = `('true', '(true)', '1=1', '(1=1)')`;

/** splinter's lint for a kind of relation (`pg_class.relkind`) the API roles can read. */
const relationInApi = (name: string, relkind: string): AdvisorLint => ({
  name,
  level: 'WARN',
  category: 'SECURITY',
  sql: `select format('%s.%s', n.nspname, c.relname) as detail
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind = '${relkind}' and n.nspname in ${EXPOSED} and ${API_READABLE('c.oid')}`,
});

/** splinter's lint for security definer functions in an exposed schema that `role` may execute. */
const securityDefinerExecutableBy = (role: 'anon' | 'authenticated'): AdvisorLint => ({
  name: `${role}_security_definer_function_executable`,
  level: 'WARN',
  category: 'SECURITY',
  sql: `select p.oid::regprocedure::text as detail
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where p.prosecdef and n.nspname in ${EXPOSED} and has_function_privilege('${role}', p.oid, 'EXECUTE')`,
});

export const ADVISOR_LINTS: readonly AdvisorLint[] = [
  {
    name: 'rls_disabled_in_public',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `select format('%s.%s', n.nspname, c.relname) as detail
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p') and not c.relrowsecurity
             and n.nspname in ${EXPOSED} and ${API_READABLE('c.oid')}`,
  },
  {
    name: 'policy_exists_rls_disabled',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `select format('%s.%s', n.nspname, c.relname) as detail
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind = 'r' and not c.relrowsecurity and n.nspname not in ${NOT_LINTED}
             and exists (select from pg_policy p where p.polrelid = c.oid)
             and ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}`,
  },
  {
    name: 'security_definer_view',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `select format('%s.%s', n.nspname, c.relname) as detail
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind = 'v' and n.nspname in ${EXPOSED} and ${API_READABLE('c.oid')}
             and not (lower(coalesce(c.reloptions::text, '{}'))::text[]
                      && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'])
             and ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}`,
  },
  {
    name: 'sensitive_columns_exposed',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `select format('%s.%s.%s', n.nspname, c.relname, a.attname) as detail
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
           where c.relkind = 'r' and not c.relrowsecurity and n.nspname in ${EXPOSED} and ${API_READABLE('c.oid')}
             and replace(lower(a.attname), '-', '_') in ('password', 'secret', 'token', 'api_key', 'access_token',
               'refresh_token', 'ssn', 'credit_card', 'card_number', 'iban', 'bank_account', 'passport_number')`,
  },
  {
    name: 'rls_references_user_metadata',
    level: 'ERROR',
    category: 'SECURITY',
    sql: `select format('%s.%s: %s', schemaname, tablename, policyname) as detail
            from pg_policies
           where schemaname not in ${NOT_LINTED}
             and (qual like '%user_metadata%' or with_check like '%user_metadata%')`,
  },
  {
    name: 'function_search_path_mutable',
    level: 'WARN',
    category: 'SECURITY',
    sql: `select p.oid::regprocedure::text as detail
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname not in ${NOT_LINTED} and ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}
             and not exists (select from unnest(coalesce(p.proconfig, '{}')) as setting
                              where setting like 'search_path=%')`,
  },
  {
    name: 'extension_in_public',
    level: 'WARN',
    category: 'SECURITY',
    sql: `select extname::text as detail from pg_extension
           where extname <> 'plpgsql' and extnamespace = 'public'::regnamespace`,
  },
  {
    name: 'rls_policy_always_true',
    level: 'WARN',
    category: 'SECURITY',
    // SELECT using (true) is left out, as splinter does: a deliberate public read is common.
    sql: `with normalised as (
            select p.schemaname, p.tablename, p.policyname, p.cmd, p.roles, p.permissive, p.qual, p.with_check,
                   replace(replace(replace(lower(coalesce(p.qual, '')), ' ', ''), E'\\n', ''), E'\\t', '') as q,
                   replace(replace(replace(lower(coalesce(p.with_check, '')), ' ', ''), E'\\n', ''), E'\\t', '') as w
              from pg_policies p
              join pg_class c on c.relname = p.tablename and c.relnamespace = p.schemaname::text::regnamespace
             where c.relkind = 'r' and c.relrowsecurity and p.schemaname not in ${NOT_LINTED}
               and p.permissive = 'PERMISSIVE' and p.roles && array['public', 'anon', 'authenticated']::name[]
          )
          select format('%s.%s: %s (%s)', schemaname, tablename, policyname, cmd) as detail
            from normalised
           where (cmd in ('UPDATE', 'DELETE', 'ALL') and (q in ${ALWAYS_TRUE} or qual is null))
              or w in ${ALWAYS_TRUE}
              or (with_check is null and cmd = 'INSERT')
              or (with_check is null and cmd in ('UPDATE', 'ALL') and q in ${ALWAYS_TRUE})`,
  },
  relationInApi('materialized_view_in_api', 'm'),
  relationInApi('foreign_table_in_api', 'f'),
  securityDefinerExecutableBy('anon'),
  securityDefinerExecutableBy('authenticated'),
  {
    name: 'unsupported_reg_types',
    level: 'WARN',
    category: 'SECURITY',
    sql: `select format('%s.%s.%s', n.nspname, c.relname, a.attname) as detail
            from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
           where a.atttypid in ('regcollation'::regtype, 'regconfig'::regtype, 'regdictionary'::regtype,
                                'regnamespace'::regtype, 'regoper'::regtype, 'regoperator'::regtype,
                                'regproc'::regtype, 'regprocedure'::regtype)
             and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium')`,
  },
  {
    name: 'extension_versions_outdated',
    level: 'WARN',
    category: 'SECURITY',
    sql: `select format('%s %s (default %s)', name, installed_version, default_version) as detail
            from pg_available_extensions
           where installed_version is not null and default_version is not null
             and installed_version <> default_version`,
  },
  {
    name: 'auth_rls_initplan',
    level: 'WARN',
    category: 'PERFORMANCE',
    // A per-row call of auth.<fn>() or current_setting() in a policy, not wrapped in a select.
    sql: `select format('%s.%s: %s', schemaname, tablename, policyname) as detail
            from pg_policies p
            join pg_class c on c.relname = p.tablename and c.relnamespace = p.schemaname::text::regnamespace
           where c.relrowsecurity and p.schemaname not in ${NOT_LINTED}
             and exists (
               select from unnest(array[p.qual, p.with_check]) as e(expr)
                cross join unnest(array['auth.uid()', 'auth.jwt()', 'auth.role()', 'auth.email()', 'current_setting(']) as f(call)
                where e.expr like '%' || f.call || '%' and lower(e.expr) not like '%select ' || f.call || '%')`,
  },
  {
    name: 'multiple_permissive_policies',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `select format('%s.%s: %s for %s (%s)', n.nspname, c.relname, r.rolname, act.cmd,
                        string_agg(p.polname, ', ' order by p.polname)) as detail
            from pg_policy p
            join pg_class c on c.oid = p.polrelid
            join pg_namespace n on n.oid = c.relnamespace
            join pg_roles r on p.polroles @> array[r.oid] or p.polroles = array[0::oid]
            cross join lateral unnest(case p.polcmd when 'r' then array['SELECT'] when 'a' then array['INSERT']
                                                    when 'w' then array['UPDATE'] when 'd' then array['DELETE']
                                                    else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) as act(cmd)
           where c.relkind = 'r' and p.polpermissive and n.nspname not in ${NOT_LINTED}
             and r.rolname not like 'pg\\_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
           group by n.nspname, c.relname, r.rolname, act.cmd
          having count(*) > 1`,
  },
  {
    name: 'duplicate_index',
    level: 'WARN',
    category: 'PERFORMANCE',
    sql: `select format('%s.%s: %s', i.schemaname, i.tablename, string_agg(i.indexname, ', ' order by i.indexname)) as detail
            from pg_indexes i
            join pg_class c on c.relname = i.tablename and c.relnamespace = i.schemaname::text::regnamespace
           where c.relkind in ('r', 'm') and i.schemaname not in ${NOT_LINTED}
           group by i.schemaname, i.tablename, replace(i.indexdef, i.indexname, '')
          having count(*) > 1`,
  },
];

/** Every ERROR and WARN finding of the lints above, in a stable order. */
export async function advisorFindings(session: Session): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const lint of ADVISOR_LINTS) {
    const { rows } = await session.query(`select detail from (${lint.sql}) as finding order by 1`);
    for (const row of rows) findings.push({ lint: lint.name, level: lint.level, detail: String(row.detail) });
  }
  return findings;
}

/**
 * What pg_graphql (lints pg_graphql_anon_table_exposed / _authenticated_) would show each visitor
 * role, had the project installed it: every relation in an exposed schema on which the role may
 * SELECT some column.
 */
export async function graphqlExposure(session: Session): Promise<Record<string, string[]>> {
  const { rows } = await session.query(
    `select r.role, c.relname
       from unnest(array['anon', 'authenticated']) as r(role)
       cross join pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'v', 'm', 'f') and n.nspname in ${EXPOSED}
        and has_any_column_privilege(r.role, c.oid, 'SELECT')
      order by 1, 2`,
  );
  const exposure: Record<string, string[]> = { anon: [], authenticated: [] };
  for (const row of rows) exposure[String(row.role)]?.push(String(row.relname));
  return exposure;
}
