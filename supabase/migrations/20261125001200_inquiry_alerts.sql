-- Stalls are heard: an alert through a webhook, never through the email that may be what fails.
--
-- Every minute (pg_cron job `inquiry-alerts`, where pg_cron is enabled) private.send_inquiry_alerts()
-- looks for five causes and posts each one it finds, at most once per alert_interval (an hour) per
-- cause, to the URL in the Vault secret `inquiry_alert_webhook_url`, through pg_net:
--   waiting: an inquiry has waited more than alert_after (15 minutes) past when it was due: from its
--            arrival for one that gets an email of its own, from the next digest's turn for one
--            that waits for the digest by design (caps spent, digest-only, unverified with Turnstile);
--   sweep:   the sweep has not reached the database for sweep_silence (10 minutes): missing Vault
--            secrets, a key the function does not accept, a function without its own secrets;
--   failed:  an inquiry was marked failed (a day of failed sends) since the last such alert;
--   flood:   visitors were refused because the overall ceiling held (PT503), i.e. others filled it;
--   backlog: visitors were refused because pending_max inquiries were waiting to be sent.
-- The body suits Slack (`text`) and Discord (`content`) incoming webhooks, and carries the cause and
-- its figures as fields for anything else. It names no visitor: counts, times and the project only.
-- Without the secret nothing is sent; `npm run doctor` shows the same causes.
--
-- Idempotent: it applies over itself without error or change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

alter table private.inquiry_limits
  add column if not exists alert_after interval not null default interval '15 minutes',
  add column if not exists sweep_silence interval not null default interval '10 minutes',
  add column if not exists alert_interval interval not null default interval '1 hour';

create table if not exists private.inquiry_alerts (
  cause text primary key,
  -- The last call for this cause: when, what it sent, pg_net's request id (net._http_response.id on
  -- Supabase), or the error when it could not even be queued.
  called_at timestamptz not null,
  call_body jsonb not null,
  call_request_id bigint,
  call_error text,
  -- flood and backlog: the refusals counted up to that call (the next call reports those after it).
  refusals_seen bigint not null default 0
);

comment on table private.inquiry_alerts is
  'The last webhook alert per cause (waiting, sweep, failed, flood, backlog); at most one per alert_interval.';

revoke all on table private.inquiry_alerts from public, anon, authenticated, service_role;

-- Inquiries waiting longer than they should: the `waiting` cause, and what `npm run doctor` names.
create or replace function private.overdue_inquiries()
returns table (id text, created_at timestamptz, attempts integer, last_error text)
language sql
stable
set search_path = ''
as $$
  with state as (
    select l.sweep_rows_since, l.alert_after, l.digest_interval,
           private.inquiry_email_room(l) as room,
           (select max(s.notified_at) from public.contact_submissions as s where s.notify_channel = 'digest') as last_digest_at,
           (select w.verified_only from private.inquiry_sweep as w) as verified_only
    from private.inquiry_limits as l
  )
  select s.id::text, s.created_at, s.notify_attempts, s.notify_last_error
  from public.contact_submissions as s, state
  where s.notified_at is null and s.notify_failed_at is null
    and (state.sweep_rows_since is null or s.created_at >= state.sweep_rows_since)
    and now() - state.alert_after > case
      when s.notify_digest_only or state.room <= 0 or (state.verified_only and s.notify_verified_at is null)
        then greatest(s.created_at, state.last_digest_at + state.digest_interval)
      else s.created_at
    end
  order by s.created_at, s.id::text;
$$;

