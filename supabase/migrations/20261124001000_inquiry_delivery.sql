-- Every stored inquiry reaches the team exactly once, eventually, and a flood never does.
--
-- The browser's notify call (right after its insert) stays the fast path. Whatever it leaves
-- behind (a closed tab, a lost network, Resend down) is swept up by a scheduled job: every minute
-- pg_cron asks the same edge function, authorised by the service key, to send what is pending
-- (20261124001100_inquiry_sweep_job.sql). Both paths claim rows through the functions below, so
-- of any number of simultaneous calls exactly one sends a given inquiry.
--
-- Delivery state lives in columns of contact_submissions that only the service role can read
-- (visitors may insert the form's columns and nothing else, 20261123000200). The limits live in
-- one row of private.inquiry_limits, so the team changes them with an UPDATE, not a migration.
--
-- Idempotent: it applies over itself without error or change.

-- Like every migration here: never wait long for a lock held by live traffic, never run long.
set local lock_timeout = '5s';
set local statement_timeout = '60s';

create schema if not exists private;
-- Not exposed through the Data API (supabase/config.toml exposes `public` only).
revoke all on schema private from public;

-- Limits ----------------------------------------------------------------------------------------
create table if not exists private.inquiry_limits (
  singleton boolean primary key default true check (singleton),
  -- At most this many individual emails per sliding hour; beyond it, inquiries wait for the digest.
  -- (The counts and limits here stay far below 2^31, and the functions and the site read them as
  -- 32-bit numbers.)
  -- squawk-ignore prefer-bigint-over-int
  emails_per_hour integer not null default 20 check (emails_per_hour >= 0),
  -- At most one digest per this interval.
  digest_interval interval not null default interval '1 hour',
  -- After failing this long, an inquiry is marked failed and listed in private.failed_inquiries.
  give_up_after interval not null default interval '1 day',
  -- The most rows one sweep call claims for individual emails, and for one digest.
  -- squawk-ignore prefer-bigint-over-int
  sweep_batch integer not null default 10 check (sweep_batch > 0),
  -- squawk-ignore prefer-bigint-over-int
  digest_batch integer not null default 500 check (digest_batch > 0),
  -- How long a claim keeps other callers off a row. Longer than one call can take, so a live
  -- sender never loses its rows; a sender that died gives them back when it runs out.
  claim_lease interval not null default interval '5 minutes',
  -- Inquiries older than this are left to whoever handled them before (see below); null = none.
  sweep_rows_since timestamptz,
  -- Per client address (the pre-request hook, 20261124001200_inquiry_rate_limit.sql).
  -- squawk-ignore prefer-bigint-over-int
  inserts_per_address integer not null default 10 check (inserts_per_address > 0),
  -- squawk-ignore prefer-bigint-over-int
  inserts_overall integer not null default 100 check (inserts_overall > 0),
  insert_window interval not null default interval '10 minutes'
);

comment on table private.inquiry_limits is
  'The inquiry limits (one row): individual emails per hour, digest interval, retries, per-address inserts. '
  'Change with UPDATE; takes effect on the next request.';

-- Adopting a project that already holds inquiries: the old site emailed those, so the sweep must
-- not send them all again on its first run. Where notified_at is new, 20261123000200 gives the old
-- rows the adoption time; where the old table had the column and left it empty, the first
-- application remembers when it happened (if there were rows then) and the sweep leaves older rows
-- alone. A fresh project has none.
insert into private.inquiry_limits (sweep_rows_since)
select case when exists (select from public.contact_submissions) then now() end
on conflict (singleton) do nothing;

-- Delivery state ----------------------------------------------------------------------------------
alter table public.contact_submissions
  -- 'email' or 'digest': how it is being (lease held) or was (notified_at set) sent.
  add column if not exists notify_channel text,
  -- The claim's token and how long it holds; a sender reports back with the token.
  add column if not exists notify_claim uuid,
  add column if not exists notify_lease_until timestamptz,
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists notify_attempts integer not null default 0,
  add column if not exists notify_next_at timestamptz,
  add column if not exists notify_last_error text,
  add column if not exists notify_failing_since timestamptz,
  add column if not exists notify_failed_at timestamptz,
  -- Set for inquiries that must not get an email of their own (they go to the digest): those whose
  -- browser call carried no valid Cloudflare Turnstile token, where Turnstile is configured.
  add column if not exists notify_digest_only boolean not null default false,
  -- When the browser's call carried a valid Turnstile token (only where Turnstile is configured).
  add column if not exists notify_verified_at timestamptz;

do $constraints$
begin
  if not exists (
    select from pg_catalog.pg_constraint
    where conrelid = 'public.contact_submissions'::regclass and conname = 'contact_submissions_notify_channel_check'
  ) then
    alter table public.contact_submissions
      add constraint contact_submissions_notify_channel_check
      check (notify_channel in ('email', 'digest')) not valid;
  end if;
end
$constraints$;

comment on column public.contact_submissions.notify_attempts is
  'Failed sends so far; the next one is not before notify_next_at. Service role only.';
comment on column public.contact_submissions.notify_failed_at is
  'Set when sending kept failing for private.inquiry_limits.give_up_after; see private.failed_inquiries.';

-- No index for the sweep: it reads the pending rows of a table of inquiries (hundreds, thousands)
-- once a minute, which a sequential scan does in well under a millisecond, and an index on this
-- adopted table could only be built without blocking inserts outside a migration's transaction.

-- Claims ---------------------------------------------------------------------------------------------
-- Every claim takes one transaction-level advisory lock first: counting the hour's emails and
-- claiming under that count must not interleave, or two callers could both take the 20th email.
-- Claims are a few milliseconds; the sending happens after the transaction.

-- Individual emails sent in the last hour, plus those being sent right now.
create or replace function private.inquiry_emails_in_last_hour()
returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer
  from public.contact_submissions
  where notify_channel = 'email'
    and (notified_at > now() - interval '1 hour' or (notified_at is null and notify_lease_until > now()));
$$;

-- A row either sweep or fast path may take: not sent, not failed, not held, due, in scope.
create or replace function private.inquiry_is_due(s public.contact_submissions, since timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select s.notified_at is null
    and s.notify_failed_at is null
    and (s.notify_lease_until is null or s.notify_lease_until <= now())
    and (s.notify_next_at is null or s.notify_next_at <= now())
    and (since is null or s.created_at >= since);
$$;

create or replace function private.inquiry_row(s public.contact_submissions)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', s.id, 'name', s.name, 'email', s.email, 'company', s.company, 'message', s.message,
    'type', s.type, 'created_at', s.created_at, 'notified_at', s.notified_at, 'attempts', s.notify_attempts
  );
$$;

-- The fast path: the browser's call for the row it has just stored. `max_age_seconds` keeps the
-- public key from replaying old rows (the sweep handles those). `p_verified` is the outcome of the
-- call's Turnstile check where one is configured (null where none is): a row that failed it goes
-- to the digest only. Outcomes: claimed (with the row and the claim token), not-found,
-- already-notified, busy (someone holds it), too-old, not-due (a failed send waits for its retry),
-- failed, capped (the hour's emails are spent, or the check failed: it goes to the digest).
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
  -- The check's outcome is kept whatever happens next: a verified row that waits for the digest or
  -- a retry keeps its right to an email of its own; a row that failed it never gets one.
  if p_verified is not null then
    update public.contact_submissions
    set notify_digest_only = notify_digest_only or not p_verified,
        notify_verified_at = case when p_verified then coalesce(notify_verified_at, now()) end
    where id = p_id
    returning * into s;
  end if;
  if s.notify_digest_only or private.inquiry_emails_in_last_hour() >= limits.emails_per_hour then
    return pg_catalog.jsonb_build_object('outcome', 'capped');
  end if;

  update public.contact_submissions
  set notify_claim = gen_random_uuid(), notify_lease_until = now() + limits.claim_lease, notify_channel = 'email'
  where id = p_id
  returning * into s;
  return pg_catalog.jsonb_build_object('outcome', 'claimed', 'claim', s.notify_claim, 'row', private.inquiry_row(s));
end;
$$;

-- The sweep: due rows for individual emails, oldest first, at most sweep_batch and what is left of
-- the hour's emails. `skip locked` as a second guard: a row locked by any other writer is left for
-- the next sweep rather than waited for. With `p_verified_only` (Turnstile is configured) only rows
-- whose browser call passed the check get an email of their own; the others go to the digest.
create or replace function public.inquiry_notify_claim_batch(p_verified_only boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  room integer;
  token uuid := gen_random_uuid();
  claimed jsonb;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  select * into limits from private.inquiry_limits;
  room := least(limits.sweep_batch, limits.emails_per_hour - private.inquiry_emails_in_last_hour());
  if room <= 0 then
    return pg_catalog.jsonb_build_object('claim', null, 'rows', '[]'::jsonb);
  end if;

  with picked as (
    select s.id from public.contact_submissions as s
    where private.inquiry_is_due(s, limits.sweep_rows_since) and not s.notify_digest_only
      and (not p_verified_only or s.notify_verified_at is not null)
    order by s.created_at, s.id
    limit room
    for update skip locked
  ), taken as (
    update public.contact_submissions as s
    set notify_claim = token, notify_lease_until = now() + limits.claim_lease, notify_channel = 'email'
    from picked where s.id = picked.id
    returning s.*
  )
  select coalesce(pg_catalog.jsonb_agg(private.inquiry_row(taken) order by taken.created_at, taken.id), '[]'::jsonb)
  into claimed from taken;
  return pg_catalog.jsonb_build_object('claim', case when claimed <> '[]'::jsonb then token end, 'rows', claimed);
end;
$$;

-- The digest: at most one per digest_interval. It takes the rows that cannot get an email of their
-- own: every due row while the hour's emails are spent, rows marked digest-only at any time, and
-- with `p_verified_only` rows that never passed the Turnstile check (a closed tab, a script).
create or replace function public.inquiry_notify_claim_digest(p_verified_only boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  capped boolean;
  token uuid := gen_random_uuid();
  claimed jsonb;
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
  capped := private.inquiry_emails_in_last_hour() >= limits.emails_per_hour;

  with picked as (
    select s.id from public.contact_submissions as s
    where private.inquiry_is_due(s, limits.sweep_rows_since)
      and (capped or s.notify_digest_only or (p_verified_only and s.notify_verified_at is null))
    order by s.created_at, s.id
    limit limits.digest_batch
    for update skip locked
  ), taken as (
    update public.contact_submissions as s
    set notify_claim = token, notify_lease_until = now() + limits.claim_lease, notify_channel = 'digest'
    from picked where s.id = picked.id
    returning s.*
  )
  select coalesce(pg_catalog.jsonb_agg(private.inquiry_row(taken) order by taken.created_at, taken.id), '[]'::jsonb)
  into claimed from taken;
  return pg_catalog.jsonb_build_object('claim', case when claimed <> '[]'::jsonb then token end, 'rows', claimed);
end;
$$;

-- Reporting back ------------------------------------------------------------------------------------
-- Each takes the claim token: a sender whose lease ran out (and whose rows someone else took) can
-- no longer change them. Each returns how many rows it changed. PL/pgSQL, like the claims, so that
-- the file applies on an adopted table whose ids are still numbers (its statements are planned at
-- the first call; the site needs uuid ids anyway, see supabase/scripts/switch-submission-ids-to-uuid.sql).

create or replace function public.inquiry_notify_sent(p_claim uuid, p_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  update public.contact_submissions
  set notified_at = now(), notify_claim = null, notify_lease_until = null
  where notify_claim = p_claim and id = any (p_ids) and notified_at is null;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

-- A failed send: the next try waits 1, 2, 4 … minutes (at most an hour), or longer when Resend
-- said so (429 with Retry-After). Failing for give_up_after marks the row failed for good.
create or replace function public.inquiry_notify_failed(
  p_claim uuid,
  p_ids uuid[],
  p_error text,
  p_retry_after_seconds integer default null
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  changed integer;
begin
  select * into limits from private.inquiry_limits;
  update public.contact_submissions as s
  set notify_attempts = s.notify_attempts + 1,
      notify_last_error = left(p_error, 200),
      notify_failing_since = coalesce(s.notify_failing_since, now()),
      notify_next_at = now() + greatest(
        least(interval '1 minute' * power(2, least(s.notify_attempts, 10)), interval '1 hour'),
        pg_catalog.make_interval(secs => coalesce(p_retry_after_seconds, 0))
      ),
      notify_failed_at = case
        when coalesce(s.notify_failing_since, now()) <= now() - limits.give_up_after then now()
      end,
      notify_claim = null,
      notify_lease_until = null,
      notify_channel = null
  where s.notify_claim = p_claim and s.id = any (p_ids) and s.notified_at is null;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

-- Not sent and not tried (the sweep stopped early): back to pending, no attempt counted.
create or replace function public.inquiry_notify_release(p_claim uuid, p_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  update public.contact_submissions
  set notify_claim = null, notify_lease_until = null, notify_channel = null
  where notify_claim = p_claim and id = any (p_ids) and notified_at is null;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

-- Supabase's default privileges grant new functions in `public` to every API role; these are the
-- notifier's alone (the edge function calls them with the service key).
revoke execute on function public.inquiry_notify_claim_one(uuid, integer, boolean) from public, anon, authenticated;
revoke execute on function public.inquiry_notify_claim_batch(boolean) from public, anon, authenticated;
revoke execute on function public.inquiry_notify_claim_digest(boolean) from public, anon, authenticated;
revoke execute on function public.inquiry_notify_sent(uuid, uuid[]) from public, anon, authenticated;
revoke execute on function public.inquiry_notify_failed(uuid, uuid[], text, integer) from public, anon, authenticated;
revoke execute on function public.inquiry_notify_release(uuid, uuid[]) from public, anon, authenticated;
grant execute on function public.inquiry_notify_claim_one(uuid, integer, boolean) to service_role;
grant execute on function public.inquiry_notify_claim_batch(boolean) to service_role;
grant execute on function public.inquiry_notify_claim_digest(boolean) to service_role;
grant execute on function public.inquiry_notify_sent(uuid, uuid[]) to service_role;
grant execute on function public.inquiry_notify_failed(uuid, uuid[], text, integer) to service_role;
grant execute on function public.inquiry_notify_release(uuid, uuid[]) to service_role;
revoke execute on function private.inquiry_emails_in_last_hour() from public;
revoke execute on function private.inquiry_is_due(public.contact_submissions, timestamptz) from public;
revoke execute on function private.inquiry_row(public.contact_submissions) from public;

-- Where the team looks ---------------------------------------------------------------------------------
-- In `private`, so neither the Data API nor the advisors' "security definer view" check apply;
-- security_invoker all the same, so a role granted it later still sees only what it may read.
-- Dropped and made again rather than replaced: a view keeps the column types it was made with, and
-- supabase/scripts/switch-submission-ids-to-uuid.sql gives an adopted table a new, uuid `id`.
drop view if exists private.failed_inquiries;
drop view if exists private.inquiry_notifications;

create view private.inquiry_notifications with (security_invoker = true) as
select
  id,
  created_at,
  type,
  name,
  email,
  case
    when notified_at is not null then 'sent'
    when notify_failed_at is not null then 'failed'
    when notify_lease_until > now() then 'sending'
    when notify_attempts > 0 then 'retrying'
    else 'pending'
  end as status,
  notify_channel as channel,
  notified_at,
  notify_attempts as attempts,
  notify_next_at as next_attempt_at,
  notify_last_error as last_error,
  notify_failed_at as failed_at
from public.contact_submissions;

create view private.failed_inquiries with (security_invoker = true) as
select id, created_at, type, name, email, company, message,
  notify_attempts as attempts, notify_last_error as last_error, notify_failed_at as failed_at
from public.contact_submissions
where notify_failed_at is not null and notified_at is null;

-- Owner only, stated here: the adoption migration revokes the API roles' rights on every view
-- over contact_submissions on each run, and an explicit ACL from the start keeps a second run of
-- the migrations from changing it.
revoke all on private.inquiry_notifications from public, anon, authenticated;
revoke all on private.failed_inquiries from public, anon, authenticated;

comment on view private.inquiry_notifications is
  'Every inquiry with its delivery status: pending, sending, retrying, sent (email or digest), failed.';
comment on view private.failed_inquiries is
  'Inquiries whose email kept failing for a day: nobody was told about them. Reply by hand, then see docs/backend.md.';
