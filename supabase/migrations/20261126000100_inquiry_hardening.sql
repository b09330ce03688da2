-- Inquiries hardened against the second audit (anon key alone, requests replayed as PostgREST runs
-- them):
--   * names and companies are one clean line: no control character (C0, C1, so no CR, LF or tab),
--     no line or paragraph separator, no bidirectional control (U+202A-U+202E, U+2066-U+2069), and
--     not blank once invisible characters (zero-width, no-break and the other space separators) are
--     taken away; a message keeps its line breaks and tabs but refuses the other controls and the
--     bidirectional ones. So no field can forge a line, or turn text around, in the team's email;
--   * one mailbox counts once: the per-email limit compares addresses with the `+tag` taken off and
--     in lower case (the address is stored, and emailed, as typed);
--   * refusal before work: the limits are checked row by row before each row is written, so a
--     request with more rows than the per-address limit allows is refused on the first row over it
--     (20261125001000_inquiry_limits_per_row.sql checked after the whole statement had written);
--   * IPv6 networks, not addresses: besides the per-/64 address, at most inserts_per_network (30)
--     per insert_window (10 minutes) from one /48;
--   * verified visitors are never shut out: the backlog (pending_max) counts, and refuses, only
--     inquiries without a Turnstile pass; public.inquiry_store_verified stores whatever it holds.
-- Every refusal of a visitor's own limits (address, network, email) is counted in a sequence,
-- whose nextval survives the refused statement's rollback, and the flood alert (and `npm run
-- doctor`, which shows the alert's conditions) reports them once refusals_alert_at are unreported.
--
-- Idempotent: it applies over itself without error or change.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

alter table private.inquiry_limits
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists inserts_per_network integer not null default 30 check (inserts_per_network > 0),
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists refusals_alert_at integer not null default 10 check (refusals_alert_at > 0);

-- The /48 an IPv6 client belongs to (null for IPv4 and the shared unknown bucket).
alter table private.inquiry_writes add column if not exists network text;

create sequence if not exists private.inquiry_refusals_sender;

comment on sequence private.inquiry_refusals_sender is
  'Inquiries refused by a visitor''s own limits (per address, per /48, per email; PT429); read by the alert job.';

alter table private.inquiry_alerts add column if not exists sender_refusals_seen bigint not null default 0;

-- Rules ----------------------------------------------------------------------------------------
-- NOT VALID over a table that holds rows (20261123000200_contact_submissions.sql explains): old
-- inquiries stay as they are, every new one must pass. The character lists are spelled inline: a
-- rule that called a function would need the inserting role to hold EXECUTE on it.
do $rules$
declare
  rule record;
  has_rows boolean;
begin
  for rule in
    select r.name, r.expression
    from (values
      ('contact_submissions_name_one_line',
       $$name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
         and pg_catalog.regexp_replace(name, '[[:space:]\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u2800\u3000\u3164\ufeff\uffa0]', '', 'g') <> ''$$),
      ('contact_submissions_company_one_line',
       $$company is null or company = ''
         or (company !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
             and pg_catalog.regexp_replace(company, '[[:space:]\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u2800\u3000\u3164\ufeff\uffa0]', '', 'g') <> '')$$),
      ('contact_submissions_message_no_hidden_controls',
       $$message !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]'$$)
    ) as r(name, expression)
    where not exists (
      select from pg_catalog.pg_constraint c
      where c.conrelid = 'public.contact_submissions'::regclass and c.conname = r.name
    )
  loop
    lock table public.contact_submissions in access exclusive mode;
    select exists (select from public.contact_submissions) into has_rows;
    execute format(
      'alter table public.contact_submissions add constraint %I check (%s)%s',
      rule.name, rule.expression, case when has_rows then ' not valid' else '' end
    );
  end loop;
end
$rules$;

-- Who is counting ---------------------------------------------------------------------------------

-- The mailbox an address delivers to, for counting: the `+tag` off, all in lower case.
create or replace function private.inquiry_mailbox(email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.lower(pg_catalog.regexp_replace(email, '\+[^@]*(@[^@]*)$', '\1'));
$$;

-- The /48 of an IPv6 client (private.inquiry_client gives its /64), null for anything else.
create or replace function private.inquiry_network(client text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when pg_catalog.strpos(client, ':') > 0
    then pg_catalog.network(pg_catalog.set_masklen(client::inet, 48))::text
  end;
$$;

-- Refuses with PT429, counted (nextval outlives the rollback the refusal causes).
create or replace function private.refuse_inquiry(message text, detail text, hint text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.nextval('private.inquiry_refusals_sender');
  raise sqlstate 'PT429' using message = message, detail = detail, hint = hint;
end;
$$;

-- Admission ----------------------------------------------------------------------------------------
-- Called before one row is written (the row trigger for visitors, the verified path before its
-- insert): rows written earlier in the same statement are already counted, so a request is refused
-- on its first row over a limit and writes no more. `verified`: Turnstile passed, so neither the
-- overall ceiling, the per-network limit nor the backlog applies.
create or replace function private.admit_inquiry(client text, email text, verified boolean)
returns void
language plpgsql
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  client_network text := private.inquiry_network(client);
  mailbox text := private.inquiry_mailbox(email);
  recent integer;
begin
  select * into limits from private.inquiry_limits;
  -- One admission at a time (20261125001000_inquiry_limits_per_row.sql says why).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_admission'));
  delete from private.inquiry_writes as w where w.at < now() - limits.insert_window;

  select count(*) into recent from private.inquiry_writes as w where w.client = admit_inquiry.client;
  if recent >= limits.inserts_per_address then
    perform private.refuse_inquiry(
      'Too many inquiries from this address',
      pg_catalog.format('At most %s inquiries per address in %s.', limits.inserts_per_address, private.inquiry_duration(limits.insert_window)),
      'Try again in a few minutes.');
  end if;

  if not verified and client_network is not null then
    select count(*) into recent from private.inquiry_writes as w where w.network = client_network;
    if recent >= limits.inserts_per_network then
      perform private.refuse_inquiry(
        'Too many inquiries from this network',
        pg_catalog.format('At most %s inquiries per IPv6 /48 in %s.', limits.inserts_per_network, private.inquiry_duration(limits.insert_window)),
        'Try again in a few minutes.');
    end if;
  end if;

  select count(*) into recent from public.contact_submissions as s
  where s.created_at > now() - limits.email_insert_window and private.inquiry_mailbox(s.email::text) = mailbox;
  if recent >= limits.inserts_per_email then
    perform private.refuse_inquiry(
      'Too many inquiries from this email address',
      pg_catalog.format('At most %s inquiries per email address in %s.', limits.inserts_per_email, private.inquiry_duration(limits.email_insert_window)),
      'Try again later.');
  end if;

  if not verified then
    select count(*) into recent from public.contact_submissions as s
    where s.notified_at is null and s.notify_failed_at is null and s.notify_verified_at is null
      and (limits.sweep_rows_since is null or s.created_at >= limits.sweep_rows_since);
    if recent >= limits.pending_max then
      perform pg_catalog.nextval('private.inquiry_refusals_pending');
      raise sqlstate 'PT503' using
        message = 'Too many inquiries waiting to be sent',
        detail = pg_catalog.format('At most %s inquiries may wait for delivery.', limits.pending_max),
        hint = 'Not this visitor''s doing: try again later, or write to the team by email.';
    end if;

    select count(*) into recent from private.inquiry_writes;
    if recent >= limits.inserts_overall then
      perform pg_catalog.nextval('private.inquiry_refusals_overall');
      raise sqlstate 'PT503' using
        message = 'Too many inquiries right now',
        detail = pg_catalog.format('At most %s inquiries from all visitors in %s.', limits.inserts_overall, private.inquiry_duration(limits.insert_window)),
        hint = 'Not this visitor''s doing: try again later, or write to the team by email.';
    end if;
  end if;

  insert into private.inquiry_writes (client, network) values (admit_inquiry.client, client_network);
end;
$$;

-- The trigger: visitors only, as before (20261125001000_inquiry_limits_per_row.sql says who that
-- is), now before each row rather than after the statement.
create or replace function private.limit_inquiry_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if pg_catalog.current_setting('role') not in ('anon', 'authenticated')
     or coalesce(pg_catalog.current_setting('request.method', true), '') = '' then
    return new;
  end if;
  perform private.admit_inquiry(
    private.inquiry_client(nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb),
    new.email::text,
    false
  );
  return new;
end;
$$;

create or replace trigger contact_submissions_limit_each_row
  before insert on public.contact_submissions
  for each row
  execute function private.limit_inquiry_row();

comment on function private.limit_inquiry_row() is
  'Trigger: per-address, per-/48, per-email, backlog and overall limits on visitors'' inquiries, before each row (PT429 / PT503).';

drop trigger if exists contact_submissions_limits on public.contact_submissions;
drop function if exists private.limit_inquiries();

-- The verified path: admitted before its row is written, past the ceiling and the backlog.
create or replace function public.inquiry_store_verified(
  p_id uuid,
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_type text,
  p_headers jsonb,
  p_language text default 'en'
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored integer;
begin
  -- A retry of a stored inquiry (same id, its first answer lost) stores and counts nothing.
  if exists (select from public.contact_submissions as s where s.id = p_id) then
    return pg_catalog.jsonb_build_object('outcome', 'duplicate');
  end if;
  perform private.admit_inquiry(private.inquiry_client(p_headers), p_email, true);
  insert into public.contact_submissions (id, name, email, company, message, type, language, notify_verified_at)
  values (p_id, p_name, p_email, p_company, p_message, p_type, p_language, now())
  on conflict do nothing;
  get diagnostics stored = row_count;
  if stored = 0 then
    return pg_catalog.jsonb_build_object('outcome', 'duplicate');
  end if;
  return pg_catalog.jsonb_build_object('outcome', 'stored');
end;
$$;

drop function if exists private.admit_inquiries(text, text[], boolean);

revoke execute on function
  private.inquiry_mailbox(text),
  private.inquiry_network(text),
  private.refuse_inquiry(text, text, text),
  private.admit_inquiry(text, text, boolean)
  from public;
revoke execute on function private.limit_inquiry_row() from public, anon, authenticated;
revoke execute on function public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb, text)
  from public, anon, authenticated;
grant execute on function public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb, text) to service_role;

-- The flood alert --------------------------------------------------------------------------------

-- The refusals of `cause` that no alert has reported yet: flood (the overall ceiling), backlog
-- (pending_max), sender (a visitor's own limits, reported with the flood).
create or replace function private.inquiry_refusals_unreported(cause text)
returns bigint
language sql
stable
set search_path = ''
as $$
  select coalesce(pg_catalog.pg_sequence_last_value(case cause
           when 'flood' then 'private.inquiry_refusals_overall'::regclass
           when 'backlog' then 'private.inquiry_refusals_pending'::regclass
           when 'sender' then 'private.inquiry_refusals_sender'::regclass
         end), 0)
    - coalesce((select case inquiry_refusals_unreported.cause when 'sender' then a.sender_refusals_seen else a.refusals_seen end
                from private.inquiry_alerts as a
                where a.cause = case inquiry_refusals_unreported.cause when 'sender' then 'flood' else inquiry_refusals_unreported.cause end), 0);
$$;
