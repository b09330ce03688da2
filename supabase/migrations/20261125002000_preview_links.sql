-- Editors' preview links: a page that shows every row of the three content tables, drafts
-- included, and lets an editor put each list in a new order, without a Supabase login.
--
-- An operator makes a link with `npm run preview-link`: a random token of 256 bits, of which only
-- the SHA-256 hash is stored here, with an expiry and an optional label. The token travels in the
-- link's fragment (/preview/#token=…), so no server log and no Referer ever carries it. A link can be
-- revoked (`npm run preview-link -- --revoke [LABEL]`); revoked and expired links stay in the table
-- so that the page can say which of the two happened.
--
-- Two API functions take the token, both callable by anon (the page sends the public anon key):
--   * public.preview_content(token): every row of the three tables, inactive ones included, as the
--     page's four lists (coverage, timeline, adasorter, worker), each row with the columns visitors
--     may read (the column grants of 20261123000100_content_tables.sql) plus is_active and
--     order_index;
--   * public.arrange_content(token, list, ids): writes one list's new order, in one statement, so
--     the content tables' statement triggers (the rebuild, the refresh's revision) fire once.
-- A missing, unknown, revoked or expired token is refused with its own SQLSTATE, which PostgREST
-- turns into the HTTP status after "PT" (PostgREST's custom status codes):
--   PT401 "preview link invalid", PT403 "preview link revoked", PT410 "preview link expired".
--
-- Reading drafts and writing order_index needs more than anon holds, so the work is done by
-- `security definer` functions in `private`, which the Data API does not expose. The public
-- functions are `security invoker` wrappers: Supabase's advisors flag every security definer
-- function in an exposed schema that anon can execute (anon_security_definer_function_executable),
-- and the wrappers add nothing a caller could abuse. Every function has an empty search_path, so no
-- caller's object can stand in for one it names.
--
-- Re-runnable: the table is created only when missing and the functions are replaced by the same.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

create schema if not exists private;
revoke all on schema private from public;
-- The wrappers run as the caller, so anon reaches the two private functions it may execute. Usage
-- on `private` exposes nothing over the Data API (it serves `public` only) and anon holds no right
-- on any table in it.
grant usage on schema private to anon;

create table if not exists private.preview_links (
  id bigint generated always as identity primary key,
  -- sha256 of the token's UTF-8 text; the token itself is never stored.
  token_hash bytea not null unique constraint preview_links_token_hash_sha256 check (octet_length(token_hash) = 32),
  -- Who or what the link is for, so that one link can be revoked alone.
  label text constraint preview_links_label_length check (label is null or char_length(label) between 1 and 200),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table private.preview_links is
  'Editors'' preview links (npm run preview-link): the SHA-256 of each token, its label, expiry and '
  'revocation (20261125002000_preview_links.sql).';

revoke all on table private.preview_links from public, anon, authenticated, service_role;

-- The link a token names, or the refusal the page shows. Called by the two functions below as
-- their owner; the API roles cannot call it.
create or replace function private.preview_link(token text)
returns private.preview_links
language plpgsql
stable
set search_path = ''
as $$
declare
  link private.preview_links;
begin
  -- A token is 43 characters; anything far longer is not one and is not worth hashing.
  if token is not null and pg_catalog.char_length(token) between 1 and 256 then
    select l.* into link
    from private.preview_links as l
    where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'));
  end if;
  if link.id is null then
    raise sqlstate 'PT401' using
      message = 'preview link invalid',
      hint = 'Copy the whole link, or ask for a new one (npm run preview-link).';
  end if;
  if link.revoked_at is not null then
    raise sqlstate 'PT403' using
      message = 'preview link revoked',
      detail = pg_catalog.format('Revoked at %s.', link.revoked_at),
      hint = 'Ask for a new link (npm run preview-link).';
  end if;
  if link.expires_at <= pg_catalog.now() then
    raise sqlstate 'PT410' using
      message = 'preview link expired',
      detail = pg_catalog.format('Expired at %s.', link.expires_at),
      hint = 'Ask for a new link (npm run preview-link).';
  end if;
  return link;
end;
$$;

-- One list's rows, every one of them, in published order (order_index, nulls last, then id): each
-- row as an object of the columns anon may read, so the preview shows what visitors would see of a
-- row and never a private column an adopted table keeps (notes, authors, ...).
create or replace function private.preview_rows(target regclass, classification text)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  published text[];
  listed jsonb;
begin
  published := array(
    select a.attname::text
    from pg_catalog.pg_attribute as a
    where a.attrelid = target and a.attnum > 0 and not a.attisdropped
      and pg_catalog.has_column_privilege('anon', target, a.attnum, 'SELECT')
  );
  execute pg_catalog.format(
    $query$
      select coalesce(pg_catalog.jsonb_agg(r.visible order by r.position nulls last, r.id), '[]'::jsonb)
      from (
        select (select pg_catalog.jsonb_object_agg(c.key, c.value)
                from pg_catalog.jsonb_each(pg_catalog.to_jsonb(t)) as c
                where c.key = any ($1)) as visible,
               t.order_index as position,
               t.id::text as id
        from %s as t
        %s
      ) as r
    $query$,
    target,
    case when classification is null then '' else 'where t.classification::text = $2' end
  ) into listed using published, classification;
  return listed;
end;
$$;

create or replace function private.preview_content(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  link private.preview_links := private.preview_link(token);
begin
  return pg_catalog.jsonb_build_object(
    'label', link.label,
    'expires_at', link.expires_at,
    'lists', pg_catalog.jsonb_build_object(
      'coverage', private.preview_rows('public.material_coverage', null),
      'timeline', private.preview_rows('public.timeline', null),
      'adasorter', private.preview_rows('public.feature_cards', 'adasorter'),
      'worker', private.preview_rows('public.feature_cards', 'worker')
    )
  );
end;
$$;

-- Writes one list's order: `ids` must be exactly the list's ids (drafts included; uuid, bigint or
-- text ids, as JSON strings or numbers), each once, in the new order. order_index becomes 10, 20,
-- 30, ... (the seed's steps, so an editor can still slot a row in between by hand). Only rows
-- whose position changes are written, and a list already in that order writes nothing, so saving
-- it again asks for no rebuild. Returns how many rows moved.
create or replace function private.arrange_content(token text, list text, ids jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  target regclass;
  in_list text := '';
  wanted text[];
  present text[];
  problems text[];
  moved integer;
  broken_rule text;
begin
  perform private.preview_link(token);

  target := case list
    when 'coverage' then 'public.material_coverage'::regclass
    when 'timeline' then 'public.timeline'::regclass
    when 'adasorter' then 'public.feature_cards'::regclass
    when 'worker' then 'public.feature_cards'::regclass
  end;
  if target is null then
    raise sqlstate '22023' using
      message = pg_catalog.format('unknown list %s', coalesce(pg_catalog.quote_literal(list), 'null')),
      hint = 'The lists are coverage, timeline, adasorter and worker.';
  end if;
  if list in ('adasorter', 'worker') then
    in_list := 'where t.classification::text = $1';
  end if;

  if ids is null or pg_catalog.jsonb_typeof(ids) <> 'array'
     or exists (select from pg_catalog.jsonb_array_elements(ids) as e where pg_catalog.jsonb_typeof(e) not in ('string', 'number')) then
    raise sqlstate '22023' using message = 'ids must be a JSON array of the list''s ids (strings or numbers)';
  end if;
  wanted := array(select e #>> '{}' from pg_catalog.jsonb_array_elements(ids) with ordinality as x(e, n) order by n);

  -- The list's rows are locked until the transaction ends, so no edit can slip in between reading
  -- them and writing their new order.
  execute pg_catalog.format(
    'select array(select l.id from (select t.id::text as id from %s as t %s for update) as l order by l.id)',
    target, in_list
  ) into present using list;

  problems := array(
    select pg_catalog.format('not in the list: %s', pg_catalog.string_agg(w, ', ' order by w))
    from pg_catalog.unnest(wanted) as w where not (w = any (present)) having count(*) > 0
    union all
    select pg_catalog.format('missing: %s', pg_catalog.string_agg(p, ', ' order by p))
    from pg_catalog.unnest(present) as p where not (p = any (wanted)) having count(*) > 0
    union all
    select pg_catalog.format('given more than once: %s', pg_catalog.string_agg(d.id, ', ' order by d.id))
    from (select w as id from pg_catalog.unnest(wanted) as w group by w having count(*) > 1) as d having count(*) > 0
  );
  if pg_catalog.cardinality(problems) > 0 then
    raise sqlstate '22023' using
      message = pg_catalog.format('ids are not the %s list in a new order', list),
      detail = pg_catalog.array_to_string(problems, '; ') || '.',
      hint = 'Reload the preview: the list has changed since it was read.';
  end if;

  execute pg_catalog.format(
    $count$
      select count(*)::integer
      from %s as t
      join pg_catalog.unnest($2::text[]) with ordinality as u(id, n) on u.id = t.id::text
      where t.order_index is distinct from (u.n * 10)::integer
    $count$,
    target
  ) into moved using list, wanted;
  if moved = 0 then
    return 0;
  end if;

  begin
    execute pg_catalog.format(
      $update$
        update %s as t set order_index = (u.n * 10)::integer
        from pg_catalog.unnest($2::text[]) with ordinality as u(id, n)
        where u.id = t.id::text and t.order_index is distinct from (u.n * 10)::integer
      $update$,
      target
    ) using list, wanted;
  exception when check_violation then
    -- An old row the migrations spared (its rule NOT VALID) may not be written until it is fixed.
    get stacked diagnostics broken_rule = constraint_name;
    raise sqlstate '23514' using
      message = pg_catalog.format('a row of the %s list breaks the rule %s', list, broken_rule),
      hint = 'Fix that row in the Table Editor, then save the order again.';
  end;
  return moved;
end;
$$;

-- The API: what PostgREST serves as POST /rest/v1/rpc/preview_content and /rpc/arrange_content.
create or replace function public.preview_content(token text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.preview_content(token);
$$;

create or replace function public.arrange_content(token text, list text, ids jsonb)
returns integer
language sql
set search_path = ''
as $$
  select private.arrange_content(token, list, ids);
$$;

comment on function public.preview_content(text) is
  'Every row of the content tables, drafts included, as the page''s four lists, for a valid preview link.';
comment on function public.arrange_content(text, text, jsonb) is
  'Writes one list''s new order (ids, drafts included) for a valid preview link; returns how many rows moved.';

-- Functions are executable by PUBLIC unless revoked, and Supabase grants the API roles every new
-- function in `public`: only anon, the page's role, gets these, and the helpers go to nobody.
revoke all on function
  private.preview_link(text),
  private.preview_rows(regclass, text),
  private.preview_content(text),
  private.arrange_content(text, text, jsonb),
  public.preview_content(text),
  public.arrange_content(text, text, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function
  private.preview_content(text),
  private.arrange_content(text, text, jsonb),
  public.preview_content(text),
  public.arrange_content(text, text, jsonb)
  to anon;
