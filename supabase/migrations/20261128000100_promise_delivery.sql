-- The promises' delivery, made firmer (20261127000100_inquiry_promises.sql):
--   * Action tokens are minted by the database, HMAC-SHA256 under a random key of their own
--     (private.action_token_key) that never leaves it. Before, the edge function made them under
--     the service key: anyone holding that key (a CI variable, a developer's .env) could make every
--     link offline. The token is still the same for one inquiry and action on every retry (Resend's
--     Idempotency-Key wants the same payload) and in the reminder; the database still keeps only its
--     SHA-256. public.inquiry_actions_mint replaces public.inquiry_actions_issue.
--   * A deck email that failed is retried by the sweep, as the team's notifications are: after
--     1, 2, 4 … minutes (at most an hour), until give_up_after has passed since the first failure,
--     one per sweep, under the caps, never once the inquiry is answered. A deck that was missing
--     from the bucket is not retried by itself: the team was told nothing was sent, and presses
--     again once the deck is there.
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Tokens --------------------------------------------------------------------------------------------

create table if not exists private.action_token_key (
  singleton boolean primary key default true check (singleton),
  key bytea not null check (octet_length(key) = 32)
);

-- Random once per project (gen_random_uuid draws on the server's strong random source).
insert into private.action_token_key (key)
values (pg_catalog.sha256(pg_catalog.convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')))
on conflict (singleton) do nothing;

comment on table private.action_token_key is
  'The key of the team''s action links (HMAC-SHA256 of inquiry and action). Replacing it changes the '
  'links of emails not yet sent; links already sent keep working (their hashes are stored).';

revoke all on table private.action_token_key from public, anon, authenticated, service_role;

-- The links of the emails the function is about to send: [{id, action}] in, {site, tokens: [{id,
-- action, token}]} out, where site is Vault's site_url (null where it is not set) and each token is
-- 43 base64url characters. Only pairs that exist are minted ('send_deck' only for investors); a
-- hash already known keeps its first expiry.
create or replace function public.inquiry_actions_mint(p_actions jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  minted jsonb;
begin
  with wanted as (
    select s.id, t ->> 'action' as action
    from pg_catalog.jsonb_array_elements(coalesce(p_actions, '[]'::jsonb)) as t
    join public.contact_submissions as s on s.id::text = t ->> 'id'
    where t ->> 'action' = 'answer' or (t ->> 'action' = 'send_deck' and s.type = 'investor')
  ), made as (
    select w.id, w.action,
      pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(
        private.hmac_sha256(k.key, pg_catalog.convert_to('inquiry-action:v1:' || w.id::text || ':' || w.action, 'UTF8')),
        'base64'), '+/', '-_'), '=') as token
    from wanted as w cross join private.action_token_key as k
  ), stored as (
    insert into private.inquiry_action_tokens (token_hash, inquiry_id, action, expires_at)
    select pg_catalog.sha256(pg_catalog.convert_to(m.token, 'UTF8')), m.id, m.action, now() + interval '14 days'
    from made as m
    on conflict (token_hash) do nothing
  )
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', m.id, 'action', m.action, 'token', m.token)), '[]'::jsonb)
  into minted
  from made as m;
  return pg_catalog.jsonb_build_object('site', private.vault_secret('site_url'), 'tokens', minted);
end;
$$;

drop function if exists public.inquiry_actions_issue(jsonb);

-- Deck retries ------------------------------------------------------------------------------------------

alter table private.inquiry_deck_sends
  add column if not exists next_at timestamptz,
  add column if not exists failing_since timestamptz;

comment on column private.inquiry_deck_sends.next_at is
  'When the sweep tries a failed deck email again; null when it will not (sent, deck missing, or given up).';

-- The deck email failed: an attempt counted, and the sweep's next try set (see the header).
create or replace function public.inquiry_deck_failed(p_claim uuid, p_error text)
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
  update private.inquiry_deck_sends as d
  set attempts = d.attempts + 1,
      last_error = pg_catalog.left(p_error, 200),
      failing_since = coalesce(d.failing_since, now()),
      next_at = case
        when p_error like 'storage:missing%' then null
        when coalesce(d.failing_since, now()) <= now() - limits.give_up_after then null
        else now() + least(interval '1 minute' * power(2, least(d.attempts, 10)), interval '1 hour')
      end,
      claim = null,
      lease_until = null
  where d.claim = p_claim and d.sent_at is null;
  get diagnostics changed = row_count;
  return changed;
end;
$$;

-- The sweep's deck retry: the oldest failed deck email whose time has come, claimed as a press
-- claims it ({outcome: claimed, …}, or capped), or {outcome: none}.
create or replace function public.inquiry_deck_claim_retry()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.contact_submissions;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  select c.* into s
  from private.inquiry_deck_sends as d
  join public.contact_submissions as c on c.id = d.inquiry_id
  where d.sent_at is null and d.next_at <= now() and coalesce(d.lease_until, '-infinity') <= now()
    and c.answered_at is null
  order by d.next_at
  limit 1
  for update of c;
  if s.id is null then
    return pg_catalog.jsonb_build_object('outcome', 'none');
  end if;
  return private.inquiry_deck_claim(s, 'press');
end;
$$;

-- A sent deck needs no retry.
create or replace function public.inquiry_deck_sent(p_claim uuid)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  d private.inquiry_deck_sends;
begin
  update private.inquiry_deck_sends set sent_at = now(), claim = null, lease_until = null, next_at = null
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

revoke all on function public.inquiry_actions_mint(jsonb), public.inquiry_deck_claim_retry()
  from public, anon, authenticated, service_role;
-- The two functions restated above keep their grants (create or replace does).
grant execute on function public.inquiry_actions_mint(jsonb), public.inquiry_deck_claim_retry() to service_role;
