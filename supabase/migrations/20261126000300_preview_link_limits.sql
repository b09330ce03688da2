-- Preview links that cannot be used as a lever (20261125002000_preview_links.sql made them):
--   * a link saves an order at most saves_per_minute (3) times in any minute: every save moves
--     rows and bumps the content revision, so every open page reads its lists again;
--   * arrange_content refuses more ids than the list holds before looking at any of them, and its
--     errors name at most five ids, each cut to 40 characters;
--   * a link made with `npm run preview-link -- --read-only` previews but cannot arrange (PT403);
--   * a link works for at most 30 days from its making, whatever expiry it was given.
--
-- Idempotent: it applies over itself without error or change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

alter table private.preview_links
  add column if not exists can_arrange boolean not null default true,
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists saves_per_minute integer not null default 3 check (saves_per_minute >= 0);

create table if not exists private.preview_link_saves (
  link_id bigint not null references private.preview_links (id) on delete cascade,
  saved_at timestamptz not null default now()
);

create index if not exists preview_link_saves_link_saved_idx on private.preview_link_saves (link_id, saved_at);

comment on table private.preview_link_saves is
  'When each preview link last saved an order (kept a minute), for its saves_per_minute.';

revoke all on table private.preview_link_saves from public, anon, authenticated, service_role;

do $rules$
begin
  if not exists (
    select from pg_catalog.pg_constraint
    where conrelid = 'private.preview_links'::regclass and conname = 'preview_links_at_most_30_days'
  ) then
    alter table private.preview_links
      add constraint preview_links_at_most_30_days check (expires_at <= created_at + interval '30 days') not valid;
  end if;
end
$rules$;

-- The link a token names, or the refusal the page shows; a link older than 30 days has expired.
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
  link.expires_at := least(link.expires_at, link.created_at + interval '30 days');
  if link.expires_at <= pg_catalog.now() then
    raise sqlstate 'PT410' using
      message = 'preview link expired',
      detail = pg_catalog.format('Expired at %s.', link.expires_at),
      hint = 'Ask for a new link (npm run preview-link).';
  end if;
  return link;
end;
$$;

-- At most five of `ids`, each cut to 40 characters, and how many more there are.
create or replace function private.preview_ids_named(ids text[])
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.string_agg(
           case when pg_catalog.char_length(i.id) > 40 then pg_catalog.left(i.id, 40) || '…' else i.id end, ', ' order by i.n)
         || case when pg_catalog.cardinality(ids) > 5 then pg_catalog.format(' and %s more', pg_catalog.cardinality(ids) - 5) else '' end
  from pg_catalog.unnest(ids) with ordinality as i(id, n)
  where i.n <= 5;
$$;

-- Writes one list's order (as in 20261125002000_preview_links.sql), within the link's rights and
-- saves, naming only a few ids when the ids are wrong.
create or replace function private.arrange_content(token text, list text, ids jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  link private.preview_links := private.preview_link(token);
  target regclass;
  in_list text := '';
  list_size integer;
  wanted text[];
  present text[];
  problems text[];
  moved integer;
  broken_rule text;
begin
  if not link.can_arrange then
    raise sqlstate 'PT403' using
      message = 'preview link is read-only',
      hint = 'Ask for a link that may arrange (npm run preview-link without --read-only).';
  end if;

  target := case list
    when 'coverage' then 'public.material_coverage'::regclass
    when 'timeline' then 'public.timeline'::regclass
    when 'adasorter' then 'public.feature_cards'::regclass
    when 'worker' then 'public.feature_cards'::regclass
  end;
  if target is null then
    raise sqlstate '22023' using
      message = pg_catalog.format('unknown list %s', coalesce(pg_catalog.quote_literal(pg_catalog.left(list, 40)), 'null')),
      hint = 'The lists are coverage, timeline, adasorter and worker.';
  end if;
  if list in ('adasorter', 'worker') then
    in_list := 'where t.classification::text = $1';
  end if;

  if ids is null or pg_catalog.jsonb_typeof(ids) <> 'array' then
    raise sqlstate '22023' using message = 'ids must be a JSON array of the list''s ids (strings or numbers)';
  end if;
  execute pg_catalog.format('select count(*)::integer from %s as t %s', target, in_list) into list_size using list;
  if pg_catalog.jsonb_array_length(ids) > list_size then
    raise sqlstate '22023' using
      message = pg_catalog.format('ids are not the %s list in a new order', list),
      detail = pg_catalog.format('%s ids for a list of %s rows.', pg_catalog.jsonb_array_length(ids), list_size),
      hint = 'Reload the preview: the list has changed since it was read.';
  end if;
  if exists (select from pg_catalog.jsonb_array_elements(ids) as e where pg_catalog.jsonb_typeof(e) not in ('string', 'number')) then
    raise sqlstate '22023' using message = 'ids must be a JSON array of the list''s ids (strings or numbers)';
  end if;

  -- One save at a time per link, counted against the last minute's.
  perform from private.preview_links as l where l.id = link.id for update;
  delete from private.preview_link_saves as s where s.saved_at < pg_catalog.now() - interval '1 minute';
  if (select count(*) from private.preview_link_saves as s where s.link_id = link.id) >= link.saves_per_minute then
    raise sqlstate 'PT429' using
      message = 'too many saves from this preview link',
      detail = pg_catalog.format('At most %s saves a minute.', link.saves_per_minute),
      hint = 'Wait a minute, then save again.';
  end if;

  wanted := array(select e #>> '{}' from pg_catalog.jsonb_array_elements(ids) with ordinality as x(e, n) order by n);

  -- The list's rows are locked until the transaction ends, so no edit can slip in between reading
  -- them and writing their new order.
  execute pg_catalog.format(
    'select array(select l.id from (select t.id::text as id from %s as t %s for update) as l order by l.id)',
    target, in_list
  ) into present using list;

  problems := array(
    select pg_catalog.format('not in the list: %s', private.preview_ids_named(pg_catalog.array_agg(w order by w)))
    from pg_catalog.unnest(wanted) as w where not (w = any (present)) having count(*) > 0
    union all
    select pg_catalog.format('missing: %s', private.preview_ids_named(pg_catalog.array_agg(p order by p)))
    from pg_catalog.unnest(present) as p where not (p = any (wanted)) having count(*) > 0
    union all
    select pg_catalog.format('given more than once: %s', private.preview_ids_named(pg_catalog.array_agg(d.id order by d.id)))
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
  insert into private.preview_link_saves (link_id) values (link.id);
  return moved;
end;
$$;

-- The page learns whether its link may arrange.
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
    'can_arrange', link.can_arrange,
    'lists', pg_catalog.jsonb_build_object(
      'coverage', private.preview_rows('public.material_coverage', null),
      'timeline', private.preview_rows('public.timeline', null),
      'adasorter', private.preview_rows('public.feature_cards', 'adasorter'),
      'worker', private.preview_rows('public.feature_cards', 'worker')
    )
  );
end;
$$;

revoke all on function private.preview_ids_named(text[]) from public, anon, authenticated, service_role;
