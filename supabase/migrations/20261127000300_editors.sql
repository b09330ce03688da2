-- Editors: the content team signs in with Supabase Auth (a one-time code, no sign-ups) and reaches
-- the three content tables and their photos, nothing else, because the database says so.
--
-- Why not the dashboard: Supabase has no dashboard role limited to some tables, and RLS does not
-- bind a dashboard member, so a dashboard editor reads every inquiry. Here:
--   * private.editors is the allow-list; only operators (the database owner: `npm run editors`)
--     read or change it.
--   * private.is_editor() (security definer) says whether the request's JWT belongs to a listed
--     editor: its user id (auth.uid()) when the list knows it, else its verified email claim. Never
--     user_metadata, which the user writes. Policies call it once per statement, so a removal
--     takes effect at the editor's next request, not when the token expires.
--   * Column grants to `authenticated` name what an editor may write (every text field and its
--     `_ind` twin, the status or classification, the icon, the picture, is_active, order_index)
--     and leave ids and timestamps out; RLS lets only an editor insert, update or delete, and read
--     drafts. A signed-in user who is not an editor is a visitor: active rows, published columns.
--   * row_version makes a save conditional: an editor sends the version they opened, and a row
--     changed since (by anyone) refuses the save with PT409 (HTTP 409) instead of overwriting it.
--     A write that does not name row_version (the dashboard, scripts) is not checked; every write
--     that changes the row bumps it.
--   * private.content_audit records every change of a content row, by anyone: who (the JWT's
--     email and user id, or the database role), when, which table and row, what changed. Operators
--     read it (`npm run doctor`).
--   * The site-pictures bucket: editors upload, replace, list and delete its objects (Storage
--     itself holds them to the bucket's JPEG, PNG, WebP and AVIF up to 10 MB); no other bucket.
-- The rebuild and the content revision follow every edit through the tables' existing triggers.
--
-- Adopts an existing project and runs twice without change: `if not exists`, policies dropped by
-- name and made again, grants that repeat themselves.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

create schema if not exists private;

-- The allow-list ---------------------------------------------------------------------------------

create table if not exists private.editors (
  -- Lower case, as Supabase Auth stores an address and puts it in the JWT.
  email text primary key check (email = pg_catalog.lower(email) and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  -- The Auth user, once `npm run editors -- add` has made or found it.
  user_id uuid unique,
  added_at timestamptz not null default now()
);

comment on table private.editors is
  'Who may edit the content on /edit/ (npm run editors -- add|remove|list). Operators only.';

revoke all on table private.editors from public, anon, authenticated, service_role;

create or replace function private.is_editor()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select from private.editors as e
    where (e.user_id is not null and e.user_id = auth.uid())
       or (e.user_id is null and e.email = pg_catalog.lower(auth.jwt() ->> 'email'))
  );
$$;

comment on function private.is_editor() is
  'Whether the request''s JWT is a listed editor''s (private.editors); what the content tables'' policies ask.';

-- Policies run as the caller: authenticated calls it (it already has usage on the schema).
revoke all on function private.is_editor() from public, anon, authenticated, service_role;
grant execute on function private.is_editor() to authenticated;

-- Versions ---------------------------------------------------------------------------------------
-- A constant default is recorded in the catalogue, not written into each row.

alter table public.material_coverage add column if not exists row_version bigint not null default 0;
alter table public.timeline add column if not exists row_version bigint not null default 0;
alter table public.feature_cards add column if not exists row_version bigint not null default 0;

comment on column public.material_coverage.row_version is 'Bumped by every change; a save naming an older one is refused.';
comment on column public.timeline.row_version is 'Bumped by every change; a save naming an older one is refused.';
comment on column public.feature_cards.row_version is 'Bumped by every change; a save naming an older one is refused.';

create or replace function private.check_row_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.row_version is distinct from old.row_version then
    raise exception 'this row was changed by someone else since it was opened'
      using errcode = 'PT409',
            detail = pg_catalog.format('%s %s is at version %s, not %s', tg_table_name, old.id, old.row_version, new.row_version),
            hint = 'Reload the row, then apply your change again.';
  end if;
  -- An update that changes nothing keeps its version, so it moves neither the content revision nor a rebuild.
  if (pg_catalog.to_jsonb(new) - 'row_version') is distinct from (pg_catalog.to_jsonb(old) - 'row_version') then
    new.row_version := old.row_version + 1;
  end if;
  return new;
end;
$$;

revoke all on function private.check_row_version() from public, anon, authenticated, service_role;

-- The audit --------------------------------------------------------------------------------------

create table if not exists private.content_audit (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null default now(),
  -- From the request's JWT; null for the dashboard, scripts and migrations.
  editor_email text,
  editor_id uuid,
  -- The API role of the request (authenticated, service_role), or the database user.
  actor text not null,
  table_name text not null,
  row_id text not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  -- insert, delete: the row; update: {column: {"from": old, "to": new}} of the columns that changed.
  changes jsonb not null
);

comment on table private.content_audit is
  'Every change of a content row: who, when, which row, what changed. Operators only (npm run doctor).';

-- squawk-ignore require-concurrent-index-creation
create index if not exists content_audit_changed_at_idx on private.content_audit (changed_at desc);

revoke all on table private.content_audit from public, anon, authenticated, service_role;

create or replace function private.audit_content_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  before_row jsonb := case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end;
  after_row jsonb := case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end;
  changed jsonb;
begin
  if tg_op = 'UPDATE' then
    select pg_catalog.jsonb_object_agg(a.key, pg_catalog.jsonb_build_object('from', before_row -> a.key, 'to', a.value))
      into changed
      from pg_catalog.jsonb_each(after_row) as a
     where a.key <> 'row_version' and (before_row -> a.key) is distinct from a.value;
    if changed is null then
      return null;
    end if;
  else
    changed := coalesce(after_row, before_row) - 'row_version';
  end if;
  insert into private.content_audit (editor_email, editor_id, actor, table_name, row_id, action, changes)
  values (
    nullif(claims ->> 'email', ''),
    case when claims ->> 'sub' ~ '^[0-9a-fA-F-]{36}$' then (claims ->> 'sub')::uuid end,
    coalesce(nullif(claims ->> 'role', ''), session_user::text),
    tg_table_name,
    coalesce(after_row, before_row) ->> 'id',
    pg_catalog.lower(tg_op),
    changed
  );
  return null;
end;
$$;

revoke all on function private.audit_content_change() from public, anon, authenticated, service_role;

-- Triggers, grants and policies, the same for each table -----------------------------------------

do $tables$
declare
  t record;
  policy record;
begin
  for t in
    select * from (values
      ('material_coverage', 'name, name_ind, description, description_ind, image, status, is_active, order_index'),
      ('timeline', 'period, period_ind, title, title_ind, description, description_ind, status, icon, is_active, order_index'),
      ('feature_cards', 'classification, title, title_ind, subtitle, subtitle_ind, icon, icon_color, is_active, order_index')
    ) as v(tbl, editable)
  loop
    execute format(
      'create or replace trigger %I before update on public.%I for each row execute function private.check_row_version()',
      t.tbl || '_row_version', t.tbl);
    execute format(
      'create or replace trigger %I after insert or update or delete on public.%I for each row execute function private.audit_content_change()',
      t.tbl || '_audit', t.tbl);

    -- Reads add the version to the published columns visitors already read; writes name the
    -- editable columns, never id or created_at.
    execute format('grant select (row_version) on table public.%I to authenticated', t.tbl);
    execute format('grant insert (%s) on table public.%I to authenticated', t.editable, t.tbl);
    execute format('grant update (%s, row_version) on table public.%I to authenticated', t.editable, t.tbl);
    execute format('grant delete on table public.%I to authenticated', t.tbl);

    -- One select policy per role (two permissive ones would both be evaluated for every row):
    -- anon keeps the visitors' read; authenticated reads the same, and an editor every row.
    execute format(
      'alter policy %I on public.%I to anon',
      case t.tbl
        when 'material_coverage' then 'Visitors read active material coverage'
        when 'timeline' then 'Visitors read active timeline items'
        else 'Visitors read active feature cards'
      end,
      t.tbl);
    -- Named through format() so that each is dropped and made again by one road.
    for policy in
      select * from (values
        ('Signed-in users read active rows, editors every row', 'select',
         'using (is_active or (select private.is_editor()))'),
        ('Editors add rows', 'insert', 'with check ((select private.is_editor()))'),
        ('Editors change rows', 'update', 'using ((select private.is_editor())) with check ((select private.is_editor()))'),
        ('Editors delete rows', 'delete', 'using ((select private.is_editor()))')
      ) as p(name, command, rule)
    loop
      execute format('drop policy if exists %I on public.%I', policy.name, t.tbl);
      execute format('create policy %I on public.%I for %s to authenticated %s', policy.name, t.tbl, policy.command, policy.rule);
    end loop;
  end loop;
end
$tables$;

-- An adopted table whose id is drawn from a sequence by its default (serial): an editor's insert
-- draws from it too.
do $sequences$
declare
  owned record;
begin
  for owned in
    select s.oid::regclass as seq
    from pg_catalog.pg_class as t
    join pg_catalog.pg_depend as dep
      on dep.refobjid = t.oid and dep.classid = 'pg_catalog.pg_class'::regclass and dep.deptype = 'a'
    join pg_catalog.pg_class as s on s.oid = dep.objid and s.relkind = 'S'
    join pg_catalog.pg_attrdef as d on d.adrelid = t.oid and d.adnum = dep.refobjsubid
    where t.relnamespace = 'public'::regnamespace
      and t.relname in ('material_coverage', 'timeline', 'feature_cards')
      and pg_catalog.pg_get_expr(d.adbin, d.adrelid) like 'nextval(%'
  loop
    execute format('grant usage on sequence %s to authenticated', owned.seq);
  end loop;
end
$sequences$;

-- The site pictures --------------------------------------------------------------------------------
-- Supabase creates the `storage` schema; plain PostgreSQL and PGlite have none and skip this part,
-- as 20261124000500_site_pictures_bucket.sql skips the bucket.
do $pictures$
declare
  action record;
begin
  if pg_catalog.to_regclass('storage.objects') is null then
    raise notice 'no Supabase Storage (schema storage) here: editors'' picture policies skipped';
    return;
  end if;
  for action in
    select * from (values
      ('Editors list site pictures', 'select', 'using'),
      ('Editors upload site pictures', 'insert', 'with check'),
      ('Editors replace site pictures', 'update', 'using'),
      ('Editors delete site pictures', 'delete', 'using')
    ) as v(name, command, clause)
  loop
    execute pg_catalog.format('drop policy if exists %I on storage.objects', action.name);
    execute pg_catalog.format(
      'create policy %I on storage.objects for %s to authenticated %s (bucket_id = %L and (select private.is_editor()))',
      action.name, action.command, action.clause, 'site-pictures');
  end loop;
end
$pictures$;
