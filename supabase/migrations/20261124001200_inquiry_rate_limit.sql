-- Flood limit on inquiries: a handful per client address, refused beyond with HTTP 429.
--
-- Supabase's documented pattern ("Securing your API", rate limit per IP): PostgREST runs a
-- pre-request function (`pgrst.db_pre_request` on the `authenticator` role) inside every Data API
-- request's transaction, after switching to the request's role and setting request.method,
-- request.path and request.headers, and before the statement. This one counts the inserts into
-- contact_submissions per client address in a private table and refuses the one over the limit.
-- An insert that fails anyway (a bad field) rolls back its count with it.
--
-- The address: the first entry of `x-forwarded-for`. Supabase's edge sets that header on every
-- Data API request from the connecting client, and Supabase documents reading the client address
-- from it. A client that sends its own X-Forwarded-For gets its value first and the edge's after
-- it, so a script can pose as other addresses; the overall limit below bounds what that buys (and
-- the hourly email cap bounds the email). IPv6 addresses count per /64, the block one client
-- normally holds. A request without the header, or with a value that is not an address, counts
-- against one shared bucket: losing the header must not lift the limit.
--
-- Limits in private.inquiry_limits (inserts_per_address, inserts_overall, insert_window).

set local lock_timeout = '5s';
set local statement_timeout = '60s';

create table if not exists private.inquiry_writes (
  client text not null,
  at timestamptz not null default now()
);

create index if not exists inquiry_writes_client_at_idx on private.inquiry_writes (client, at);
create index if not exists inquiry_writes_at_idx on private.inquiry_writes (at);

comment on table private.inquiry_writes is
  'Recent inserts into contact_submissions per client address, for the per-address limit; kept for insert_window.';

create or replace function private.check_request()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  forwarded text;
  address inet;
  bucket text := 'unknown';
  recent integer;
begin
  -- Only a visitor's insert of an inquiry counts. The service role (the notifier) is never limited;
  -- reads run in read-only transactions and are not counted.
  if current_setting('request.method', true) is distinct from 'POST'
     or pg_catalog.ltrim(coalesce(current_setting('request.path', true), ''), '/') <> 'contact_submissions'
     or coalesce(nullif(current_setting('request.jwt.claims', true), '')::json ->> 'role', '') = 'service_role' then
    return;
  end if;

  forwarded := pg_catalog.btrim(pg_catalog.split_part(
    coalesce(nullif(current_setting('request.headers', true), '')::json ->> 'x-forwarded-for', ''), ',', 1));
  begin
    address := forwarded::inet;
  exception when others then
    address := null;
  end;
  if address is not null then
    bucket := case
      when pg_catalog.family(address) = 6 then pg_catalog.network(pg_catalog.set_masklen(address, 64))::text
      else pg_catalog.host(address)
    end;
  end if;

  select * into limits from private.inquiry_limits;
  -- One insert per address at a time, so ten simultaneous ones cannot all count nine before them.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_rate_limit'), pg_catalog.hashtext(bucket));
  delete from private.inquiry_writes where at < now() - limits.insert_window;

  select count(*) into recent from private.inquiry_writes where client = bucket;
  if recent >= limits.inserts_per_address then
    -- PostgREST answers a PTxyz SQLSTATE with HTTP xyz and this message, detail and hint.
    raise sqlstate 'PT429' using
      message = 'Too many inquiries from this address',
      detail = pg_catalog.format('At most %s inquiries per address in %s.', limits.inserts_per_address, limits.insert_window),
      hint = 'Try again in a few minutes.';
  end if;
  select count(*) into recent from private.inquiry_writes;
  if recent >= limits.inserts_overall then
    raise sqlstate 'PT429' using
      message = 'Too many inquiries right now',
      detail = pg_catalog.format('At most %s inquiries in %s.', limits.inserts_overall, limits.insert_window),
      hint = 'Try again in a few minutes.';
  end if;

  insert into private.inquiry_writes (client) values (bucket);
end;
$$;

comment on function private.check_request() is
  'PostgREST pre-request hook (pgrst.db_pre_request): per-address limit on inserts into contact_submissions, HTTP 429 beyond.';

-- PostgREST calls it as the request's role. Usage on `private` exposes nothing over the Data API,
-- which serves `public` only; the roles get no right on any table in it.
grant usage on schema private to anon, authenticated, service_role;
revoke execute on function private.check_request() from public;
grant execute on function private.check_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request = 'private.check_request';
-- PostgREST rereads its settings (db_pre_request among them) on this notification.
notify pgrst, 'reload config';
