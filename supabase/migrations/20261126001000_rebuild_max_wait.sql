-- The quiet-minute rebuild gets a maximum wait: continuous edits cannot hold a build off forever.
--
-- 20261124002000_rebuild_when_quiet.sql calls the build hook once nothing has changed for a minute.
-- An editor (or a preview link arranging a list) saving more often than once a minute kept the site
-- from ever being rebuilt. Now the job also calls the hook once the first change not yet handed to
-- it is max_wait old (10 minutes unless changed in private.site_rebuild), whatever came after it.
-- The same max_wait is how long the site may stay behind the database before the preview says the
-- last build may have failed and the site watch alerts (20261126001100_site_live_watch.sql).
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

alter table private.site_rebuild
  -- The first change not yet handed to the build hook (null when none waits).
  add column if not exists first_pending_at timestamptz,
  -- How long the first waiting change may wait for a build, and the site for that build's deploy.
  add column if not exists max_wait interval not null default interval '10 minutes';

-- Changes already waiting when this migration runs wait from their last change, which is all that
-- was kept of them.
update private.site_rebuild
set first_pending_at = changed_at
where id and pending_statements > 0 and first_pending_at is null;

create or replace function public.request_site_rebuild()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.site_rebuild_waits_for_quiet() then
    -- clock_timestamp, not now(): the quiet minute runs from the change, not from the start of a
    -- transaction that may have been open for a while.
    insert into private.site_rebuild as r (id, pending_statements, pending_tables, changed_at, first_pending_at)
    values (true, 1, array[tg_table_name::text], pg_catalog.clock_timestamp(), pg_catalog.clock_timestamp())
    on conflict (id) do update
    set pending_statements = r.pending_statements + 1,
        pending_tables = array(select distinct t from pg_catalog.unnest(r.pending_tables || tg_table_name::text) as t order by t),
        changed_at = excluded.changed_at,
        first_pending_at = case when r.pending_statements > 0 then coalesce(r.first_pending_at, r.changed_at) else excluded.changed_at end;
  else
    perform private.call_site_build_hook(pg_catalog.jsonb_build_object('table', tg_table_name, 'op', tg_op));
  end if;
  return null;
end;
$$;

-- The job: hands the pending changes to the build hook once nothing has changed for 60 seconds, or
-- once the first of them has waited max_wait. FOR UPDATE waits for an edit that holds the row and
-- then re-reads it, so a change that lands meanwhile is never lost. Returns whether it called.
create or replace function private.request_site_rebuild_when_quiet()
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  state private.site_rebuild;
begin
  select * into state
  from private.site_rebuild as r
  where r.id and r.pending_statements > 0
    and (r.changed_at <= pg_catalog.clock_timestamp() - interval '60 seconds'
         or r.first_pending_at <= pg_catalog.clock_timestamp() - r.max_wait)
  for update;
  if not found then
    return false;
  end if;
  if not private.call_site_build_hook(pg_catalog.jsonb_build_object(
    'tables', pg_catalog.to_jsonb(state.pending_tables),
    'changes', state.pending_statements,
    'last_change_at', state.changed_at
  )) then
    -- No hook configured yet: the changes wait for one.
    return false;
  end if;
  update private.site_rebuild set pending_statements = 0, pending_tables = '{}', first_pending_at = null where id;
  return true;
end;
$$;

revoke execute on function private.request_site_rebuild_when_quiet() from public, anon, authenticated, service_role;
revoke execute on function public.request_site_rebuild() from public, anon, authenticated, service_role;
