-- The team's action links, made firmer (20261127000100_inquiry_promises.sql,
-- 20261128000100_promise_delivery.sql):
--   * The key that derives the tokens leaves the database. The edge function holds it as its secret
--     ACTION_TOKEN_KEY, computes each token (HMAC-SHA256 of inquiry and action, so every retry and
--     reminder carries the same link and Resend's Idempotency-Key meets the same payload) and hands
--     the database only its SHA-256 (public.inquiry_actions_store, in place of
--     public.inquiry_actions_mint). private.action_token_key is dropped: a dump or a backup holds
--     hashes, from which no live link can be made. Links already sent keep working (their hashes
--     stay); the emails sent from now on carry tokens under the function's key.
--   * How long a link works is a setting: private.inquiry_limits.action_link_valid (14 days).
--   * A link that has done its work shows nothing of the person: once its action is done (answered;
--     the deck sent) or its inquiry answered, public.action_link_lookup answers with the state only
--     (what was done, when), never the name, company or address.
--   * The press checks the token before it takes the notification claims' lock (the lock that keeps
--     the caps' count and every claim in one order): a wrong, expired or mismatched token, which
--     anyone holding the public anon key can send, answers at once and never waits for or holds up
--     the team's emails.
--   * Answered and the deck are two promises. Marking an investor request answered no longer stops
--     its deck (the press, the sweep's retry, deck_auto_send); sending the deck no longer marks the
--     inquiry answered, so its reply stays due, reminded and alerted like any other. Rows answered
--     by the deck before this file keep answered_how = 'deck_sent'.
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Settings --------------------------------------------------------------------------------------------

alter table private.inquiry_limits
  add column if not exists action_link_valid interval not null default interval '14 days'
    check (action_link_valid > interval '0');

comment on column private.inquiry_limits.action_link_valid is
  'How long an action link of the team''s emails ("Mark as answered", "Send the deck") works after it is first emailed.';

comment on column public.contact_submissions.answered_how is
  'marked: the team marked the inquiry answered. deck_sent: only on rows answered before '
  '20261129000200_action_links.sql, when sending the deck counted as the reply.';

-- The key leaves the database -------------------------------------------------------------------------

drop function if exists public.inquiry_actions_mint(jsonb);
-- The point of this file: no client reads it (only the dropped mint function did, and the key's
-- purpose is that nothing in the database can make a link any more).
-- squawk-ignore ban-drop-table
drop table if exists private.action_token_key;

-- The hashes of the links the function is about to email: [{id, action, hash}] in (hash: the token's
-- SHA-256 as 64 hex digits), {site, live} out: site is Vault's site_url (null where it is not set),
-- live the hashes given that are stored for their inquiry and action and not expired, which are the
-- only links the function may send. Only pairs that exist are stored ('send_deck' only for
-- investors); a hash already known keeps its first expiry.
create or replace function public.inquiry_actions_store(p_links jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  valid interval := (select l.action_link_valid from private.inquiry_limits as l);
  live jsonb;
begin
  insert into private.inquiry_action_tokens (token_hash, inquiry_id, action, expires_at)
  select pg_catalog.decode(t ->> 'hash', 'hex'), s.id, t ->> 'action', now() + valid
  from pg_catalog.jsonb_array_elements(coalesce(p_links, '[]'::jsonb)) as t
  join public.contact_submissions as s on s.id::text = t ->> 'id'
  where (t ->> 'hash') ~ '^[0-9a-f]{64}$'
    and (t ->> 'action' = 'answer' or (t ->> 'action' = 'send_deck' and s.type = 'investor'))
  on conflict (token_hash) do nothing;

  select coalesce(pg_catalog.jsonb_agg(distinct t ->> 'hash'), '[]'::jsonb) into live
  from pg_catalog.jsonb_array_elements(coalesce(p_links, '[]'::jsonb)) as t
  join private.inquiry_action_tokens as k
    on k.token_hash = case when (t ->> 'hash') ~ '^[0-9a-f]{64}$' then pg_catalog.decode(t ->> 'hash', 'hex') end
  where k.inquiry_id::text = t ->> 'id' and k.action = t ->> 'action' and k.expires_at > now();
  return pg_catalog.jsonb_build_object('site', private.vault_secret('site_url'), 'live', live);
end;
$$;

-- What the /act/ page shows; reads only. Refused with PT404 for a wrong or expired token. The state
-- (action, answered_at, answered_how, deck_sent_at) always; the inquiry (type, name, company, the
-- address for the deck, received, due) only while the link still has work to do.
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
  deck_sent_at timestamptz;
  state jsonb;
begin
  select * into s from public.contact_submissions where id = t.inquiry_id;
  if t.token_hash is null or s.id is null then
    raise sqlstate 'PT404' using message = 'This link is not valid: it is incomplete, expired or not one of ours.';
  end if;
  select d.sent_at into deck_sent_at from private.inquiry_deck_sends as d where d.inquiry_id = s.id;
  state := pg_catalog.jsonb_build_object(
    'action', t.action,
    'answered_at', s.answered_at,
    'answered_how', s.answered_how,
    'deck_sent_at', deck_sent_at
  );
  if t.used_at is not null or s.answered_at is not null or (t.action = 'send_deck' and deck_sent_at is not null) then
    return state;
  end if;
  return state || pg_catalog.jsonb_build_object('inquiry', pg_catalog.jsonb_build_object(
    'type', s.type,
    'name', s.name,
    'company', s.company,
    'email', case when t.action = 'send_deck' then s.email end,
    'received', s.created_at,
    'due', s.reply_due_at
  ));
end;
$$;

-- The press (the edge function calls it with the service key, the token and the action the page
-- showed). Outcomes: invalid (wrong, expired, or for another action); for 'answer', done {how, at}
-- (answered already, by this link or otherwise) or answered {at} (done now); for 'send_deck', those
-- of private.inquiry_deck_claim, whether or not the inquiry is answered.
create or replace function public.inquiry_action_take(p_token text, p_action text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  t private.inquiry_action_tokens := private.inquiry_action_token(p_token);
  s public.contact_submissions;
begin
  -- Before the lock: one hash and one index lookup, the same for every kind of refusal.
  if t.token_hash is null or t.action is distinct from p_action then
    return pg_catalog.jsonb_build_object('outcome', 'invalid');
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  select * into s from public.contact_submissions where id = t.inquiry_id for update;
  -- Erased while this call waited for the lock.
  if s.id is null then
    return pg_catalog.jsonb_build_object('outcome', 'invalid');
  end if;
  if t.action = 'answer' then
    if s.answered_at is not null then
      return pg_catalog.jsonb_build_object('outcome', 'done', 'how', s.answered_how, 'at', s.answered_at);
    end if;
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
     or s.notify_verified_at is null then
    return pg_catalog.jsonb_build_object('outcome', 'off');
  end if;
  return private.inquiry_deck_claim(s, 'auto');
end;
$$;

-- The sweep's deck retry: the oldest failed deck email whose time has come, claimed as a press
-- claims it ({outcome: claimed, …}, or capped), or {outcome: none}. Answered or not: the deck was
-- asked for and not sent.
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
  order by d.next_at
  limit 1
  for update of c;
  if s.id is null then
    return pg_catalog.jsonb_build_object('outcome', 'none');
  end if;
  return private.inquiry_deck_claim(s, 'press');
end;
$$;

-- The deck email was accepted: recorded, no retry, its deck links used. The reply is another
-- promise: the inquiry stays as it was.
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
  update private.inquiry_action_tokens set used_at = now()
  where inquiry_id = d.inquiry_id and action = 'send_deck' and used_at is null;
  return d.sent_at;
end;
$$;

-- The functions restated above keep their grants (create or replace does); the new one is the edge
-- function's alone.
revoke all on function public.inquiry_actions_store(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.inquiry_actions_store(jsonb) to service_role;
