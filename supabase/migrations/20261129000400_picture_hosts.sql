-- Where a picture may come from. The build downloads every picture link of the content (the source
-- plugin's `remoteImage` columns, today material_coverage.image) from the machine that builds the
-- site, so a link to `https://169.254.169.254/…` or a host inside a network would have that machine
-- fetch it. A picture link is therefore one of:
--   * a site path: '/' then anything but a second '/' (a file in static/, served as it is);
--   * a photo of the project's own public bucket: `<project_url>/storage/v1/object/public/site-pictures/…`,
--     `project_url` being the Vault secret the sweep already reads (http only where that URL is,
--     i.e. the local backend);
--   * an https link to a host an operator lists in private.picture_hosts (no port, no user).
-- Anything else is refused, for every writer (an editor on /edit/, the service role, the dashboard,
-- the owner), by a row trigger, with a message the editing page shows as it is.
--
-- The rule reads a link strictly rather than the way a lenient parser would: no blanks, control
-- characters or backslashes anywhere, plain ASCII, no `user@` before the host, a host of letters,
-- digits, dots and hyphens only (no IPv6 literal, no percent-encoding), no `.` or `..` segment,
-- then a plain prefix match on the lower-cased scheme and host. A link it accepts therefore names
-- the same host for PostgreSQL and for the build's URL parser. The build applies the same list
-- (public.picture_sources(), below) and follows no redirect to another host.
--
-- Rows that predate this file are never rewritten or refused: the trigger checks a link when a row
-- is inserted or its link changes. An old row whose link is from elsewhere keeps it through edits of
-- its other fields; the build shows the card's icon for it until an editor replaces the link or an
-- operator lists its host (the query in docs/backend.md, "Picture links", finds such rows).
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

create schema if not exists private;

-- The setting ------------------------------------------------------------------------------------

-- A host name in the form a browser and the build compare: lower case, dotted, ending in a label
-- that starts with a letter (so never an IPv4 literal), no trailing dot, no port.
create table if not exists private.picture_hosts (
  host text primary key
    constraint picture_hosts_host_valid check (
      pg_catalog.char_length(host) <= 253
      and host ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$'
    ),
  note text,
  added_at timestamptz not null default now()
);

comment on table private.picture_hosts is
  'Hosts, besides the project''s own site-pictures bucket, whose https links editors may use as pictures. '
  'Operators only, in the SQL editor: insert into private.picture_hosts (host, note) values '
  '(''images.example.com'', ''our CDN''); delete from private.picture_hosts where host = ''images.example.com''; '
  'New links are checked against it; the next build downloads only from the hosts listed then.';

revoke all on table private.picture_hosts from public, anon, authenticated, service_role;

-- The list ---------------------------------------------------------------------------------------

-- What a picture link may start with, lower case: the project's bucket (when Vault holds a plain
-- project URL) and `https://<host>/` for each listed host. Security definer: Vault and the list are
-- the owner's to read.
create or replace function private.picture_prefixes()
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  project text := pg_catalog.lower(pg_catalog.rtrim(coalesce(private.vault_secret('project_url'), ''), '/'));
begin
  return array(
    select p.prefix
    from (
      select project || '/storage/v1/object/public/site-pictures/' as prefix, 0 as place
      where project ~ '^https?://[a-z0-9.-]+(:[0-9]{1,5})?$'
      union all
      select 'https://' || h.host || '/', 1 from private.picture_hosts as h
    ) as p
    order by p.place, p.prefix
  );
end;
$$;

