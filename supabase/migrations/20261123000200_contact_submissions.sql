-- Inquiries from the contact modal (a message, or a request for the investor deck).
--
-- The anon key is public, so this table is write-only for visitors: anyone may drop an inquiry in,
-- nobody but the service role may read one back. The browser makes the row id itself
-- (crypto.randomUUID()) and inserts with `return=minimal`; it never needs to read the row, which
-- would take a SELECT policy showing every visitor every submission.
--
-- The notifier (edge function inquiry-notif-resend, service role) loads the row by id and claims it
-- by setting notified_at, so each inquiry sends at most one email.
--
-- Like the content tables, this file sets up a fresh table and adopts an existing one (keeping its
-- rows, ids and extra columns) and can run again without changing anything. Adopting closes what
-- an older site typically left open: a SELECT policy that let anyone read every inquiry back.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

create table if not exists public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  company text,
  message text not null,
  type text not null,
  created_at timestamptz not null default now(),
  notified_at timestamptz
);

-- An adopted table gets the columns it lacks. `notified_at` is added with the adoption time as the
-- value of the rows already there, then without a default: the old site already handled those
-- inquiries, and nothing that sends what is pending (the notifier, a sweep) may email them again.
-- Only new inquiries start unnotified. (PostgreSQL stores that value once in the catalogue; no row
-- is rewritten.)
alter table public.contact_submissions
  add column if not exists name text,
  add column if not exists email text,
  add column if not exists company text,
  add column if not exists message text,
  add column if not exists type text,
  add column if not exists created_at timestamptz not null default now(),
  add column if not exists notified_at timestamptz default now();

alter table public.contact_submissions
  alter column notified_at drop default;

-- Company is optional on the form, which sends null for an empty field. An adopted table that
-- required it would refuse those inquiries. (A no-op when the column already allows null.)
-- squawk-ignore ban-drop-not-null
alter table public.contact_submissions alter column company drop not null;

-- An adopted table keeps its own id (uuid, bigint identity, serial or text). Visitors' inserts must
-- still get one without naming it, and the notifier needs a creation time: give a uuid or text id
-- and created_at a default where they have none (created_at: see below). Nothing is rewritten: a
-- default applies to new rows.
do $defaults$
declare
  id_type text;
  id_has_default boolean;
begin
  select pg_catalog.format_type(a.atttypid, a.atttypmod), a.atthasdef or a.attidentity <> ''
    into id_type, id_has_default
  from pg_catalog.pg_attribute as a
  where a.attrelid = 'public.contact_submissions'::regclass and a.attname = 'id' and not a.attisdropped;

  if id_type is null then
    raise exception 'public.contact_submissions has no "id" column: the site and its notifier name rows by id'
      using hint = 'Add one (e.g. a uuid primary key) before pushing these migrations.';
  end if;
  if not id_has_default then
    if id_type = 'uuid' then
      alter table public.contact_submissions alter column id set default gen_random_uuid();
    elsif id_type in ('text', 'character varying') or id_type like 'character varying(%' then
      alter table public.contact_submissions alter column id set default gen_random_uuid()::text;
    else
      raise warning 'public.contact_submissions.id (%) has no default: visitors cannot insert without naming an id', id_type;
    end if;
  end if;

  -- created_at must default to the very `now()` the insert policy below compares it with. Older
  -- Supabase templates wrote `timezone('utc'::text, now())`, which on a timestamptz column is a
  -- different instant as soon as the session's time zone is not UTC (Asia/Jakarta: 7 hours
  -- earlier): every visitor's inquiry would look back-dated and be refused. For timestamptz both
  -- mean "the current instant" under UTC, so this changes no stored value and nothing for UTC.
  if (
    select pg_catalog.format_type(a.atttypid, null) = 'timestamp with time zone'
           and pg_catalog.pg_get_expr(d.adbin, d.adrelid) is distinct from 'now()'
      or d.adbin is null
    from pg_catalog.pg_attribute as a
    left join pg_catalog.pg_attrdef as d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = 'public.contact_submissions'::regclass and a.attname = 'created_at'
  ) then
    alter table public.contact_submissions alter column created_at set default now();
  end if;
end
$defaults$;

comment on table public.contact_submissions is
  'Inquiries from the site''s contact modal. Insert-only for visitors; read by the notifier (service role).';
comment on column public.contact_submissions.notified_at is
  'Set by the notifier when it claims the row; at most one email is sent per row. '
  'Rows that predate the adoption of an existing table carry the adoption time.';

