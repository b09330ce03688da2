-- The page keeps its promises: a reply within reply_within (24 hours), the investor deck shortly.
--
-- Every inquiry stored from now on carries reply_due_at (received + reply_within); rows older than
-- this file have none and are never reminded, alerted or counted as late. An inquiry is answered when
-- the team marks it so or the deck is sent (answered_at, answered_how); waiting and overdue follow
-- from reply_due_at and now(), so they are not stored.
--
-- The team acts from its email: the notification carries action links to the site's /act/ page
-- (token in the fragment). A token is 256 bits that the edge function derives per inquiry and action
-- (HMAC under its service key, so every retry and reminder carries the same link); only its SHA-256
-- is stored here, with its inquiry, its action ('answer' or 'send_deck'), an expiry (14 days) and
-- when it was used. Opening the page only reads (public.action_link_lookup, anon); the press goes
-- to the edge function, which acts through public.inquiry_action_take (service role). A wrong,
-- expired or mismatched token is one answer, reached by the same single index lookup.
--
-- The deck is the object deck.pdf in the private bucket investor-deck; it leaves only through a
-- signed URL valid deck_link_valid (7 days), emailed by the edge function. private.inquiry_deck_sends
-- records each send (one per inquiry, claimed like the notifications, exactly once), and these
-- emails count against the hourly and daily caps (private.inquiry_email_room, restated here).
--
-- Every minute (pg_cron job inquiry-promises) private.keep_inquiry_promises():
--   * asks the edge function ({"remind": true}) for one email to the team listing every inquiry
--     still waiting within remind_before (4 hours) of its due time, each inquiry reminded once;
--   * posts one alert (cause "reply overdue") to the alert webhook (public https only, as
--     20261126000200) for the inquiries that passed their due time unanswered, each alerted once.
-- Refused inquiries are never stored, so nothing here can concern them.
--
-- Every table here that holds something of one inquiry references it with on delete cascade.
-- Idempotent: it applies over itself without error or change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

alter table private.inquiry_limits
  add column if not exists reply_within interval not null default interval '24 hours',
  add column if not exists remind_before interval not null default interval '4 hours',
  add column if not exists deck_link_valid interval not null default interval '7 days',
  add column if not exists deck_auto_send boolean not null default false;

alter table public.contact_submissions
  add column if not exists reply_due_at timestamptz,
  add column if not exists answered_at timestamptz,
  add column if not exists answered_how text,
  add column if not exists overdue_alerted_at timestamptz;

do $constraints$
begin
  if not exists (
    select from pg_catalog.pg_constraint
    where conrelid = 'public.contact_submissions'::regclass and conname = 'contact_submissions_answered_how_check'
  ) then
    alter table public.contact_submissions
      add constraint contact_submissions_answered_how_check
      check (answered_how in ('marked', 'deck_sent')) not valid;
  end if;
end
$constraints$;

comment on column public.contact_submissions.reply_due_at is
  'When the reply is due: received + private.inquiry_limits.reply_within (null for rows older than the promise).';
comment on column public.contact_submissions.answered_how is
  'marked (the team pressed "Mark as answered") or deck_sent (the investor deck was emailed).';

-- Set on insert, whatever the writer sent: the promise is the database's, not the client's. As the
-- owner, since visitors (anon) may not read the limits.
create or replace function private.set_reply_due()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.reply_due_at := coalesce(new.created_at, now()) + (select l.reply_within from private.inquiry_limits as l);
  return new;
end;
$$;

drop trigger if exists contact_submissions_reply_due on public.contact_submissions;
create trigger contact_submissions_reply_due
  before insert on public.contact_submissions
  for each row execute function private.set_reply_due();

-- Tables holding something of one inquiry: their inquiry_id takes the type of contact_submissions.id
-- (uuid here, bigint or text in an adopted project).
do $tables$
declare
  id_type text;
