-- Rebuild the static site when its content changes.
--
-- The page is built from material_coverage, timeline and feature_cards, so every change to them asks
-- the host to rebuild: a statement-level trigger POSTs to the site's build hook (Netlify, Vercel or
-- Cloudflare Pages) through pg_net. One call per statement, not per row, so a bulk edit or a reorder
-- asks for one build. contact_submissions has no such trigger: an inquiry changes nothing on the page.
--
-- The hook URL is a secret (anyone holding it can trigger builds), so it lives in Supabase Vault
-- under the name `site_build_hook_url`, not in this file:
--   select vault.create_secret('https://api.netlify.com/build_hooks/…', 'site_build_hook_url');
-- Without that secret the triggers do nothing, so a fresh project or a local database works as is.
-- A hook that checks an Authorization header (`gatsby develop`'s /__refresh with GATSBY_REFRESH_TOKEN)
-- gets it from a second, optional secret named `site_build_hook_authorization`.
--
-- The same file runs on Supabase, on plain PostgreSQL 15 and on PGlite: the last two get `vault` and
-- `net` from supabase/local/bootstrap.sql, which records calls instead of sending them.
--
-- Re-runnable, and safe on an adopted project: the function and the triggers are replaced by the
-- same ones, and triggers an older site attached to these tables (e.g. one keeping `updated_at`
-- current, or a database webhook) are left alone.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- pg_net ships with Supabase but is off until enabled. Enable it only where the server offers it and
-- it is not already on: elsewhere the bootstrap's stand-in `net` schema is used instead.
do $enable_pg_net$
begin
  if exists (select from pg_catalog.pg_available_extensions where name = 'pg_net')
     and not exists (select from pg_catalog.pg_extension where extname = 'pg_net') then
    -- As Supabase's dashboard enables it; pg_net puts its functions in schema `net` either way.
    create extension pg_net with schema extensions;
  end if;
end
$enable_pg_net$;

-- Security definer: an editor's role (or the service role behind the dashboard's API) cannot read
-- Vault, and must not need to. The empty search_path makes every name below schema-qualified, so a
-- caller's objects can never stand in for vault's or net's.
create or replace function public.request_site_rebuild()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook_url text;
  hook_authorization text;
  hook_headers jsonb := pg_catalog.jsonb_build_object('Content-Type', 'application/json');
begin
  select s.decrypted_secret into hook_url
  from vault.decrypted_secrets as s
  where s.name = 'site_build_hook_url'
  limit 1;

  if hook_url is null or pg_catalog.btrim(hook_url) = '' then
    return null;
  end if;

  select s.decrypted_secret into hook_authorization
  from vault.decrypted_secrets as s
  where s.name = 'site_build_hook_authorization'
  limit 1;

  if pg_catalog.btrim(hook_authorization) <> '' then
    hook_headers := hook_headers || pg_catalog.jsonb_build_object('Authorization', hook_authorization);
  end if;

  -- pg_net queues the request and sends it after commit, so a rolled-back edit asks for nothing.
  -- A broken hook must not undo an editor's change: report it and let the edit stand.
  begin
    perform net.http_post(
      url := hook_url,
      body := pg_catalog.jsonb_build_object('table', tg_table_name, 'op', tg_op),
      headers := hook_headers
    );
  exception when others then
    raise warning 'site rebuild hook not called for %.%: %', tg_table_schema, tg_table_name, sqlerrm;
  end;
  return null;
end;
$$;

comment on function public.request_site_rebuild() is
  'Trigger: asks the host to rebuild the site (POST to the Vault secret site_build_hook_url via pg_net, '
  'with the optional secret site_build_hook_authorization as its Authorization header).';

-- Supabase's default privileges grant every new function in `public` to the API roles; a trigger
-- function is no API, and this one reads a secret.
revoke execute on function public.request_site_rebuild() from public, anon, authenticated, service_role;

create or replace trigger material_coverage_request_site_rebuild
  after insert or update or delete or truncate on public.material_coverage
  for each statement execute function public.request_site_rebuild();

create or replace trigger timeline_request_site_rebuild
  after insert or update or delete or truncate on public.timeline
  for each statement execute function public.request_site_rebuild();

create or replace trigger feature_cards_request_site_rebuild
  after insert or update or delete or truncate on public.feature_cards
  for each statement execute function public.request_site_rebuild();
