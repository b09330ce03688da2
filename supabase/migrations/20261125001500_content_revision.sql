-- The content revision: one number that moves whenever the published content may have changed.
--
-- The page is built with the content of material_coverage, timeline and feature_cards, and carries
-- the revision it was built from. An open page asks for the current revision now and then (one
-- tiny GET, docs/behaviour.md#the-refresh) and reads the lists again only when it moved, instead of
-- reading every list every time.
--
-- The revision lives in one row of private.content_revision. Statement-level triggers on the three
-- tables bump it in the same transaction as the edit, so a reader never sees new content with the
-- old revision, and a rolled-back edit leaves it as it was. Reading it is one primary-key lookup:
-- nothing is counted or hashed per request.
--
-- What counts as an edit: every insert, update, delete and truncate that touched a row (an
-- activation or a reordering is an update). A statement that touched no row, and an update that
-- left every row as it was (`set is_active = is_active`), leave the revision alone; the transition
-- tables tell which. A truncate always counts: it has no transition table, and it empties the table.
--
-- Visitors read it with `GET /rest/v1/rpc/content_revision?apikey=<anon key>` (docs/backend.md):
-- a GET with no custom header, so the browser sends it without a CORS preflight.
--
-- Written to run twice without error or change, on a project that already has it, on PGlite (the
-- build's embedded database loads every migration) and on plain PostgreSQL.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Not exposed through the Data API, which serves `public` only.
create schema if not exists private;

create table if not exists private.content_revision (
  -- One row.
  id boolean primary key default true constraint content_revision_single_row check (id),
  revision bigint not null default 1,
  -- When it last moved, for people reading it by hand.
  changed_at timestamptz not null default now()
);

comment on table private.content_revision is
  'The revision of the published content (material_coverage, timeline, feature_cards): bumped by '
  'their statement triggers in the edit''s own transaction (20261125001500_content_revision.sql).';

insert into private.content_revision (id) values (true) on conflict (id) do nothing;

revoke all on table private.content_revision from public, anon, authenticated, service_role;

-- Security definer: editors (the service role, the dashboard) need no right on the private table.
-- The empty search_path makes every name schema-qualified, so no caller's object can stand in.
create or replace function private.bump_content_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if not exists (select from new_rows) then
      return null;
    end if;
  elsif tg_op = 'DELETE' then
    if not exists (select from old_rows) then
      return null;
    end if;
  elsif tg_op = 'UPDATE' then
    -- Rows as jsonb: every column type an adopted table may hold has jsonb equality, not every one
    -- has its own (json, point). A changed row is one whose new version was not there before.
    if not exists (
      select pg_catalog.to_jsonb(n) from new_rows as n
      except
      select pg_catalog.to_jsonb(o) from old_rows as o
    ) then
      return null;
    end if;
  end if;
  -- Holds the row until the edit commits: concurrent edits take turns here, and each one's bump
  -- becomes visible together with its content.
  update private.content_revision
  set revision = revision + 1, changed_at = pg_catalog.clock_timestamp()
  where id;
  return null;
end;
$$;

comment on function private.bump_content_revision() is
  'Trigger: bumps private.content_revision when a statement changed a row of a content table.';

-- The API behind the endpoint below. Security definer: visitors hold no right on the table.
create or replace function private.content_revision()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select r.revision from private.content_revision as r where r.id;
$$;

comment on function private.content_revision() is
  'The current revision of the published content (private.content_revision).';

-- The endpoint: GET /rest/v1/rpc/content_revision. PostgREST turns a GET's query parameters into the
-- function's arguments; the browser sends its key as the URL parameter `apikey`, which the API
-- gateway may or may not remove before PostgREST sees it (Supabase does not document which). The
-- `apikey` parameter is therefore accepted and ignored, so the call works either way.
--
-- Security invoker, and only a wrapper: Supabase's advisors flag every security definer function in
-- an exposed schema that anon can execute (anon_security_definer_function_executable), and this one
-- reaches nothing but the private function above.
create or replace function public.content_revision(apikey text default null)
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select private.content_revision();
$$;

comment on function public.content_revision(text) is
  'The revision of the published content; changes with every edit of the three content tables. '
  'Its apikey argument is ignored: it lets the key travel as a URL parameter.';

-- Functions are executable by PUBLIC unless revoked, and Supabase grants the API roles every new
-- function in `public`. Visitors may run the endpoint and, through it, the private reader; nothing
-- else of this file. Usage on `private` exposes nothing over the Data API, and visitors hold no right
-- on any table in it.
grant usage on schema private to anon, authenticated;
revoke all on function private.bump_content_revision() from public, anon, authenticated, service_role;
revoke all on function private.content_revision() from public, anon, authenticated, service_role;
revoke all on function public.content_revision(text) from public, anon, authenticated, service_role;
grant execute on function private.content_revision() to anon, authenticated, service_role;
grant execute on function public.content_revision(text) to anon, authenticated, service_role;

-- One trigger per table and event: a trigger with transition tables may name one event only.
do $$
declare
  content_table text;
  event text;
begin
  foreach content_table in array array['material_coverage', 'timeline', 'feature_cards'] loop
    foreach event in array array['insert', 'update', 'delete', 'truncate'] loop
      execute pg_catalog.format(
        'create or replace trigger %I after %s on public.%I %s'
        ' for each statement execute function private.bump_content_revision()',
        content_table || '_content_revision_' || event,
        event,
        content_table,
        case event
          when 'insert' then 'referencing new table as new_rows'
          when 'update' then 'referencing old table as old_rows new table as new_rows'
          when 'delete' then 'referencing old table as old_rows'
          else ''
        end
      );
    end loop;
  end loop;
end;
$$;