begin
  select pg_catalog.format_type(a.atttypid, a.atttypmod) into id_type
  from pg_catalog.pg_attribute as a
  where a.attrelid = 'public.contact_submissions'::regclass and a.attname = 'id' and not a.attisdropped;

  execute pg_catalog.format($ddl$
    create table if not exists private.inquiry_action_tokens (
      token_hash bytea primary key constraint inquiry_action_tokens_sha256 check (octet_length(token_hash) = 32),
      inquiry_id %1$s not null references public.contact_submissions (id) on delete cascade,
      action text not null constraint inquiry_action_tokens_action check (action in ('answer', 'send_deck')),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )$ddl$, id_type);
  execute pg_catalog.format($ddl$
    create table if not exists private.inquiry_deck_sends (
      inquiry_id %1$s primary key references public.contact_submissions (id) on delete cascade,
      -- 'press' (the team's button) or 'auto' (deck_auto_send, a Turnstile-verified request).
      how text not null constraint inquiry_deck_sends_how check (how in ('press', 'auto')),
      -- The signed URL of the first attempt, so that a retry sends the same email under the same key.
      link text,
      claim uuid,
      lease_until timestamptz,
      attempts integer not null default 0,
      last_error text,
      sent_at timestamptz,
      created_at timestamptz not null default now()
    )$ddl$, id_type);
  execute pg_catalog.format($ddl$
    create table if not exists private.inquiry_reminders (
      inquiry_id %1$s primary key references public.contact_submissions (id) on delete cascade,
      claim uuid,
      lease_until timestamptz,
      sent_at timestamptz
    )$ddl$, id_type);
end
$tables$;

-- The table is new (and small): no write waits for this index.
-- squawk-ignore require-concurrent-index-creation
create index if not exists inquiry_action_tokens_inquiry on private.inquiry_action_tokens (inquiry_id);

comment on table private.inquiry_action_tokens is
  'Action links of the team''s emails (20261127000100_inquiry_promises.sql): SHA-256 of each token, its inquiry and action.';
comment on table private.inquiry_deck_sends is
  'Investor deck emails: one per inquiry, claimed and recorded like the notifications.';
comment on table private.inquiry_reminders is
  'Inquiries the team was reminded of (one reminder each).';

revoke all on table private.inquiry_action_tokens, private.inquiry_deck_sends, private.inquiry_reminders
  from public, anon, authenticated, service_role;

-- The private bucket for the deck (Supabase only; skipped where there is no Storage, as
-- 20261124000500_site_pictures_bucket.sql). No policy grants anything on it: only the service role
-- (the dashboard, the edge function's signed URLs) reaches it. PDF only, at most 50 MB.
do $deck_bucket$
declare
  stale record;
begin
  if pg_catalog.to_regclass('storage.buckets') is null or pg_catalog.to_regclass('storage.objects') is null then
    raise notice 'no Supabase Storage (schema storage) here: bucket investor-deck skipped';
    return;
  end if;
  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('investor-deck', 'investor-deck', false, 52428800, array['application/pdf'])
  on conflict (id) do update
    set name = excluded.name, public = excluded.public,
        file_size_limit = excluded.file_size_limit, allowed_mime_types = excluded.allowed_mime_types
    where (buckets.name, buckets.public, buckets.file_size_limit, buckets.allowed_mime_types)
      is distinct from (excluded.name, excluded.public, excluded.file_size_limit, excluded.allowed_mime_types);
  for stale in
    select policyname from pg_catalog.pg_policies
    where schemaname = 'storage' and tablename = 'objects'
      and pg_catalog.concat_ws(' ', qual, with_check) like '%''investor-deck''%'
  loop
    execute pg_catalog.format('drop policy %I on storage.objects', stale.policyname);
  end loop;
end
$deck_bucket$;

-- The caps count every email the pipeline sends: notifications, deck emails and reminders (as in
-- 20261125001100_inquiry_daily_email_cap.sql otherwise).
create or replace function private.inquiry_email_room(limits private.inquiry_limits)
returns integer
language sql
stable
set search_path = ''
as $$
  with sent(at, sending) as (
    select s.notified_at, s.notified_at is null and s.notify_lease_until > now()
    from public.contact_submissions as s where s.notify_channel = 'email'
    union all
    select d.sent_at, d.sent_at is null and d.lease_until > now() from private.inquiry_deck_sends as d
    union all
    select distinct on (r.claim) r.sent_at, r.sent_at is null and r.lease_until > now()
    from private.inquiry_reminders as r where r.claim is not null
  )
  select least(
    limits.emails_per_hour - count(*) filter (where sending or at > now() - interval '1 hour'),
    limits.emails_per_day - count(*) filter (where sending or at > now() - interval '1 day')
  )::integer
  from sent;
$$;

-- Tokens --------------------------------------------------------------------------------------------

-- The edge function registers the hashes of the links it is about to email: [{id, action, hash}],
-- hash as 64 hex digits. A hash already known keeps its first expiry. Returns the site's address
-- (Vault site_url) that the links start with, null where it is not set.
create or replace function public.inquiry_actions_issue(p_tokens jsonb)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.inquiry_action_tokens (token_hash, inquiry_id, action, expires_at)
  select pg_catalog.decode(t ->> 'hash', 'hex'), s.id, t ->> 'action', now() + interval '14 days'
  from pg_catalog.jsonb_array_elements(coalesce(p_tokens, '[]'::jsonb)) as t
  join public.contact_submissions as s on s.id::text = t ->> 'id'
  where (t ->> 'hash') ~ '^[0-9a-f]{64}$'
    and (t ->> 'action' = 'answer' or (t ->> 'action' = 'send_deck' and s.type = 'investor'))
  on conflict (token_hash) do nothing;
  return private.vault_secret('site_url');
end;
$$;

-- The live token for `token` (wrong and expired ones give null): one hash, one index lookup, the
-- same work whichever it is.
create or replace function private.inquiry_action_token(token text)
returns private.inquiry_action_tokens
language sql
stable
set search_path = ''
as $$
  select t.* from private.inquiry_action_tokens as t
  where t.token_hash = pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.left(coalesce(token, ''), 256), 'UTF8'))
    and t.expires_at > now();