-- Row-level security, on before the rules look at the rows (see the content tables for NO FORCE).
alter table public.contact_submissions enable row level security;
alter table public.contact_submissions no force row level security;

-- Rules ----------------------------------------------------------------------------------------
-- A well-formed inquiry, whoever sends it. Added NOT VALID to a table that already holds rows, as
-- for the content tables (20261123000100_content_tables.sql explains, with how to validate later):
-- old inquiries are kept as they are, every new one must pass.
--   type:    contact or investor;
--   name, message: something other than whitespace; bounds keep one row from being a payload (and
--            the notification email readable);
--   company: optional: null, or an empty field, up to 200 characters;
--   email:   the address shape of the HTML email input (WHATWG "valid e-mail address"), plus a dot
--            in the domain as a real inbox needs, at most 320 characters. It excludes spaces, line
--            breaks, commas, quotes and angle brackets, so the address is safe to use as the
--            email's reply-to.
do $rules$
declare
  rule record;
  has_rows boolean;
begin
  for rule in
    select r.name, r.expression
    from (values
      ('contact_submissions_type_valid',
       $$type is not null and type::text in ('contact', 'investor')$$),
      ('contact_submissions_name_valid',
       $$name is not null and name ~ '[^[:space:]]' and char_length(name) <= 200$$),
      ('contact_submissions_company_valid',
       $$company is null or char_length(company) <= 200$$),
      ('contact_submissions_email_valid',
       $$email is not null and char_length(email) <= 320
         and email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'$$),
      ('contact_submissions_message_valid',
       $$message is not null and message ~ '[^[:space:]]' and char_length(message) <= 5000$$)
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

-- Access ---------------------------------------------------------------------------------------

-- Take back Supabase's default ALL grant, and whatever an older site granted (REVOKE on the table
-- also takes back column grants). Visitors get INSERT on the form's columns only: created_at and
-- notified_at are the server's to set, and nothing may be selected, updated or deleted through the
-- public key. (20261123000300_connection_test.sql adds the one SELECT right visitors need.)
revoke all on table public.contact_submissions from public, anon, authenticated;
grant insert (name, email, company, message, type)
  on table public.contact_submissions to anon, authenticated;

-- The browser also sends the id it made. That is safe where ids are uuids or text: a visitor's
-- random id cannot collide with the table's own. An adopted table numbered by a sequence (bigint
-- identity, serial) keeps its numbers to itself: a visitor who could pick the next number would
-- make the table's own next insert fail. There, visitors insert the form's fields only and the
-- table numbers the row.
do $id_grant$
begin
  if (
    select pg_catalog.format_type(a.atttypid, null) in ('uuid', 'text', 'character varying')
    from pg_catalog.pg_attribute as a
    where a.attrelid = 'public.contact_submissions'::regclass and a.attname = 'id'
  ) then
    grant insert (id) on table public.contact_submissions to anon, authenticated;
  end if;
end
$id_grant$;

-- The notifier loads a row and claims it (select + update); service role bypasses RLS.
grant select, insert, update, delete on table public.contact_submissions to service_role;

-- Policies: every policy the table had is dropped, whatever its name (an older site's
-- `for select using (true)` read-back, `with check (true)` inserts, ...), except the connection
-- test's, which 20261123000300_connection_test.sql owns.
do $policies$
declare
  policy record;
begin
  for policy in
    select p.policyname
    from pg_catalog.pg_policies as p
    where p.schemaname = 'public' and p.tablename = 'contact_submissions'
      and p.policyname <> 'Visitors count submissions and see none of them'
  loop
    execute format('drop policy %I on public.contact_submissions', policy.policyname);
  end loop;
end
$policies$;

-- A visitor may only file a fresh, unsent inquiry: stamped now and not yet notified. The column
-- grant already keeps both columns at their defaults; the policy states the rule itself, so it
-- still holds if the grant is ever widened. It matters to the notifier, which refuses rows older
-- than 15 minutes and skips notified ones: a visitor must not back-date or pre-claim a row.
-- (Well-formedness is enforced by the check constraints above, for every role.)
create policy "Visitors submit new, unnotified inquiries"
  on public.contact_submissions
  for insert
  to anon, authenticated
  with check (notified_at is null and created_at = now());

-- No update or delete policy: for anon and authenticated such statements are refused by the
-- missing grants, and would see no rows even if a grant were added by mistake.
