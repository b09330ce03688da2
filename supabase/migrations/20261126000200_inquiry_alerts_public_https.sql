-- Alerts only to public https, and the flood alert counting every refusal.
--
-- The alert job (20261125001200_inquiry_alerts.sql) posted to whatever inquiry_alert_webhook_url
-- held, the project's URL in the body: set to http://169.254.169.254/latest/meta-data/ it reached
-- the cloud's metadata service from inside. Now it posts only to an https:// URL whose host is a
-- name (with a dot, its last label not all digits, not localhost, .local or .internal) or a public
-- address: never a literal loopback, private, link-local, unique-local, multicast or unspecified
-- one, IPv4 or IPv6. Another URL is refused with a warning and nothing is posted; `npm run doctor`
-- names the secret. A name that resolves to an inside address is the webhook provider's matter:
-- only literals can be judged here without a lookup.
--
-- The flood cause now also reports the requests refused by a visitor's own limits
-- (20261126000100_inquiry_hardening.sql), once refusals_alert_at of them are unreported.
--
-- Idempotent: it applies over itself without error or change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Whether the alert job may post to `url`.
create or replace function private.is_public_https_url(url text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  authority text;
  host text;
  address inet;
begin
  if url is null or url !~* '^https://[^/?#\\[:space:][:cntrl:]]' or url ~ '[\\[:space:][:cntrl:]]' then
    return false;
  end if;
  authority := pg_catalog.split_part(pg_catalog.substr(url, 9), '/', 1);
  authority := pg_catalog.split_part(authority, '?', 1);
  authority := pg_catalog.split_part(authority, '#', 1);
  -- What stands before the last @ is user information, not the host.
  authority := pg_catalog.regexp_replace(authority, '^.*@', '');
  if authority ~ '^\[' then
    host := pg_catalog.substring(authority, '^\[([^]]*)\](:[0-9]*)?$');
  else
    host := pg_catalog.substring(authority, '^([^:]*)(:[0-9]*)?$');
  end if;
  host := pg_catalog.rtrim(pg_catalog.lower(host), '.');
  if coalesce(host, '') = '' then
    return false;
  end if;
  begin
    address := host::inet;
  exception when others then
    address := null;
  end;
  if address is null then
    return host ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$'
      and pg_catalog.split_part(host, '.', -1) ~ '[a-z]'
      and host !~ '(^|\.)(localhost|local|internal|localdomain)$';
  end if;
  return pg_catalog.masklen(address) = case pg_catalog.family(address) when 4 then 32 else 128 end
    and not address <<= any (array[
      '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12',
      '192.0.0.0/24', '192.168.0.0/16', '198.18.0.0/15', '224.0.0.0/4', '240.0.0.0/4',
      '::/96', '::ffff:0:0/96', '64:ff9b::/96', 'fc00::/7', 'fe80::/10', 'ff00::/8'
    ]::inet[]);
end;
$$;

comment on function private.is_public_https_url(text) is
  'Whether the alert job may post to the URL: https, and no literal loopback, private, link-local or unique-local host.';

-- What is wrong right now, one row per cause found, with a message for people (as in
-- 20261125001200_inquiry_alerts.sql; the flood now counts a visitor's own limits' refusals too).
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
  sender_refusals bigint;
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
  sender_refusals := private.inquiry_refusals_unreported('sender');
  if refusals > 0 or sender_refusals >= limits.refusals_alert_at then
    return query select 'flood'::text, refusals + sender_refusals, null::timestamptz,
      pg_catalog.concat_ws(' ',
        case when refusals > 0 then pg_catalog.format(
          '%s %s refused because the overall limit (%s in %s) held: a flood is under way.',
          refusals, case when refusals = 1 then 'inquiry was' else 'inquiries were' end,
          limits.inserts_overall, private.inquiry_duration(limits.insert_window)) end,
        case when sender_refusals > 0 then pg_catalog.format(
          '%s %s refused by the limits per address, per IPv6 network or per email address, each at its first row over the limit.',
          sender_refusals, case when sender_refusals = 1 then 'request was' else 'requests were' end) end);
  end if;

  refusals := private.inquiry_refusals_unreported('backlog');
  if refusals > 0 then
    return query select 'backlog'::text, refusals, null::timestamptz,
      pg_catalog.format('%s %s refused because %s inquiries were already waiting to be sent.',
        refusals, case when refusals = 1 then 'inquiry was' else 'inquiries were' end, limits.pending_max);
  end if;
end;
$$;

-- The job (as in 20261125001200_inquiry_alerts.sql), posting only to a public https webhook.
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
  ceiling_seen bigint;
  sender_seen bigint;
  posted integer := 0;
begin
  if coalesce(webhook, '') = '' then
    return 0;
  end if;
  if not private.is_public_https_url(pg_catalog.btrim(webhook)) then
    raise warning 'inquiry alerts not sent: inquiry_alert_webhook_url in Vault is not a public https URL';
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
      request_id := net.http_post(url := pg_catalog.btrim(webhook), body := payload, headers := '{"Content-Type": "application/json"}'::jsonb);
      failure := null;
    exception when others then
      raise warning 'inquiry alert (%) not sent: %', found.cause, sqlerrm;
      request_id := null;
      failure := sqlerrm;
    end;
    ceiling_seen := case found.cause
      when 'flood' then private.inquiry_refusals_unreported('flood')
      when 'backlog' then found.count
      else 0 end;
    sender_seen := case when found.cause = 'flood' then private.inquiry_refusals_unreported('sender') else 0 end;
    insert into private.inquiry_alerts as a (cause, called_at, call_body, call_request_id, call_error, refusals_seen, sender_refusals_seen)
    values (found.cause, now(), payload, request_id, failure, ceiling_seen, sender_seen)
    on conflict (cause) do update
    set called_at = excluded.called_at, call_body = excluded.call_body, call_request_id = excluded.call_request_id,
        call_error = excluded.call_error, refusals_seen = a.refusals_seen + excluded.refusals_seen,
        sender_refusals_seen = a.sender_refusals_seen + excluded.sender_refusals_seen;
    posted := posted + 1;
  end loop;
  return posted;
end;
$$;

revoke execute on function
  private.is_public_https_url(text),
  private.inquiry_alert_conditions(),
  private.send_inquiry_alerts()
  from public;
