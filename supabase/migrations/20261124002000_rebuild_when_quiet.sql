-- Rebuild once the editors are done: one build hook call for a burst of edits.
--
-- 20261123000900_rebuild_on_edit.sql calls the host's build hook for every statement that changes
-- material_coverage, timeline or feature_cards. In the dashboard every saved cell is a statement, so
-- an editor fixing ten rows started ten builds. Where pg_cron runs (Supabase), this migration makes
-- the triggers only note the change in private.site_rebuild, and a job that runs every minute calls
-- the hook once nothing has changed for a minute: a change is live about a minute after the last
-- save, plus the host's build time. Where pg_cron is absent (PGlite, a plain PostgreSQL), the
-- triggers keep calling the hook once per statement.
--
-- The last call and what it sent are kept in private.site_rebuild; on Supabase, pg_net keeps the
-- host's answer in net._http_response under the recorded request id (docs/backend.md).
--
-- Written to run twice without error or change: on a project that already has it, on PGlite (the
-- build's embedded database loads every migration) and on plain PostgreSQL.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Not exposed through the API (only schemas listed in the API settings are), and nothing here is
-- granted to the API roles.
create schema if not exists private;

create table if not exists private.site_rebuild (
  -- One row: the state of the site's rebuilds.
  id boolean primary key default true constraint site_rebuild_single_row check (id),
  -- Content changes not yet handed to the build hook.
  pending_statements bigint not null default 0,
  pending_tables text[] not null default '{}',
  -- The last content change, handed over or not.
  changed_at timestamptz,
  -- The last hook call: when, what it sent, pg_net's request id (net._http_response.id on Supabase),
  -- and the error when the request could not even be queued.
  called_at timestamptz,
  call_body jsonb,
  call_request_id bigint,
  call_error text
);

comment on table private.site_rebuild is
  'The site''s rebuilds: content changes not yet handed to the build hook, and the last hook call '
  '(20261124002000_rebuild_when_quiet.sql).';

insert into private.site_rebuild (id) values (true) on conflict (id) do nothing;

revoke all on table private.site_rebuild from public, anon, authenticated, service_role;

-- Calls the build hook (the Vault secret site_build_hook_url, with site_build_hook_authorization as
-- its Authorization header when set) and records the call. False when no hook is configured, so
-- that pending changes wait for one. The same request as before this migration, so hosts and
-- `gatsby develop`'s /__refresh see no difference.
create or replace function private.call_site_build_hook(payload jsonb)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  hook_url text;
  hook_authorization text;
  hook_headers jsonb := pg_catalog.jsonb_build_object('Content-Type', 'application/json');
  request_id bigint;
begin
  select s.decrypted_secret into hook_url
  from vault.decrypted_secrets as s
  where s.name = 'site_build_hook_url'
  limit 1;

  if hook_url is null or pg_catalog.btrim(hook_url) = '' then
    return false;
  end if;

  select s.decrypted_secret into hook_authorization
  from vault.decrypted_secrets as s
  where s.name = 'site_build_hook_authorization'
  limit 1;

  if pg_catalog.btrim(hook_authorization) <> '' then
    hook_headers := hook_headers || pg_catalog.jsonb_build_object('Authorization', hook_authorization);
  end if;

  -- pg_net queues the request and sends it after commit, so a rolled-back edit asks for nothing.
  -- A broken hook must not undo an editor's change: report it, record it and let the edit stand.
  begin
    request_id := net.http_post(url := hook_url, body := payload, headers := hook_headers);
    update private.site_rebuild
    set called_at = pg_catalog.clock_timestamp(), call_body = payload, call_request_id = request_id, call_error = null
    where id;
  exception when others then
    raise warning 'site rebuild hook not called (%): %', payload, sqlerrm;
    update private.site_rebuild
    set called_at = pg_catalog.clock_timestamp(), call_body = payload, call_request_id = null, call_error = sqlerrm
    where id;
  end;
  return true;
end;
$$;

-- Whether the job below runs here. Asked on each change rather than fixed when the migration ran, so
-- that unscheduling the job (cron.unschedule('site-rebuild')) brings back one call per statement.
-- cron.job exists only where pg_cron does; PL/pgSQL resolves the name only when it gets there.
create or replace function private.site_rebuild_waits_for_quiet()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if pg_catalog.to_regclass('cron.job') is null then
    return false;
  end if;
  return exists (select from cron.job as j where j.jobname = 'site-rebuild' and j.active);
end;
$$;

-- The content tables' statement triggers (20261123000900_rebuild_on_edit.sql) keep this function's
-- name. Security definer: an editor's role cannot read Vault or the state, and must not need to.
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
    insert into private.site_rebuild as r (id, pending_statements, pending_tables, changed_at)
    values (true, 1, array[tg_table_name::text], pg_catalog.clock_timestamp())
    on conflict (id) do update
    set pending_statements = r.pending_statements + 1,
        pending_tables = array(select distinct t from pg_catalog.unnest(r.pending_tables || tg_table_name::text) as t order by t),
        changed_at = excluded.changed_at;
  else
    perform private.call_site_build_hook(pg_catalog.jsonb_build_object('table', tg_table_name, 'op', tg_op));
  end if;
  return null;
end;
$$;

comment on function public.request_site_rebuild() is
  'Trigger: where the site-rebuild pg_cron job runs, notes the change for it (private.site_rebuild); '
  'elsewhere asks the host to rebuild at once (private.call_site_build_hook).';

-- The job: hands the pending changes to the build hook once nothing has changed for 60 seconds.
-- FOR UPDATE waits for an edit that holds the row and then re-reads it, so a change that lands
-- meanwhile makes the content not quiet yet, and is never lost. Returns whether it called.
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
  where r.id and r.pending_statements > 0 and r.changed_at <= pg_catalog.clock_timestamp() - interval '60 seconds'
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
  update private.site_rebuild set pending_statements = 0, pending_tables = '{}' where id;
  return true;
end;
$$;

-- Functions are executable by PUBLIC unless revoked, and Supabase grants the API roles every new
-- function in `public`: none of these is an API.
revoke execute on function private.call_site_build_hook(jsonb) from public, anon, authenticated, service_role;
revoke execute on function private.site_rebuild_waits_for_quiet() from public, anon, authenticated, service_role;
revoke execute on function private.request_site_rebuild_when_quiet() from public, anon, authenticated, service_role;
revoke execute on function public.request_site_rebuild() from public, anon, authenticated, service_role;

-- Every minute, the finest schedule every pg_cron version takes. cron.schedule updates a job of the
-- same name, so a second run changes nothing. Skipped where pg_cron is absent
-- (20261123000950_pg_cron.sql).
do $schedule$
begin
  if exists (select from pg_catalog.pg_extension where extname = 'pg_cron') then
    perform cron.schedule('site-rebuild', '* * * * *', 'select private.request_site_rebuild_when_quiet()');
  end if;
end
$schedule$;
