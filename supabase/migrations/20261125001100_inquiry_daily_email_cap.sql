-- An email budget Resend's free plan survives, and a record of every sweep.
--
-- Resend's free plan sends 100 emails a day and 3,000 a month, each recipient of an email counting
-- as one. The hourly cap alone (20 individual emails, 20261124001000_inquiry_delivery.sql) allowed
-- 480 a day. Now individual emails also stop at emails_per_day (50) in any 24 hours; beyond either
-- cap inquiries wait for the digest, which is never capped (it goes at most once per
-- digest_interval, so 24 a day): at most 74 emails a day, 2,220 in 30 days, with one team address.
-- The digest lists every waiting inquiry, digest_batch (500) at a time, so none is dropped.
--
-- Each call of the sweep's claim records its run in private.inquiry_sweep: the alert job
-- (20261125001200_inquiry_alerts.sql) and `npm run doctor` know from it whether the sweep really
-- reached the database (a wrong key or a missing function secret stops it before that), and whether
-- it runs with Turnstile (then unverified inquiries go to the digest by design).
--
-- The claim functions are replaced with the daily cap in them; they now take their rows through
-- one helper (private.inquiry_claim), and otherwise behave as before.
-- Idempotent: it applies over itself without error or change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- squawk-ignore prefer-bigint-over-int
alter table private.inquiry_limits add column if not exists emails_per_day integer not null default 50 check (emails_per_day >= 0);

create table if not exists private.inquiry_sweep (
  singleton boolean primary key default true check (singleton),
  -- The last call of the sweep's claim (public.inquiry_notify_claim_batch), and how many so far.
  last_run_at timestamptz,
  runs bigint not null default 0,
  -- Whether that sweep ran with Turnstile configured (only verified inquiries get an email).
  verified_only boolean not null default false,
  -- The scheduled job's last call of the edge function: when, and pg_net's request id (its answer
  -- is in net._http_response on Supabase).
  last_call_at timestamptz,
  last_call_request_id bigint
);

insert into private.inquiry_sweep (singleton) values (true) on conflict (singleton) do nothing;

comment on table private.inquiry_sweep is
  'The inquiry sweep''s last run (its claim reached the database) and the scheduled job''s last call.';

-- Individual emails that may still go out now: what is left of the hour's and of the day's.
create or replace function private.inquiry_email_room(limits private.inquiry_limits)
returns integer
language sql
stable
set search_path = ''
as $$
  select least(
    limits.emails_per_hour - count(*) filter (where s.notified_at is null or s.notified_at > now() - interval '1 hour'),
    limits.emails_per_day - count(*)
  )::integer
  from public.contact_submissions as s
  -- An email being sent right now counts already (notified_at is set once Resend accepted it).
  where s.notify_channel = 'email'
    and (s.notified_at > now() - interval '1 day' or (s.notified_at is null and s.notify_lease_until > now()));
$$;

-- Claims the rows `ids` (already locked by the caller) for one sender on `channel`: the claim token
-- and the rows in arrival order, or no claim when there are none.
create or replace function private.inquiry_claim(ids uuid[], channel text, lease interval)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  token uuid := gen_random_uuid();
  claimed jsonb;
begin
  with taken as (
    update public.contact_submissions as s
    set notify_claim = token, notify_lease_until = now() + lease, notify_channel = channel
    where s.id = any (ids)
    returning s.*
  )
  select coalesce(pg_catalog.jsonb_agg(private.inquiry_row(taken) order by taken.created_at, taken.id), '[]'::jsonb)
  into claimed from taken;
  return pg_catalog.jsonb_build_object('claim', case when claimed <> '[]'::jsonb then token end, 'rows', claimed);
end;
$$;

-- Claims up to `how_many` due rows for `channel`, oldest first, passing over rows another sender
-- holds. A row goes to the digest when the cap is reached, when it may only be digested, or when
-- only verified rows get emails and it is not verified; any other row gets an email of its own.
create or replace function private.inquiry_claim_due(
  limits private.inquiry_limits,
  channel text,
  how_many integer,
  verified_only boolean,
  capped boolean
)
returns jsonb
language plpgsql
set search_path = ''
as $$
begin
  return private.inquiry_claim(array(
    select s.id from public.contact_submissions as s
    where private.inquiry_is_due(s, limits.sweep_rows_since)
      and case channel
        when 'email' then not s.notify_digest_only and (not verified_only or s.notify_verified_at is not null)
        else capped or s.notify_digest_only or (verified_only and s.notify_verified_at is null)
      end
    order by s.created_at, s.id
    limit how_many
    for update skip locked
  ), channel, limits.claim_lease);
end;
$$;