-- Times in alert messages: UTC, to the minute.
create or replace function private.alert_time(moment timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select pg_catalog.to_char(moment at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"');
$$;

-- The refusals of `cause` (flood: the overall ceiling, backlog: pending_max) that no alert has
-- reported yet.
create or replace function private.inquiry_refusals_unreported(cause text)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.pg_sequence_last_value(case cause
           when 'flood' then 'private.inquiry_refusals_overall'::regclass
           when 'backlog' then 'private.inquiry_refusals_pending'::regclass
         end), 0)
    - coalesce((select a.refusals_seen from private.inquiry_alerts as a where a.cause = inquiry_refusals_unreported.cause), 0);
$$;

-- What is wrong right now, one row per cause found, with a message for people.
create or replace function private.inquiry_alert_conditions()
returns table (cause text, count bigint, since timestamptz, message text)
language plpgsql
stable
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  sweep private.inquiry_sweep;
  missing text[];
  refusals bigint;
begin
  select * into limits from private.inquiry_limits;
  select * into sweep from private.inquiry_sweep;

  return query
  select 'waiting'::text, count(*), min(o.created_at),
         pg_catalog.format('%s %s overdue by more than %s, the oldest since %s.',
           count(*), case when count(*) = 1 then 'inquiry' else 'inquiries' end,
           private.inquiry_duration(limits.alert_after), private.alert_time(min(o.created_at)))
  from private.overdue_inquiries() as o
  having count(*) > 0;

  if sweep.last_run_at is null or sweep.last_run_at < now() - limits.sweep_silence then
    missing := array(
      select wanted.name from pg_catalog.unnest(array['project_url', 'service_role_key']) as wanted(name)
      where coalesce(private.vault_secret(wanted.name), '') = ''
    );
    return query select 'sweep'::text, 1::bigint, sweep.last_run_at,
      case when sweep.last_run_at is null then 'The inquiry sweep has never reached the database'
           else pg_catalog.format('The inquiry sweep has not reached the database since %s', private.alert_time(sweep.last_run_at)) end
      || case when pg_catalog.cardinality(missing) > 0
              then pg_catalog.format(': Vault lacks %s.', pg_catalog.array_to_string(missing, ' and '))
              else ': see the job''s calls in net._http_response.' end;
  end if;

  return query
  select 'failed'::text, count(*), min(s.notify_failed_at),
         pg_catalog.format('%s %s failed for good (nobody was emailed): see private.failed_inquiries.',
           count(*), case when count(*) = 1 then 'inquiry has' else 'inquiries have' end)
  from public.contact_submissions as s
  where s.notify_failed_at is not null and s.notified_at is null
    and s.notify_failed_at > coalesce((select a.called_at from private.inquiry_alerts as a where a.cause = 'failed'), '-infinity')
  having count(*) > 0;

  refusals := private.inquiry_refusals_unreported('flood');
  if refusals > 0 then
    return query select 'flood'::text, refusals, null::timestamptz,
      pg_catalog.format('%s %s refused because the overall limit (%s in %s) held: a flood is under way.',
        refusals, case when refusals = 1 then 'inquiry was' else 'inquiries were' end,
        limits.inserts_overall, private.inquiry_duration(limits.insert_window));
  end if;

  refusals := private.inquiry_refusals_unreported('backlog');
  if refusals > 0 then
    return query select 'backlog'::text, refusals, null::timestamptz,
      pg_catalog.format('%s %s refused because %s inquiries were already waiting to be sent.',
        refusals, case when refusals = 1 then 'inquiry was' else 'inquiries were' end, limits.pending_max);
  end if;
end;
$$;

-- The job: posts each cause found that was not posted within alert_interval, and records the call.
-- Returns how many it posted. A webhook that cannot even be queued is recorded, warned about and
-- counted as a call, so a broken URL is not retried every minute.
create or replace function private.send_inquiry_alerts()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  webhook text := private.vault_secret('inquiry_alert_webhook_url');
  limits private.inquiry_limits;
  found record;
  payload jsonb;
  request_id bigint;
  failure text;
  posted integer := 0;
begin
  if coalesce(webhook, '') = '' then
    return 0;
  end if;
  select * into limits from private.inquiry_limits;

  for found in
    select c.* from private.inquiry_alert_conditions() as c
    where not exists (
      select from private.inquiry_alerts as a where a.cause = c.cause and a.called_at > now() - limits.alert_interval
    )
  loop
    payload := pg_catalog.jsonb_build_object(
      'text', 'Website inquiries: ' || found.message || ' Run `npm run doctor` for the whole picture.',
      'cause', found.cause,
      'count', found.count,
      'since', found.since,
      'project', private.vault_secret('project_url')
    );
    payload := payload || pg_catalog.jsonb_build_object('content', payload ->> 'text');
    begin
      request_id := net.http_post(url := webhook, body := payload, headers := '{"Content-Type": "application/json"}'::jsonb);
      failure := null;
    exception when others then
      raise warning 'inquiry alert (%) not sent: %', found.cause, sqlerrm;
      request_id := null;
      failure := sqlerrm;
    end;
    insert into private.inquiry_alerts as a (cause, called_at, call_body, call_request_id, call_error, refusals_seen)
    values (
      found.cause, now(), payload, request_id, failure,
      case when found.cause in ('flood', 'backlog') then found.count else 0 end
    )
    on conflict (cause) do update
    set called_at = excluded.called_at, call_body = excluded.call_body, call_request_id = excluded.call_request_id,
        call_error = excluded.call_error, refusals_seen = a.refusals_seen + excluded.refusals_seen;
    posted := posted + 1;
  end loop;
  return posted;
end;
$$;

revoke execute on function
  private.overdue_inquiries(),
  private.alert_time(timestamptz),
  private.inquiry_refusals_unreported(text),
  private.inquiry_alert_conditions(),
  private.send_inquiry_alerts()
  from public;

comment on function private.send_inquiry_alerts() is
  'Posts what stalls or floods the inquiries to the Vault secret inquiry_alert_webhook_url (pg_net), '
  'at most once an hour per cause. Run every minute by the pg_cron job inquiry-alerts.';

do $schedule$
begin
  if not exists (select from pg_catalog.pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not enabled: inquiry alerts are not scheduled';
    return;
  end if;
  perform cron.schedule('inquiry-alerts', '* * * * *', 'select private.send_inquiry_alerts()');
end
$schedule$;
