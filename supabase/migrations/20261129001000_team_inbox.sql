-- The team's inbox (/team/): the people on private.team_members read the inquiries and act on them,
-- and the database decides what that means.
--   * Reading: a signed-in team member (private.is_team_member(), by the Auth user's id) selects
--     public.contact_submissions under RLS, and only the columns the page shows or filters by (a
--     column grant to authenticated; every other signed-in user, editors included, matches no row,
--     and anon keeps the connection test's grant alone). Two columns the database keeps for the page:
--     deck_sent_at (copied from private.inquiry_deck_sends when the deck email goes) and mailbox
--     (private.inquiry_mailbox of the email, the form a person's export and erasure compare, so the
--     page's search finds what they find).
--   * Indexes for the page's four filters (open, due soon, overdue, answered: newest first, 50 a
--     page) and the mailbox search, which export and erase now use too instead of normalising every
--     row's address.
--   * Acting: public.team_* functions, each a plain SQL wrapper of a private security definer
--     function that refuses (42501) anyone who is not a team member. Wrappers, so that nothing in the
--     exposed schema runs as its owner (Supabase's advisors warn of that): the team marks an inquiry
--     answered (once: a second press by anyone is 'already', nothing changed), sets or clears its
--     legal hold, exports one mailbox (what `npm run inquiries -- export` prints), erases one after
--     the address is typed again (what `erase` does), and claims the deck email for the edge function,
--     which sends it with the member's session (public.team_deck_claim).
--   * Accountability: each of those calls is a row of private.team_actions (which member, by Auth
--     user id and their own address; when; what; its outcome; which inquiry; the visitor's mailbox
--     only as the keyed hash the erasure log uses). The daily retention job deletes the rows older
--     than the inquiries' retention. A staff table: a visitor's erasure never touches it.
--
-- Locks: the first run adds the two columns, which takes contact_submissions' ACCESS EXCLUSIVE lock
-- until this file's transaction ends, so reads and inserts wait while existing rows get their
-- mailbox (one rewrite of the table, not batched) and the three indexes are built. At the 50,000 rows
-- a year of inquiries stays under, `npm run bench` times the whole file (docs/performance.md); the
-- lock_timeout below gives up rather than queue behind a long transaction. A later run reads every
-- row once to find none to fill before it takes a lock that holds anyone up.
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase, and over an
-- adopted table whose ids are bigint or text.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Columns the database keeps -------------------------------------------------------------------------

-- Added only where missing: ADD COLUMN IF NOT EXISTS would take the table's ACCESS EXCLUSIVE lock on
-- every run, and a run over existing columns should not hold reads and inserts for the whole file.
do $columns$
begin
  if not exists (
    select from pg_catalog.pg_attribute
    where attrelid = 'public.contact_submissions'::regclass and attname = 'deck_sent_at' and not attisdropped
  ) then
    alter table public.contact_submissions add column deck_sent_at timestamptz;
  end if;
  if not exists (
    select from pg_catalog.pg_attribute
    where attrelid = 'public.contact_submissions'::regclass and attname = 'mailbox' and not attisdropped
  ) then
    alter table public.contact_submissions add column mailbox text;
  end if;
end
$columns$;

comment on column public.contact_submissions.deck_sent_at is
  'When the investor deck email went to this inquiry''s address (from private.inquiry_deck_sends); null until then.';
comment on column public.contact_submissions.mailbox is
  'private.inquiry_mailbox(email), kept by a trigger: the form a person''s export, erasure and the team''s search compare.';

-- A visitor's insert cannot set it, an owner's update cannot make it disagree with the address.
create or replace function private.set_inquiry_mailbox()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.mailbox := private.inquiry_mailbox(new.email::text);
  return new;
end;
$$;

-- Existing rows, and any whose normalisation has changed since (a later private.inquiry_mailbox).
-- Filled by rewriting the table (a column's type "changed" to itself, USING the value), not by an
-- UPDATE: an adopted table keeps old rows that break its NOT VALID rules (20261123000200), and an
-- UPDATE would check them again and refuse; a rewrite checks only the rules it adds. Nothing to do,
-- nothing rewritten.
do $fill$
begin
  if exists (
    select from public.contact_submissions as s where s.mailbox is distinct from private.inquiry_mailbox(s.email::text)
  ) then
    -- The trigger names the column, which a type change refuses; it is made again below.
    drop trigger if exists contact_submissions_mailbox on public.contact_submissions;
    -- squawk-ignore changing-column-type
    alter table public.contact_submissions alter column mailbox type text using private.inquiry_mailbox(email::text);
  end if;
end
$fill$;

create or replace trigger contact_submissions_mailbox
  before insert or update of email, mailbox on public.contact_submissions
  for each row execute function private.set_inquiry_mailbox();

-- The deck's send, shown on its inquiry.
create or replace function private.copy_deck_sent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.contact_submissions as s set deck_sent_at = new.sent_at
  where s.id = new.inquiry_id and s.deck_sent_at is distinct from new.sent_at;
  return null;
exception when check_violation then
  -- An adopted row that breaks a NOT VALID rule cannot be written; the send stays recorded in
  -- private.inquiry_deck_sends, and the email already went.
  raise warning 'inquiry %: deck_sent_at not copied: %', new.inquiry_id, sqlerrm;
  return null;
end;
$$;

create or replace trigger inquiry_deck_sends_copy_sent
  after insert or update of sent_at on private.inquiry_deck_sends
  for each row execute function private.copy_deck_sent();

-- The decks sent so far (a few rows), each as the trigger copies it.
do $decks$
declare
  d record;
begin
  for d in
    select x.inquiry_id, x.sent_at
    from private.inquiry_deck_sends as x
    join public.contact_submissions as s on s.id = x.inquiry_id
    where s.deck_sent_at is distinct from x.sent_at
  loop
    begin
      update public.contact_submissions set deck_sent_at = d.sent_at where id = d.inquiry_id;
    exception when check_violation then
      raise warning 'inquiry %: deck_sent_at not copied: %', d.inquiry_id, sqlerrm;
    end;
  end loop;
end
$decks$;

revoke all on function private.set_inquiry_mailbox(), private.copy_deck_sent()
  from public, anon, authenticated, service_role;

-- The page's queries ----------------------------------------------------------------------------------
-- Each filter reads newest first and stops at 50 rows: open, due soon and overdue walk the open rows'
-- index (reply_due_at in it, so rows outside a window are skipped without reading the table), answered
-- the answered rows' index; the mailbox search, export and erase go straight to one mailbox.
-- A plain build under the lock above (CONCURRENTLY cannot run in the transaction Supabase runs a
-- migration file in), within the file's time that docs/performance.md gives at 50,000 rows.

-- squawk-ignore require-concurrent-index-creation
create index if not exists contact_submissions_open_idx
  on public.contact_submissions (created_at desc) include (reply_due_at) where answered_at is null;

-- squawk-ignore require-concurrent-index-creation
create index if not exists contact_submissions_answered_idx
  on public.contact_submissions (created_at desc) where answered_at is not null;

-- squawk-ignore require-concurrent-index-creation
create index if not exists contact_submissions_mailbox_idx
  on public.contact_submissions (mailbox, created_at desc);

-- Reading -------------------------------------------------------------------------------------------

-- What the page shows and filters by. REVOKE on the table (20261123000200) takes these back when that
-- file runs again; this file, later, gives them again.
grant select (
  id, type, name, email, company, message, language, created_at, reply_due_at, answered_at, answered_how,
  deck_sent_at, legal_hold, mailbox
) on table public.contact_submissions to authenticated;

-- One select policy per role (permissive policies add up, and Supabase's advisors want one): anon
-- keeps the connection test's (20261123000300), which matches no row; for a signed-in user this one,
-- which matches every row for a team member and none for anyone else, so the connection test still
-- counts 0. The check is evaluated once per statement (the sub-select), not per row.
drop policy if exists "Visitors count submissions and see none of them" on public.contact_submissions;
create policy "Visitors count submissions and see none of them"
  on public.contact_submissions
  for select
  to anon
  using (false);

drop policy if exists "Team members read inquiries" on public.contact_submissions;
create policy "Team members read inquiries"
  on public.contact_submissions
  for select
  to authenticated
  using ((select private.is_team_member()));

-- The record ------------------------------------------------------------------------------------------

create table if not exists private.team_actions (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The member's Auth user and the address they are listed under (their own, not a visitor's).
  member_id uuid not null,
  member_email text not null,
  action text not null constraint team_actions_action check (action in ('mark_answered', 'set_hold', 'export', 'erase', 'deck')),
  -- What the call answered: answered, already, held, released, exported, nothing, erased,
  -- unconfirmed, missing, invalid, not-investor, or the deck claim's claimed, sent, busy, capped.
  outcome text not null,
  -- As text: an adopted table's ids may be uuid, bigint or text. No foreign key: the record outlives
  -- an erased or expired inquiry.
  inquiry_id text,
  -- private.personal_data_hash of the visitor's mailbox, as bytes: never the address.
  mailbox_hmac bytea
);

comment on table private.team_actions is
  'What the team did on /team/ (public.team_* functions): who, when, what, the outcome, which inquiry, the keyed hash of '
  'the mailbox; never a visitor''s address. Kept as long as the inquiries (private.apply_inquiry_retention).';

-- The table is new (empty): no write waits for these.
-- squawk-ignore require-concurrent-index-creation
create index if not exists team_actions_at_idx on private.team_actions (at);
-- squawk-ignore require-concurrent-index-creation
create index if not exists team_actions_inquiry_idx on private.team_actions (inquiry_id);

revoke all on table private.team_actions from public, anon, authenticated, service_role;

-- Its address column is the member's own (20261129000100 says why a table must be named).
insert into private.personal_data_holders (relation, holds, hashed_mailbox, reason)
values ('private.team_actions', 'staff', null, 'What each team member did on /team/, under their own address.')
on conflict (relation) do nothing;

-- The member making this request, or 42501: an operator removed them, or the session is not one.
create or replace function private.team_member_email()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  member text;
begin
  select m.email into member from private.team_members as m where m.user_id = auth.uid();
  if member is null then
    raise sqlstate '42501' using
      message = 'not a team member',
      hint = 'Sign in again on /team/; an operator adds members with npm run team -- add.';
  end if;
  return member;
end;
$$;

-- Called by the team's functions below, which run as the owner.
create or replace function private.team_record(action text, outcome text, inquiry_id text, mailbox text)
returns void
language sql
set search_path = ''
as $$
  insert into private.team_actions (member_id, member_email, action, outcome, inquiry_id, mailbox_hmac)
  select auth.uid(), private.team_member_email(), action, outcome, pg_catalog.left(inquiry_id, 200),
         pg_catalog.decode(private.personal_data_hash(mailbox), 'hex');
$$;

-- One inquiry by the id the page holds, as text whatever the id's type, found through the primary
-- key (jsonb_populate_record gives the text the id column's type); locked for the change to come.
-- Null when no row has that id, or the text cannot be one.
create or replace function private.team_inquiry(p_id text)
returns public.contact_submissions
language plpgsql
set search_path = ''
as $$
declare
  s public.contact_submissions;
begin
  select * into s from public.contact_submissions as c
  where c.id = (pg_catalog.jsonb_populate_record(null::public.contact_submissions, pg_catalog.jsonb_build_object('id', p_id))).id
  for update;
  return s;
exception when invalid_text_representation or numeric_value_out_of_range then
  return null;
end;
$$;

-- Reading helpers -------------------------------------------------------------------------------------

-- The page's counts and the settings its filters need, on the database's clock.
create or replace function private.team_inbox_counts()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  remind interval := (select l.remind_before from private.inquiry_limits as l);
  clock timestamptz := now();
begin
  perform private.team_member_email();
  return pg_catalog.jsonb_build_object(
    'open', (select count(*) from public.contact_submissions as s where s.answered_at is null),
    'due_soon', (select count(*) from public.contact_submissions as s
                  where s.answered_at is null and s.reply_due_at >= clock and s.reply_due_at < clock + remind),
    'overdue', (select count(*) from public.contact_submissions as s where s.answered_at is null and s.reply_due_at < clock),
    'answered', (select count(*) from public.contact_submissions as s where s.answered_at is not null),
    'remind_before_seconds', extract(epoch from remind)::bigint,
    'now', clock
  );
end;
$$;

-- A searched address as the mailbox column holds it; 22023 for what is not an address.
create or replace function private.team_mailbox(p_email text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.team_member_email();
  return private.personal_data_mailbox(pg_catalog.btrim(p_email));
end;
$$;

-- Acting ------------------------------------------------------------------------------------------------

-- {outcome: answered, at}; already {at, how, by} when it was answered before (by = the member who
-- marked it on /team/, null for an email link); missing when no such inquiry; invalid for an adopted
-- row that breaks one of the table's NOT VALID rules (no change to it can be written until an
-- operator corrects it, docs/adoption.md).
create or replace function private.team_mark_answered(p_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.contact_submissions;
  by_member text;
begin
  perform private.team_member_email();
  s := private.team_inquiry(p_id);
  if s.id is null then
    perform private.team_record('mark_answered', 'missing', p_id, null);
    return pg_catalog.jsonb_build_object('outcome', 'missing');
  end if;
  if s.answered_at is not null then
    select a.member_email into by_member from private.team_actions as a
    where a.inquiry_id = s.id::text and a.action = 'mark_answered' and a.outcome = 'answered'
    order by a.id desc limit 1;
    perform private.team_record('mark_answered', 'already', s.id::text, s.mailbox);
    return pg_catalog.jsonb_build_object('outcome', 'already', 'at', s.answered_at, 'how', s.answered_how, 'by', by_member);
  end if;
  begin
    update public.contact_submissions set answered_at = now(), answered_how = 'marked' where id = s.id;
  exception when check_violation then
    perform private.team_record('mark_answered', 'invalid', s.id::text, s.mailbox);
    return pg_catalog.jsonb_build_object('outcome', 'invalid');
  end;
  perform private.team_record('mark_answered', 'answered', s.id::text, s.mailbox);
  return pg_catalog.jsonb_build_object('outcome', 'answered', 'at', now());
end;
$$;

-- {outcome: held | released, at}, or missing, or invalid (as above).
create or replace function private.team_set_hold(p_id text, p_hold boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.contact_submissions;
  outcome text := case when p_hold then 'held' else 'released' end;
begin
  perform private.team_member_email();
  if p_hold is null then
    raise sqlstate '22004' using message = 'p_hold must be true or false';
  end if;
  s := private.team_inquiry(p_id);
  if s.id is null then
    perform private.team_record('set_hold', 'missing', p_id, null);
    return pg_catalog.jsonb_build_object('outcome', 'missing');
  end if;
  begin
    update public.contact_submissions set legal_hold = p_hold where id = s.id and legal_hold is distinct from p_hold;
  exception when check_violation then
    perform private.team_record('set_hold', 'invalid', s.id::text, s.mailbox);
    return pg_catalog.jsonb_build_object('outcome', 'invalid');
  end;
  perform private.team_record('set_hold', outcome, s.id::text, s.mailbox);
  return pg_catalog.jsonb_build_object('outcome', outcome, 'at', now());
end;
$$;

-- What `npm run inquiries -- export` prints: {mailbox, exported_at, tables}; tables is {} when
-- nothing is stored. 22023 for what is not an address.
create or replace function private.team_export(p_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted text;
  tables jsonb;
begin
  perform private.team_member_email();
  wanted := private.personal_data_mailbox(pg_catalog.btrim(p_email));
  tables := private.personal_data_export(pg_catalog.btrim(p_email));
  perform private.team_record('export', case when tables = '{}' then 'nothing' else 'exported' end, null, wanted);
  return pg_catalog.jsonb_build_object('mailbox', pg_catalog.btrim(p_email), 'exported_at', now(), 'tables', tables);
end;
$$;

-- What `npm run inquiries -- erase` does, once p_confirmation is the same mailbox typed again:
-- {outcome: erased, deleted: {"<table>": n}, held: n}; else {outcome: unconfirmed} and nothing
-- changed. 22023 when p_email is not an address.
create or replace function private.team_erase(p_email text, p_confirmation text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted text;
  confirmed text;
  erased jsonb;
begin
  perform private.team_member_email();
  wanted := private.personal_data_mailbox(pg_catalog.btrim(p_email));
  begin
    confirmed := private.personal_data_mailbox(pg_catalog.btrim(p_confirmation));
  exception when invalid_parameter_value then
    confirmed := null;
  end;
  if confirmed is distinct from wanted then
    perform private.team_record('erase', 'unconfirmed', null, wanted);
    return pg_catalog.jsonb_build_object('outcome', 'unconfirmed');
  end if;
  erased := private.personal_data_erase(pg_catalog.btrim(p_email));
  perform private.team_record('erase', 'erased', null, wanted);
  return pg_catalog.jsonb_build_object('outcome', 'erased') || erased;
end;
$$;

-- The deck email for an investor request, pressed on /team/: the edge function calls this with the
-- member's session, then sends as for a press on an email's link. Outcomes of
-- private.inquiry_deck_claim (claimed {claim, row, link, link_valid_seconds}, sent {at}, busy,
-- capped), whether or not the inquiry is answered, or missing, not-investor.
create or replace function private.team_deck_claim(p_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.contact_submissions;
  claimed jsonb;
begin
  perform private.team_member_email();
  -- The claims' order (20261127000100): the caps' count and every claim under one lock.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_notify_claim'));
  s := private.team_inquiry(p_id);
  if s.id is null then
    perform private.team_record('deck', 'missing', p_id, null);
    return pg_catalog.jsonb_build_object('outcome', 'missing');
  end if;
  if s.type is distinct from 'investor' then
    perform private.team_record('deck', 'not-investor', s.id::text, s.mailbox);
    return pg_catalog.jsonb_build_object('outcome', 'not-investor');
  end if;
  claimed := private.inquiry_deck_claim(s, 'press');
  perform private.team_record('deck', claimed ->> 'outcome', s.id::text, s.mailbox);
  return claimed;
end;
$$;

revoke all on function
  private.team_member_email(),
  private.team_record(text, text, text, text),
  private.team_inquiry(text),
  private.team_inbox_counts(),
  private.team_mailbox(text),
  private.team_mark_answered(text),
  private.team_set_hold(text, boolean),
  private.team_export(text),
  private.team_erase(text, text),
  private.team_deck_claim(text)
  from public, anon, authenticated, service_role;
-- The wrappers below run as the caller (authenticated); the functions check the member themselves.
grant execute on function
  private.team_inbox_counts(),
  private.team_mailbox(text),
  private.team_mark_answered(text),
  private.team_set_hold(text, boolean),
  private.team_export(text),
  private.team_erase(text, text),
  private.team_deck_claim(text)
  to authenticated;

-- The Data API's names -------------------------------------------------------------------------------

create or replace function public.team_inbox_counts()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.team_inbox_counts();
$$;

create or replace function public.team_mailbox(p_email text)
returns text
language sql
stable
set search_path = ''
as $$
  select private.team_mailbox(p_email);
$$;

create or replace function public.team_mark_answered(p_id text)
returns jsonb
language sql
set search_path = ''
as $$
  select private.team_mark_answered(p_id);
$$;

create or replace function public.team_set_hold(p_id text, p_hold boolean)
returns jsonb
language sql
set search_path = ''
as $$
  select private.team_set_hold(p_id, p_hold);
$$;

create or replace function public.team_export(p_email text)
returns jsonb
language sql
set search_path = ''
as $$
  select private.team_export(p_email);
$$;

create or replace function public.team_erase(p_email text, p_confirmation text)
returns jsonb
language sql
set search_path = ''
as $$
  select private.team_erase(p_email, p_confirmation);
$$;

create or replace function public.team_deck_claim(p_id text)
returns jsonb
language sql
set search_path = ''
as $$
  select private.team_deck_claim(p_id);
$$;

comment on function public.team_inbox_counts() is
  'For a team member: {open, due_soon, overdue, answered, remind_before_seconds, now}.';
comment on function public.team_mailbox(text) is
  'For a team member: the address as the mailbox column holds it (22023 when it is not one).';
comment on function public.team_mark_answered(text) is
  'For a team member: marks the inquiry answered: {outcome: answered | already | missing, ...}. Recorded.';
comment on function public.team_set_hold(text, boolean) is
  'For a team member: sets or clears the legal hold: {outcome: held | released | missing, at}. Recorded.';
comment on function public.team_export(text) is
  'For a team member: every stored row about one mailbox, as npm run inquiries -- export prints it. Recorded.';
comment on function public.team_erase(text, text) is
  'For a team member: erases one mailbox once it is typed again: {outcome: erased | unconfirmed, ...}. Recorded.';
comment on function public.team_deck_claim(text) is
  'For the edge function, with a team member''s session: claims the deck email of an investor request. Recorded.';

revoke all on function
  public.team_inbox_counts(),
  public.team_mailbox(text),
  public.team_mark_answered(text),
  public.team_set_hold(text, boolean),
  public.team_export(text),
  public.team_erase(text, text),
  public.team_deck_claim(text)
  from public, anon, authenticated, service_role;
grant execute on function
  public.team_inbox_counts(),
  public.team_mailbox(text),
  public.team_mark_answered(text),
  public.team_set_hold(text, boolean),
  public.team_export(text),
  public.team_erase(text, text),
  public.team_deck_claim(text)
  to authenticated;

-- A person's requests, by the mailbox column (20261129000100_visitor_data_scope.sql) ----------------------
-- As there, but the inquiries and the rows derived from them are found through
-- contact_submissions_mailbox_idx instead of normalising every row's address.

create or replace function private.personal_data_export(email text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  wanted text := private.personal_data_mailbox(email);
  hashed text := private.personal_data_hash(wanted);
  source record;
  found jsonb;
  result jsonb := '{}';
begin
  for source in
    select * from private.personal_data_tables()
    order by case kind when 'inquiry' then 0 when 'derived' then 1 else 2 end, relation::text, match_column
  loop
    execute pg_catalog.format(
      case source.kind
        when 'inquiry' then
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where d.mailbox = $1'
        when 'derived' then
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where d.%I in '
          '(select s.id from public.contact_submissions as s where s.mailbox = $1)'
        when 'hashed' then
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where d.%I = $2'
        else
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where private.inquiry_mailbox(d.%I::text) = $1'
      end,
      source.relation, source.match_column)
      into found using wanted, hashed;
    if found is not null then
      -- A table matched by two columns lists the rows of both.
      result := result || pg_catalog.jsonb_build_object(
        source.relation::text, coalesce(result -> source.relation::text, '[]'::jsonb) || found);
    end if;
  end loop;
  return result;
end;
$$;

create or replace function private.personal_data_erase(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted text := private.personal_data_mailbox(email);
  hashed text := private.personal_data_hash(wanted);
  source record;
  -- As text: an adopted table's ids may be uuid, bigint or text.
  erased text[];
  removed bigint;
  held bigint;
  counts jsonb := '{}';
begin
  select coalesce(pg_catalog.array_agg(s.id::text) filter (where not s.legal_hold), '{}'), count(*) filter (where s.legal_hold)
    into erased, held
  from public.contact_submissions as s
  where s.mailbox = wanted;

  -- Derived rows first, whatever their foreign key's ON DELETE says, then the inquiries, then the
  -- rest. The inquiries and their derived rows are those found above, reached through the mailbox
  -- index (an id compared as text would read every row).
  for source in
    select * from private.personal_data_tables()
    order by case kind when 'derived' then 0 when 'inquiry' then 1 else 2 end, relation::text, match_column
  loop
    execute pg_catalog.format(
      case source.kind
        when 'inquiry' then 'delete from %s as d where d.mailbox = $1 and d.%I::text = any($2)'
        when 'derived' then
          'delete from %s as d where d.%I in '
          '(select s.id from public.contact_submissions as s where s.mailbox = $1 and s.id::text = any($2))'
        when 'mailbox' then 'delete from %s as d where private.inquiry_mailbox(d.%I::text) = $1'
        else 'delete from %s as d where d.%I = $3'
      end,
      source.relation, case source.kind when 'inquiry' then 'id'::name else source.match_column end)
      using wanted, erased, hashed;
    get diagnostics removed = row_count;
    if removed > 0 then
      counts := counts || pg_catalog.jsonb_build_object(
        source.relation::text, coalesce((counts ->> source.relation::text)::bigint, 0) + removed);
    end if;
  end loop;

  if counts <> '{}' then
    insert into private.personal_data_erasures (mailbox_hmac, counts)
    values (pg_catalog.decode(hashed, 'hex'), counts);
  end if;
  return pg_catalog.jsonb_build_object('deleted', counts, 'held', held);
end;
$$;

-- The retention (20261129000100_visitor_data_scope.sql), with the team's record kept as long as the
-- inquiries are.
create or replace function private.apply_inquiry_retention()
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  inquiries bigint;
  addresses bigint;
  actions bigint;
begin
  select * into limits from private.inquiry_limits;
  delete from public.contact_submissions as s
  where s.created_at < now() - limits.inquiry_retention and not s.legal_hold;
  get diagnostics inquiries = row_count;
  addresses := private.prune_inquiry_writes();
  delete from private.team_actions as a where a.at < now() - limits.inquiry_retention;
  get diagnostics actions = row_count;
  update private.inquiry_retention_runs
  set last_run_at = now(), last_inquiries = inquiries, last_addresses = addresses;
  return pg_catalog.jsonb_build_object('inquiries', inquiries, 'addresses', addresses, 'actions', actions);
end;
$$;

comment on function private.apply_inquiry_retention() is
  'Deletes inquiries older than inquiry_retention (not held; derived rows cascade), limit writes no limit counts any '
  'more, and the team''s records older than inquiry_retention. Run daily by the pg_cron job inquiry-retention.';

-- The operator's (the owner, postgres) alone, as before: restating keeps the grants, this says so.
revoke execute on function
  private.personal_data_export(text),
  private.personal_data_erase(text),
  private.apply_inquiry_retention()
  from public, anon, authenticated, service_role;
