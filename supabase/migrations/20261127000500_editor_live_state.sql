-- The live state for editors: /edit/ tells a signed-in editor whether the live site shows their
-- saved edits, as the preview bar does behind a preview link (20261126001100_site_live_watch.sql).
--   * private.live_state_answer(live_revision): the answer both give, from private.site_live_state
--     (state live, pending or stale; stale only past the maximum wait and the build's allowance);
--   * public.editor_live_state(live_revision): for a listed editor (private.is_editor(), so a
--     removal takes effect at the next request); anyone else, a signed-in non-editor included, is
--     refused with PT403 (HTTP 403). Executable by authenticated only.
--   * private.preview_live_state restated to share the answer.
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

create or replace function private.live_state_answer(live_revision bigint)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'state', s.state,
    'revision', s.revision,
    'live_revision', s.live_revision,
    'edits_since', s.edits_since,
    'live_saved_at', s.live_saved_at,
    'behind_since', s.behind_since,
    'max_wait_seconds', pg_catalog.date_part('epoch', s.max_wait)::bigint
  )
  from private.site_live_state(live_revision) as s;
$$;

revoke all on function private.live_state_answer(bigint) from public, anon, authenticated, service_role;

create or replace function private.preview_live_state(token text, live_revision bigint)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.preview_link(token);
  return private.live_state_answer(live_revision);
end;
$$;

create or replace function private.editor_live_state(live_revision bigint)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_editor() then
    raise exception 'only an editor may read the live state' using errcode = 'PT403';
  end if;
  return private.live_state_answer(live_revision);
end;
$$;

revoke all on function private.editor_live_state(bigint) from public, anon, authenticated, service_role;
grant execute on function private.editor_live_state(bigint) to authenticated;

create or replace function public.editor_live_state(live_revision bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.editor_live_state(live_revision);
$$;

comment on function public.editor_live_state(bigint) is
  'For a signed-in editor: whether the site built from live_revision shows every saved edit '
  '(state live, pending or stale), how many edits it misses and since when.';

revoke all on function public.editor_live_state(bigint) from public, anon, authenticated, service_role;
grant execute on function public.editor_live_state(bigint) to authenticated;