$$;

-- What the /act/ page shows; reads only. Refused with PT404 for a wrong or expired token.
create or replace function private.inquiry_action_lookup(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  t private.inquiry_action_tokens := private.inquiry_action_token(token);
  s public.contact_submissions;
begin
  select * into s from public.contact_submissions where id = t.inquiry_id;
  if t.token_hash is null or s.id is null then
    raise sqlstate 'PT404' using message = 'This link is not valid: it is incomplete, expired or not one of ours.';
  end if;
  return pg_catalog.jsonb_build_object(
    'action', t.action,
    'type', s.type,
    'name', s.name,
    'company', s.company,
    'email', case when t.action = 'send_deck' then s.email end,
    'received', s.created_at,
    'due', s.reply_due_at,
    'answered_at', s.answered_at,
    'answered_how', s.answered_how
  );
end;
$$;

create or replace function public.action_link_lookup(token text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.inquiry_action_lookup(token);
$$;

-- A deck email for `s`, if one may go now: {outcome: claimed, claim, row, link, link_valid_seconds},
-- or busy (being sent), sent, capped (the hour's or day's emails are spent). The caller holds the
-- notification claims' lock.
create or replace function private.inquiry_deck_claim(s public.contact_submissions, how text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  d private.inquiry_deck_sends;
begin
  select * into limits from private.inquiry_limits;
  insert into private.inquiry_deck_sends (inquiry_id, how) values (s.id, how) on conflict (inquiry_id) do nothing;
  select * into d from private.inquiry_deck_sends where inquiry_id = s.id for update;
  if d.sent_at is not null then
    return pg_catalog.jsonb_build_object('outcome', 'sent', 'at', d.sent_at);
  elsif d.lease_until > now() then
    return pg_catalog.jsonb_build_object('outcome', 'busy');
  elsif private.inquiry_email_room(limits) <= 0 then
    return pg_catalog.jsonb_build_object('outcome', 'capped');
  end if;
  update private.inquiry_deck_sends
  set claim = gen_random_uuid(), lease_until = now() + limits.claim_lease
  where inquiry_id = s.id
  returning * into d;
  return pg_catalog.jsonb_build_object(
    'outcome', 'claimed',
    'claim', d.claim,
    'row', pg_catalog.jsonb_build_object('id', s.id, 'name', s.name, 'email', s.email, 'language', s.language),
    'link', d.link,
    'link_valid_seconds', extract(epoch from limits.deck_link_valid)::bigint
  );
end;
$$;

-- The press (the edge function calls it with the service key, the token and the action the page
-- showed). Outcomes: invalid (wrong, expired, or for another action); done {how, at} (answered
-- already, by this token or otherwise); answered {at} ('answer': done now); for 'send_deck' those of
-- private.inquiry_deck_claim.
create or replace function public.inquiry_action_take(p_token text, p_action text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  t private.inquiry_action_tokens;
  s public.contact_submissions;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  t := private.inquiry_action_token(p_token);
  select * into s from public.contact_submissions where id = t.inquiry_id for update;
  if t.token_hash is null or s.id is null or t.action is distinct from p_action then
    return pg_catalog.jsonb_build_object('outcome', 'invalid');
  end if;
  if s.answered_at is not null then
    return pg_catalog.jsonb_build_object('outcome', 'done', 'how', s.answered_how, 'at', s.answered_at);
  end if;
  if t.action = 'answer' then
    update public.contact_submissions set answered_at = now(), answered_how = 'marked' where id = s.id;
    update private.inquiry_action_tokens set used_at = now() where token_hash = t.token_hash;
    return pg_catalog.jsonb_build_object('outcome', 'answered', 'at', now());
  end if;
  return private.inquiry_deck_claim(s, 'press');
end;
$$;

-- deck_auto_send: the deck for a Turnstile-verified investor request, without a press. Outcomes as
-- private.inquiry_deck_claim, or off (the setting is off, or the row does not qualify).
create or replace function public.inquiry_deck_claim_auto(p_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.contact_submissions;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  select * into s from public.contact_submissions where id::text = p_id for update;
  if not (select l.deck_auto_send from private.inquiry_limits as l) or s.id is null or s.type <> 'investor'
     or s.notify_verified_at is null or s.answered_at is not null then
    return pg_catalog.jsonb_build_object('outcome', 'off');
  end if;
  return private.inquiry_deck_claim(s, 'auto');
end;
$$;

-- The signed URL the first attempt made, kept for every retry; returns the one kept.
create or replace function public.inquiry_deck_keep_link(p_claim uuid, p_link text)
returns text
language sql
security definer
set search_path = ''
as $$
  update private.inquiry_deck_sends set link = coalesce(link, p_link) where claim = p_claim returning link;
$$;

-- The deck email was accepted: recorded, the inquiry answered, its deck links used.
create or replace function public.inquiry_deck_sent(p_claim uuid)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  d private.inquiry_deck_sends;
begin
  update private.inquiry_deck_sends set sent_at = now(), claim = null, lease_until = null
  where claim = p_claim and sent_at is null
  returning * into d;
  if d.inquiry_id is null then
    return null;
  end if;
  update public.contact_submissions set answered_at = now(), answered_how = 'deck_sent'
  where id = d.inquiry_id and answered_at is null;
  update private.inquiry_action_tokens set used_at = now()
  where inquiry_id = d.inquiry_id and action = 'send_deck' and used_at is null;
  return d.sent_at;
end;
$$;

-- The deck email failed: an attempt counted; the next press (or auto send) tries again.
create or replace function public.inquiry_deck_failed(p_claim uuid, p_error text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  update private.inquiry_deck_sends
  set attempts = attempts + 1, last_error = pg_catalog.left(p_error, 200), claim = null, lease_until = null
  where claim = p_claim and sent_at is null;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

-- Reminders -------------------------------------------------------------------------------------------

-- Waiting inquiries within remind_before of their due time, not yet due, never reminded, not being
-- reminded right now.
create or replace function private.inquiries_to_remind()
returns setof public.contact_submissions
language sql
stable
set search_path = ''
as $$
  select s.* from public.contact_submissions as s, private.inquiry_limits as l
  where s.answered_at is null and s.reply_due_at > now() and s.reply_due_at - l.remind_before <= now()
    and not exists (
      select from private.inquiry_reminders as r
      where r.inquiry_id = s.id and (r.sent_at is not null or r.lease_until > now())
    );
$$;

-- The edge function's claim for one reminder email: {claim, rows} (no claim when none is due).
create or replace function public.inquiry_remind_claim()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  token uuid := gen_random_uuid();
  lease interval := (select l.claim_lease from private.inquiry_limits as l);
  claimed jsonb;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  with due as (
    select * from private.inquiries_to_remind()
  ), taken as (
    insert into private.inquiry_reminders as r (inquiry_id, claim, lease_until)
    select due.id, token, now() + lease from due
    on conflict (inquiry_id) do update set claim = excluded.claim, lease_until = excluded.lease_until
    returning r.inquiry_id
  )
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
    'id', due.id, 'type', due.type, 'name', due.name, 'company', due.company, 'email', due.email,
    'language', due.language, 'created_at', due.created_at, 'reply_due_at', due.reply_due_at
  ) order by due.reply_due_at, due.id), '[]'::jsonb)
  into claimed
  from due join taken on taken.inquiry_id = due.id;
  return pg_catalog.jsonb_build_object('claim', case when claimed <> '[]'::jsonb then token end, 'rows', claimed);
end;
$$;

-- The reminder was accepted (sent) or not (given back to the next minute's job).
create or replace function public.inquiry_remind_done(p_claim uuid, p_sent boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  update private.inquiry_reminders
  set sent_at = case when p_sent then now() end, claim = case when p_sent then claim end, lease_until = null
  where claim = p_claim and sent_at is null;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

-- The job ------------------------------------------------------------------------------------------

create or replace function private.keep_inquiry_promises()
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  webhook text := pg_catalog.btrim(coalesce(private.vault_secret('inquiry_alert_webhook_url'), ''));
  project_url text := private.vault_secret('project_url');
  service_role_key text := private.vault_secret('service_role_key');
  overdue bigint;
  oldest timestamptz;
  payload jsonb;
  request_id bigint;
  failure text;
  reminding boolean := false;
begin
  -- One alert for the inquiries that passed their due time since the last one.
  select count(*), min(s.reply_due_at) into overdue, oldest
  from public.contact_submissions as s
  where s.answered_at is null and s.reply_due_at <= now() and s.overdue_alerted_at is null;
  if overdue > 0 and webhook <> '' then
    if not private.is_public_https_url(webhook) then
      raise warning 'reply overdue alert not sent: inquiry_alert_webhook_url in Vault is not a public https URL';
    else
      payload := pg_catalog.jsonb_build_object(
        'text', pg_catalog.format('Website inquiries: %s %s passed %s reply time unanswered, the first due %s. Run `npm run doctor` for the list.',
          overdue, case when overdue = 1 then 'inquiry has' else 'inquiries have' end,
          case when overdue = 1 then 'its' else 'their' end, private.alert_time(oldest)),
        'cause', 'reply overdue',
        'count', overdue,
        'since', oldest,
        'project', private.vault_secret('project_url')
      );
      payload := payload || pg_catalog.jsonb_build_object('content', payload ->> 'text');
      begin
        request_id := net.http_post(url := webhook, body := payload, headers := '{"Content-Type": "application/json"}'::jsonb);
        failure := null;
      exception when others then
        raise warning 'reply overdue alert not sent: %', sqlerrm;
        failure := sqlerrm;
      end;
      update public.contact_submissions as s set overdue_alerted_at = now()
      where s.answered_at is null and s.reply_due_at <= now() and s.overdue_alerted_at is null;
      insert into private.inquiry_alerts as a (cause, called_at, call_body, call_request_id, call_error)
      values ('reply overdue', now(), payload, request_id, failure)
      on conflict (cause) do update
      set called_at = excluded.called_at, call_body = excluded.call_body,
          call_request_id = excluded.call_request_id, call_error = excluded.call_error;
    end if;
  end if;

  -- The reminder email is the edge function's (it holds the Resend key): asked for only when due.
  if exists (select from private.inquiries_to_remind())
     and coalesce(project_url, '') <> '' and coalesce(service_role_key, '') <> '' then
    perform net.http_post(
      url := pg_catalog.rtrim(project_url, '/') || '/functions/v1/inquiry-notif-resend',
      body := pg_catalog.jsonb_build_object('remind', true),
      headers := pg_catalog.jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_role_key),
      timeout_milliseconds := 60000
    );
    reminding := true;
  end if;
  return pg_catalog.jsonb_build_object('alerted', case when payload is null then 0 else overdue end, 'reminding', reminding);
end;
$$;

comment on function private.keep_inquiry_promises() is
  'Asks inquiry-notif-resend for the reminder email when inquiries near their due time, and alerts '
  '(cause reply overdue) when they pass it. Run every minute by the pg_cron job inquiry-promises.';

revoke all on function
  private.set_reply_due(),
  private.inquiry_email_room(private.inquiry_limits),
  private.inquiry_action_token(text),
  private.inquiry_action_lookup(text),
  private.inquiry_deck_claim(public.contact_submissions, text),
  private.inquiries_to_remind(),
  private.keep_inquiry_promises(),
  public.action_link_lookup(text),
  public.inquiry_actions_issue(jsonb),
  public.inquiry_action_take(text, text),
  public.inquiry_deck_claim_auto(text),
  public.inquiry_deck_keep_link(uuid, text),
  public.inquiry_deck_sent(uuid),
  public.inquiry_deck_failed(uuid, text),
  public.inquiry_remind_claim(),
  public.inquiry_remind_done(uuid, boolean)
  from public, anon, authenticated, service_role;
-- The /act/ page reads with the anon key; the press and everything else is the edge function's.
grant usage on schema private to anon;
grant execute on function private.inquiry_action_lookup(text), public.action_link_lookup(text) to anon;
grant execute on function
  public.inquiry_actions_issue(jsonb),
  public.inquiry_action_take(text, text),
  public.inquiry_deck_claim_auto(text),
  public.inquiry_deck_keep_link(uuid, text),
  public.inquiry_deck_sent(uuid),
  public.inquiry_deck_failed(uuid, text),
  public.inquiry_remind_claim(),
  public.inquiry_remind_done(uuid, boolean)
  to service_role;

do $schedule$
begin
  if not exists (select from pg_catalog.pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not enabled: inquiry reminders and overdue alerts are not scheduled';
    return;
  end if;
  perform cron.schedule('inquiry-promises', '* * * * *', 'select private.keep_inquiry_promises()');
end
$schedule$;