create or replace function public.inquiry_notify_claim_one(
  p_id uuid,
  p_max_age_seconds integer,
  p_verified boolean default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  s public.contact_submissions;
  claimed jsonb;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  select * into limits from private.inquiry_limits;
  select * into s from public.contact_submissions where id = p_id for update;
  if not found then
    return pg_catalog.jsonb_build_object('outcome', 'not-found');
  elsif s.notified_at is not null then
    return pg_catalog.jsonb_build_object('outcome', 'already-notified');
  elsif s.notify_failed_at is not null then
    return pg_catalog.jsonb_build_object('outcome', 'failed');
  elsif s.notify_lease_until > now() then
    return pg_catalog.jsonb_build_object('outcome', 'busy');
  elsif now() - s.created_at > pg_catalog.make_interval(secs => p_max_age_seconds) then
    return pg_catalog.jsonb_build_object('outcome', 'too-old');
  elsif s.notify_next_at > now() then
    return pg_catalog.jsonb_build_object('outcome', 'not-due');
  end if;
  if p_verified is not null then
    update public.contact_submissions
    set notify_digest_only = notify_digest_only or not p_verified,
        notify_verified_at = case when p_verified then coalesce(notify_verified_at, now()) end
    where id = p_id
    returning * into s;
  end if;
  if s.notify_digest_only or private.inquiry_email_room(limits) <= 0 then
    return pg_catalog.jsonb_build_object('outcome', 'capped');
  end if;

  claimed := private.inquiry_claim(array[p_id], 'email', limits.claim_lease);
  return pg_catalog.jsonb_build_object('outcome', 'claimed', 'claim', claimed -> 'claim', 'row', claimed -> 'rows' -> 0);
end;
$$;

create or replace function public.inquiry_notify_claim_batch(p_verified_only boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  room integer;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  update private.inquiry_sweep
  set last_run_at = now(), runs = runs + 1, verified_only = p_verified_only
  where singleton;
  select * into limits from private.inquiry_limits;
  room := least(limits.sweep_batch, private.inquiry_email_room(limits));
  if room <= 0 then
    return pg_catalog.jsonb_build_object('claim', null, 'rows', '[]'::jsonb);
  end if;

  -- Room is left, so the cap is not reached.
  return private.inquiry_claim_due(limits, 'email', room, p_verified_only, capped => false);
end;
$$;

create or replace function public.inquiry_notify_claim_digest(p_verified_only boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  select * into limits from private.inquiry_limits;
  if exists (
    select from public.contact_submissions
    where notify_channel = 'digest'
      and (notified_at > now() - limits.digest_interval or (notified_at is null and notify_lease_until > now()))
  ) then
    return pg_catalog.jsonb_build_object('claim', null, 'rows', '[]'::jsonb);
  end if;

  return private.inquiry_claim_due(
    limits, 'digest', limits.digest_batch, p_verified_only, capped => private.inquiry_email_room(limits) <= 0
  );
end;
$$;

-- A Vault secret's value without surrounding blanks, or null where the secret is missing. The
-- owner's helper (Vault is the owner's to read) for the sweep's call and the alert job.
create or replace function private.vault_secret(secret_name text)
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return (select pg_catalog.btrim(s.decrypted_secret) from vault.decrypted_secrets as s where s.name = secret_name limit 1);
end;
$$;

-- The scheduled job's call, as before, now recorded (20261124001100_inquiry_sweep_job.sql).
create or replace function private.request_inquiry_sweep()
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  project_url text := private.vault_secret('project_url');
  service_role_key text := private.vault_secret('service_role_key');
  request_id bigint;
begin
  if coalesce(project_url, '') = '' or coalesce(service_role_key, '') = '' then
    return null;
  end if;

  request_id := net.http_post(
    url := pg_catalog.rtrim(project_url, '/') || '/functions/v1/inquiry-notif-resend',
    body := pg_catalog.jsonb_build_object('sweep', true),
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_role_key
    ),
    -- A sweep sends at most one batch; pg_net's 5 s default would cut a slow one off.
    timeout_milliseconds := 60000
  );
  update private.inquiry_sweep set last_call_at = now(), last_call_request_id = request_id where singleton;
  return request_id;
end;
$$;

-- Replaced by private.inquiry_email_room, which the claims above use.
drop function if exists private.inquiry_emails_in_last_hour();

revoke all on table private.inquiry_sweep from public, anon, authenticated, service_role;
revoke execute on function
  private.inquiry_email_room(private.inquiry_limits),
  private.inquiry_claim(uuid[], text, interval),
  private.inquiry_claim_due(private.inquiry_limits, text, integer, boolean, boolean),
  private.vault_secret(text),
  private.request_inquiry_sweep()
  from public;
