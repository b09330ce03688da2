-- Inquiry limits enforced by the table itself: every row counts, whatever path wrote it.
--
-- 20261124001200_inquiry_rate_limit.sql counted requests in PostgREST's pre-request hook. Tried as
-- an attacker would, it fell three ways: one POST with a JSON array of 500 rows counted once; the
-- hook compared the raw path, so `contact%5Fsubmissions` reached the table uncounted; and the
-- address was the first X-Forwarded-For entry, which the client writes itself, so a script could be
-- a new address every time and, all together, keep the overall ceiling full for real visitors.
--
-- Here the limits live in a statement-level trigger on contact_submissions. It sees every row of
-- every insert by a visitor (an array of 200 counts 200), whatever reached the table: an encoded
-- path, an upsert, a function that inserts on a visitor's behalf. It takes the client address from
-- the header Supabase's edge sets and a client cannot (private.inquiry_client below), so one machine
-- is one address however it fills X-Forwarded-For. The pre-request hook is switched off (end of file).
--
-- Limits, in private.inquiry_limits (one row; change with UPDATE):
--   inserts_per_address (10) per insert_window (10 minutes): one client address;
--   inserts_per_email (3) per email_insert_window (1 hour): one email address, from anywhere;
--   pending_max (500): inquiries not yet sent (a digest lists up to 500): past it, a flood or a
--     stalled pipeline cannot fill the database;
--   inserts_overall (100) per insert_window: all visitors together.
--
-- Refusals (PostgREST answers RAISE sqlstate 'PTxyz' with HTTP xyz and the raised message, detail
-- and hint); the browser tells them apart by the code:
--   PT429: this visitor sent too many (per address, per email address);
--   PT503: the others did (the overall ceiling, the backlog). The visitor did nothing wrong and is
--          offered another way (the modal's mailto: link). Every PT503 is counted in a sequence,
--          which keeps counting through the refused statement's rollback, so that the alert job
--          (20261125001200_inquiry_alerts.sql) can tell the operator a flood holds the ceiling.
--
-- Past the overall ceiling, never past the others: an inquiry whose visitor passed Cloudflare
-- Turnstile, which the edge function verifies and then stores with the service key through
-- public.inquiry_store_verified.
--
-- Idempotent: it applies over itself without error or change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- The new limits, beside the old ones (20261124001000_inquiry_delivery.sql made the row).
alter table private.inquiry_limits
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists inserts_per_email integer not null default 3 check (inserts_per_email > 0),
  add column if not exists email_insert_window interval not null default interval '1 hour',
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists pending_max integer not null default 500 check (pending_max > 0);

-- Refusals because of others, counted outside any transaction (nextval is never rolled back).
create sequence if not exists private.inquiry_refusals_overall;
create sequence if not exists private.inquiry_refusals_pending;

comment on sequence private.inquiry_refusals_overall is
  'Inquiries refused because the overall ceiling held (PT503); read by the alert job.';
comment on sequence private.inquiry_refusals_pending is
  'Inquiries refused because pending_max inquiries were waiting to be sent (PT503); read by the alert job.';

-- The client address -------------------------------------------------------------------------------
-- Supabase's API sits behind Cloudflare, which sets `cf-connecting-ip` itself, to the address that
-- opened the connection. X-Forwarded-For is kept as the client wrote it, each proxy appending the
-- address it saw: its first entry is the client's choice. Without cf-connecting-ip (the local stand-in, `supabase start`) the last entry is the one
-- the nearest proxy appended. IPv6 addresses count per /64, the block one client normally holds. No
-- address, or no valid one, counts against one shared bucket: losing the header never lifts a limit.
create or replace function private.inquiry_client(headers jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  candidate text := pg_catalog.btrim(coalesce(
    nullif(pg_catalog.btrim(headers ->> 'cf-connecting-ip'), ''),
    pg_catalog.split_part(headers ->> 'x-forwarded-for', ',', -1)
  ));
  address inet;
begin
  begin
    address := candidate::inet;
  exception when others then
    return 'unknown';
  end;
  if address is null then
    return 'unknown';
  end if;
  return case
    when pg_catalog.family(address) = 6 then pg_catalog.network(pg_catalog.set_masklen(address, 64))::text
    else pg_catalog.host(address)
  end;
end;
$$;

-- Durations in messages for people: "10 minutes", "1 hour".
create or replace function private.inquiry_duration(span interval)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when seconds >= 3600 and seconds % 3600 = 0 then (seconds / 3600) || case when seconds = 3600 then ' hour' else ' hours' end
    else (seconds / 60) || case when seconds / 60 = 1 then ' minute' else ' minutes' end
  end
  from (select extract(epoch from span)::bigint as seconds) as s;
$$;

-- Admission ----------------------------------------------------------------------------------------
-- Called once the rows are in the table (the trigger runs after the statement, the verified path
-- after its insert), so counts by email and of pending rows include them; a refusal rolls them back.
-- `emails` holds one entry per arriving row.
create or replace function private.admit_inquiries(client text, emails text[], within_ceiling boolean)
returns void
language plpgsql
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  arriving integer := coalesce(pg_catalog.cardinality(emails), 0);
  recent integer;
  pending integer;
begin
  if arriving = 0 then
    return;
  end if;
  select * into limits from private.inquiry_limits;
  -- One admission at a time: counting and recording must not interleave, or simultaneous requests
  -- would each find room for themselves. The lock lasts to the end of the insert's transaction,
  -- which PostgREST ends right after the statement; inquiries are rare enough for one queue.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_admission'));
  delete from private.inquiry_writes as w where w.at < now() - limits.insert_window;

  select count(*) into recent from private.inquiry_writes as w where w.client = admit_inquiries.client;
  if recent + arriving > limits.inserts_per_address then
    raise sqlstate 'PT429' using
      message = 'Too many inquiries from this address',
      detail = pg_catalog.format('At most %s inquiries per address in %s.', limits.inserts_per_address, private.inquiry_duration(limits.insert_window)),
      hint = 'Try again in a few minutes.';
  end if;

  if exists (
    select from pg_catalog.unnest(emails) as arriving_email(address)
    where (
      select count(*) from public.contact_submissions as s
      where pg_catalog.lower(s.email::text) = arriving_email.address
        and s.created_at > now() - limits.email_insert_window
    ) > limits.inserts_per_email
  ) then
    raise sqlstate 'PT429' using
      message = 'Too many inquiries from this email address',
      detail = pg_catalog.format('At most %s inquiries per email address in %s.', limits.inserts_per_email, private.inquiry_duration(limits.email_insert_window)),
      hint = 'Try again later.';
  end if;

  select count(*) into pending from public.contact_submissions as s
  where s.notified_at is null and s.notify_failed_at is null
    and (limits.sweep_rows_since is null or s.created_at >= limits.sweep_rows_since);
  if pending > limits.pending_max then
    perform pg_catalog.nextval('private.inquiry_refusals_pending');
    raise sqlstate 'PT503' using
      message = 'Too many inquiries waiting to be sent',
      detail = pg_catalog.format('At most %s inquiries may wait for delivery.', limits.pending_max),
      hint = 'Not this visitor''s doing: try again later, or write to the team by email.';
  end if;

  if within_ceiling then
    select count(*) into recent from private.inquiry_writes;
    if recent + arriving > limits.inserts_overall then
      perform pg_catalog.nextval('private.inquiry_refusals_overall');
      raise sqlstate 'PT503' using
        message = 'Too many inquiries right now',
        detail = pg_catalog.format('At most %s inquiries from all visitors in %s.', limits.inserts_overall, private.inquiry_duration(limits.insert_window)),
        hint = 'Not this visitor''s doing: try again later, or write to the team by email.';
    end if;
  end if;

  insert into private.inquiry_writes (client) select admit_inquiries.client from pg_catalog.generate_series(1, arriving);
end;
$$;

-- The trigger: visitors only, that is the roles of the public key in a Data API request. PostgREST
-- sets `role` and `request.method` for the request's transaction, and they stay the caller's inside
-- security definer functions, so a function that inserts for a visitor counts too. Not limited: the
-- owner, the service role (the verified path admits its row itself), the scheduled jobs, and a
-- database session without a request (someone who can log in to the database: a script, a test).
create or replace function private.limit_inquiries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  emails text[];
begin
  if pg_catalog.current_setting('role') not in ('anon', 'authenticated')
     or coalesce(pg_catalog.current_setting('request.method', true), '') = '' then
    return null;
  end if;
  select pg_catalog.array_agg(pg_catalog.lower(i.email::text)) into emails from inserted as i;
  perform private.admit_inquiries(
    private.inquiry_client(nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb),
    emails,
    true
  );
  return null;
end;
$$;

create or replace trigger contact_submissions_limits
  after insert on public.contact_submissions
  referencing new table as inserted
  for each statement
  execute function private.limit_inquiries();

comment on function private.limit_inquiries() is
  'Trigger: per-address, per-email, pending and overall limits on visitors'' inquiries, row by row (PT429 / PT503).';

-- The verified path --------------------------------------------------------------------------------
-- The edge function calls this after Cloudflare Turnstile verified the visitor, with the visitor's
-- request headers (only cf-connecting-ip and x-forwarded-for are read). The row is admitted past the
-- overall ceiling, within the other limits, and marked verified, so it gets an email of its own. A
-- retry of a stored inquiry (same id, its first answer lost) stores nothing: outcome `duplicate`.
create or replace function public.inquiry_store_verified(
  p_id uuid,
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_type text,
  p_headers jsonb
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored integer;
begin
  insert into public.contact_submissions (id, name, email, company, message, type, notify_verified_at)
  values (p_id, p_name, p_email, p_company, p_message, p_type, now())
  on conflict do nothing;
  get diagnostics stored = row_count;
  if stored = 0 then
    return pg_catalog.jsonb_build_object('outcome', 'duplicate');
  end if;
  perform private.admit_inquiries(private.inquiry_client(p_headers), array[pg_catalog.lower(p_email)], false);
  return pg_catalog.jsonb_build_object('outcome', 'stored');
end;
$$;

comment on function public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb) is
  'Stores a Turnstile-verified inquiry past the overall ceiling (service role only; the edge function).';

-- Supabase grants new functions in `public` to every API role: this one is the service role's.
revoke execute on function public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb) to service_role;
revoke execute on function
  private.inquiry_client(jsonb),
  private.inquiry_duration(interval),
  private.admit_inquiries(text, text[], boolean)
  from public;
-- A trigger function is never called directly (and PostgreSQL checks EXECUTE only when a trigger is
-- created): nobody needs it, as 20261123000400_adopted_objects.sql also holds.
revoke execute on function private.limit_inquiries() from public, anon, authenticated;

-- The pre-request hook -------------------------------------------------------------------------------
-- Off: the trigger counts what the hook counted, and more. Reset only where the setting is still
-- ours; a project that runs a pre-request function of its own keeps it. That function may call
-- private.check_request(), as the old docs advised: it stays, doing nothing, so such a project's
-- every request does not fail on a missing function.
do $pre_request$
begin
  if exists (
    select from pg_catalog.pg_roles as r, pg_catalog.unnest(r.rolconfig) as setting
    where r.rolname = 'authenticator' and setting = 'pgrst.db_pre_request=private.check_request'
  ) then
    alter role authenticator reset pgrst.db_pre_request;
  end if;
end
$pre_request$;

create or replace function private.check_request()
returns void
language plpgsql
set search_path = ''
as $$
begin
  return;
end;
$$;

comment on function private.check_request() is
  'No longer a limit (the trigger private.limit_inquiries is): kept for pre-request functions that call it.';

-- PostgREST rereads its settings (db_pre_request among them) on this notification.
notify pgrst, 'reload config';
