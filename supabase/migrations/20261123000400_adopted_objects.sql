-- What an adopted project may have built around the four tables, brought under the same rules.
-- A fresh project has none of it, so there this file changes nothing; on an adopted one it touches
-- only objects attached to material_coverage, timeline, feature_cards or contact_submissions, and a
-- second run finds nothing left to do.
--
--   * Sequences behind an id (bigint identity, serial): Supabase's default privileges give the API
--     roles every right on them. Visitors need none, except USAGE on a serial contact_submissions
--     id, which their inserts draw from. (An identity column draws without that right.)
--   * Trigger functions an older site attached to the tables (typically
--     `update_updated_at_column()`, keeping `updated_at` current). They stay, and keep working,
--     but get a fixed search_path where they have none (Supabase's advisors flag a mutable one,
--     function_search_path_mutable) and lose EXECUTE for the API roles: a trigger function cannot
--     be called directly, and PostgreSQL checks EXECUTE only when a trigger is created, not when
--     it fires.
--   * Views over the tables: a view runs with its owner's rights unless it is `security_invoker`,
--     so a view over contact_submissions granted to anon would read every inquiry past RLS, the
--     very leak adoption closes (advisors: security_definer_view). Each such view is switched to
--     security_invoker, so it can never show more than the tables do, and the API roles lose
--     access to it: what visitors may do is decided by the tables' grants and policies alone, as
--     in a fresh project (grant a view back deliberately if another client needs it). A
--     materialized view holds a copy of the rows and cannot be security_invoker: the API roles
--     lose access to it too.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Sequences ------------------------------------------------------------------------------------

do $sequences$
declare
  owned record;
begin
  for owned in
    select s.oid::regclass as seq, t.relname as tbl,
           pg_catalog.pg_get_expr(d.adbin, d.adrelid) like 'nextval(%' as drawn_by_default
    from pg_catalog.pg_class as t
    join pg_catalog.pg_depend as dep
      on dep.refobjid = t.oid and dep.classid = 'pg_catalog.pg_class'::regclass
     and dep.deptype in ('a', 'i')
    join pg_catalog.pg_class as s on s.oid = dep.objid and s.relkind = 'S'
    left join pg_catalog.pg_attrdef as d on d.adrelid = t.oid and d.adnum = dep.refobjsubid
    where t.relnamespace = 'public'::regnamespace
      and t.relname in ('material_coverage', 'timeline', 'feature_cards', 'contact_submissions')
  loop
    execute format('revoke all on sequence %s from public, anon, authenticated', owned.seq);
    execute format('grant usage, select on sequence %s to service_role', owned.seq);
    if owned.tbl = 'contact_submissions' and owned.drawn_by_default then
      execute format('grant usage on sequence %s to anon, authenticated', owned.seq);
    end if;
  end loop;
end
$sequences$;

-- Trigger functions ----------------------------------------------------------------------------
-- The fixed search_path: pg_catalog first, so no schema can stand in for a built-in, then the
-- schemas a function written for Supabase resolves names in (its own, public, extensions), so an
-- unqualified name in the body still finds what it found before. Functions of Supabase's own
-- schemas (e.g. supabase_functions for database webhooks) and of extensions are not ours to change.
do $trigger_functions$
declare
  fn record;
begin
  for fn in
    select distinct p.oid::regprocedure as signature, n.nspname as schema_name,
           coalesce(pg_catalog.array_to_string(p.proconfig, ',') like '%search_path=%', false) as has_search_path
    from pg_catalog.pg_trigger as tg
    join pg_catalog.pg_class as t on t.oid = tg.tgrelid
    join pg_catalog.pg_proc as p on p.oid = tg.tgfoid
    join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
    where not tg.tgisinternal
      and t.relnamespace = 'public'::regnamespace
      and t.relname in ('material_coverage', 'timeline', 'feature_cards', 'contact_submissions')
      and n.nspname not in ('auth', 'cron', 'extensions', 'graphql', 'graphql_public', 'net', 'pgbouncer',
                            'pgsodium', 'realtime', 'storage', 'supabase_functions', 'supabase_migrations',
                            'vault', 'pg_catalog', 'information_schema')
      and not exists (
        select from pg_catalog.pg_depend as e
        where e.classid = 'pg_catalog.pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e'
      )
  loop
    begin
      if not fn.has_search_path then
        execute format(
          'alter function %s set search_path = %s',
          fn.signature,
          case when fn.schema_name = 'public' then 'pg_catalog, public, extensions'
               else format('pg_catalog, %I, public, extensions', fn.schema_name) end
        );
      end if;
      execute format('revoke execute on function %s from public, anon, authenticated', fn.signature);
    exception when insufficient_privilege then
      -- Owned by a role this migration cannot act for: report it rather than fail the adoption.
      raise warning 'left % as it is (%): fix its search_path and EXECUTE grants as its owner', fn.signature, sqlerrm;
    end;
  end loop;
end
$trigger_functions$;

-- Views ----------------------------------------------------------------------------------------

do $views$
declare
  reader record;
begin
  for reader in
    select distinct v.oid::regclass as view_name, v.relkind,
           pg_catalog.lower(coalesce(v.reloptions::text, '{}'))::text[]
             && array['security_invoker=true', 'security_invoker=on', 'security_invoker=1', 'security_invoker=yes']
             as invoker
    from pg_catalog.pg_class as t
    join pg_catalog.pg_depend as d
      on d.refobjid = t.oid and d.classid = 'pg_catalog.pg_rewrite'::regclass
    join pg_catalog.pg_rewrite as r on r.oid = d.objid
    join pg_catalog.pg_class as v on v.oid = r.ev_class and v.oid <> t.oid
    where t.relnamespace = 'public'::regnamespace
      and t.relname in ('material_coverage', 'timeline', 'feature_cards', 'contact_submissions')
      and v.relkind in ('v', 'm')
  loop
    if reader.relkind = 'v' and not reader.invoker then
      execute format('alter view %s set (security_invoker = true)', reader.view_name);
    end if;
    execute format('revoke all on table %s from public, anon, authenticated', reader.view_name);
  end loop;
end
$views$;