-- Why a picture link may not be used, in words an editor can act on; null when it may. Null and a
-- site path need no list. Owner only (the trigger's): operators call it to find old rows.
create or replace function private.picture_link_problem(link text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  parts text[];
  scheme text;
  authority text;
  origin text;
  prefixes text[];
  paths text;
begin
  if link is null then
    return null;
  end if;
  if link ~ '[[:space:][:cntrl:]\\]' then
    return 'it holds a space, a backslash or a control character';
  end if;
  if link ~ '^/[^/]' then
    return null;
  end if;
  parts := pg_catalog.regexp_match(link, '^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)(.*)$');
  if parts is null or pg_catalog.lower(parts[1]) not in ('https', 'http') then
    return 'it is neither a site path (/…) nor an https:// address';
  end if;
  -- Blanks and control characters are out already: one byte per character is printable ASCII.
  if pg_catalog.octet_length(link) <> pg_catalog.char_length(link) then
    return 'it holds characters outside plain ASCII';
  end if;
  scheme := pg_catalog.lower(parts[1]);
  authority := pg_catalog.lower(parts[2]);
  if pg_catalog.strpos(authority, '@') > 0 then
    return 'it names a user before its host (…@)';
  end if;
  if authority !~ '^[a-z0-9.-]+(:[0-9]+)?$' then
    return 'its host is not a plain name';
  end if;
  if parts[3] ~* '(^|/)(\.|%2e){1,2}([/?#]|$)' then
    return 'it holds a /./ or /../ segment';
  end if;
  origin := scheme || '://' || authority;
  prefixes := private.picture_prefixes();
  if exists (select from pg_catalog.unnest(prefixes) as p(prefix) where pg_catalog.starts_with(origin || parts[3], p.prefix)) then
    return null;
  end if;
  select pg_catalog.string_agg(pg_catalog.substr(p.prefix, pg_catalog.char_length(origin) + 1) || '…', ', ')
    into paths
    from pg_catalog.unnest(prefixes) as p(prefix)
    where pg_catalog.starts_with(p.prefix, origin || '/');
  if paths is not null then
    return pg_catalog.format('on %s pictures come from %s only', authority, paths);
  end if;
  if scheme = 'http' then
    return 'http:// is not accepted: use https://';
  end if;
  return pg_catalog.format('%s is not a host pictures may come from', authority);
end;
$$;

-- The trigger: the column it checks is its argument, so any table with a picture column can use it.
-- A link that an update leaves as it was is not checked again (see the header). Security definer:
-- an editor holds no right on Vault or the list.
create or replace function private.check_picture_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  column_name text := tg_argv[0];
  link text := pg_catalog.to_jsonb(new) ->> column_name;
  problem text;
  hosts text;
begin
  if tg_op = 'UPDATE' and link is not distinct from (pg_catalog.to_jsonb(old) ->> column_name) then
    return new;
  end if;
  problem := private.picture_link_problem(link);
  if problem is null then
    return new;
  end if;
  select pg_catalog.string_agg(h.host, ', ' order by h.host) into hosts from private.picture_hosts as h;
  raise exception using
    errcode = 'check_violation',
    constraint = tg_table_name || '_' || column_name || '_source',
    message = pg_catalog.format(
      'picture link refused: %s. Use a photo uploaded here, a site path such as /images/materials/pet.svg, or an https link from %s',
      problem,
      coalesce(hosts, 'a host an operator lists')
    ),
    hint = 'Operators list hosts in private.picture_hosts.';
end;
$$;

create or replace trigger material_coverage_picture_link
  before insert or update of image on public.material_coverage
  for each row execute function private.check_picture_link('image');

-- The build's question ---------------------------------------------------------------------------

-- The prefixes, for the source plugin's `remoteImages.sources` (the anon key, as the build reads
-- the lists). Security invoker, and only a wrapper, as public.content_revision is: the advisors
-- flag a security definer function in an exposed schema that anon can execute.
create or replace function public.picture_sources()
returns text[]
language sql
stable
security invoker
set search_path = ''
as $$
  select private.picture_prefixes();
$$;

-- Functions are executable by PUBLIC unless revoked, and Supabase grants the API roles every new
-- function in `public`. The build (anon) asks for the prefixes; nothing else here is anyone's but
-- the owner's, whose trigger runs the rest.
revoke all on function private.picture_prefixes() from public, anon, authenticated, service_role;
revoke all on function private.picture_link_problem(text) from public, anon, authenticated, service_role;
revoke all on function private.check_picture_link() from public, anon, authenticated, service_role;
revoke all on function public.picture_sources() from public, anon, authenticated, service_role;
grant usage on schema private to anon;
grant execute on function private.picture_prefixes() to anon;
grant execute on function public.picture_sources() to anon;
