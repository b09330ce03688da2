-- Visitors' personal data, as Indonesia's PDP Law (Law 27 of 2022) and the GDPR ask: kept no longer
-- than its purpose needs, and exported or erased on a person's request (docs/backend.md).
--
-- Retention: inquiries older than private.inquiry_limits.inquiry_retention (12 months; the privacy
-- pages state the same figure, read from this file's default by their test) are deleted by a daily
-- pg_cron job, inquiry-retention, with everything derived from them: their delivery state is in
-- their own row, and every table derived from one inquiry references it `on delete cascade`. An
-- inquiry an operator marks `legal_hold` is kept. The same job drops the visitors' network addresses
-- that the per-address limit keeps (private.inquiry_writes) once their window has passed, so they
-- go even when no inquiry arrives to prune them. It records its last run for `npm run doctor`.
--
-- Requests: private.personal_data_export(email) and private.personal_data_erase(email), the work of
-- `npm run inquiries -- export|erase`, find one mailbox (compared as the limits compare it,
-- private.inquiry_mailbox: case and `+tag`) in contact_submissions, in every table with a foreign key
-- to it, and in every other table of `public` and `private` with a text column named like an email
-- address. An erasure is recorded without the address: when, the per-table counts, and an
-- HMAC-SHA256 of the mailbox under a random key kept in private.personal_data_key, so a leaked log
-- cannot be reversed by hashing guesses, while an operator can still tell whether an address was
-- erased.
--
-- Idempotent: it applies over itself without error or change. Without pg_cron the job is not
-- scheduled (like the sweep's), and private.apply_inquiry_retention() can be run by hand.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Settings and columns ----------------------------------------------------------------------------

alter table private.inquiry_limits
  add column if not exists inquiry_retention interval not null default interval '12 months'
    check (inquiry_retention >= interval '1 day');

-- A constant default: PostgreSQL records it in the catalogue and rewrites no row of an adopted table.
alter table public.contact_submissions add column if not exists legal_hold boolean not null default false;

comment on column public.contact_submissions.legal_hold is
  'Set by an operator to keep this inquiry past private.inquiry_limits.inquiry_retention and through an erasure.';

create table if not exists private.inquiry_retention_runs (
  singleton boolean primary key default true check (singleton),
  -- When retention began to apply here: the two-day staleness of `npm run doctor` counts from it
  -- until the first run.
  since timestamptz not null default now(),
  last_run_at timestamptz,
  last_inquiries bigint not null default 0,
  last_addresses bigint not null default 0
);

insert into private.inquiry_retention_runs (singleton) values (true) on conflict (singleton) do nothing;

comment on table private.inquiry_retention_runs is
  'The last run of the retention job (one row): when, and how many inquiries and addresses it deleted.';

create table if not exists private.personal_data_key (
  singleton boolean primary key default true check (singleton),
  key bytea not null check (octet_length(key) = 32)
);

-- Random once per project (gen_random_uuid draws on the server's strong random source), never
-- printed by any command.
insert into private.personal_data_key (key)
values (pg_catalog.sha256(pg_catalog.convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')))
on conflict (singleton) do nothing;

comment on table private.personal_data_key is
  'The key of the erasure log''s mailbox hashes (HMAC-SHA256). Keep it secret; losing it only loses the log''s lookups.';

create table if not exists private.personal_data_erasures (
  id bigint generated always as identity primary key,
  erased_at timestamptz not null default now(),
  mailbox_hmac bytea not null,
  -- Rows deleted per table, e.g. {"public.contact_submissions": 2}.
  counts jsonb not null
);

comment on table private.personal_data_erasures is
  'One row per erasure (npm run inquiries -- erase): when, HMAC of the mailbox, rows per table; never the address.';

revoke all on table
  private.inquiry_retention_runs,
  private.personal_data_key,
  private.personal_data_erasures
  from public, anon, authenticated, service_role;

-- Retention -----------------------------------------------------------------------------------------

-- Deletes what is past its time; never a younger row, never a held one. Run daily by pg_cron (as the
-- owner, like the other jobs).
create or replace function private.apply_inquiry_retention()
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  inquiries bigint;
  addresses bigint;
begin
  select * into limits from private.inquiry_limits;
  delete from public.contact_submissions as s
  where s.created_at < now() - limits.inquiry_retention and not s.legal_hold;
  get diagnostics inquiries = row_count;
  delete from private.inquiry_writes as w where w.at < now() - limits.insert_window;
  get diagnostics addresses = row_count;
  update private.inquiry_retention_runs
  set last_run_at = now(), last_inquiries = inquiries, last_addresses = addresses;
  return pg_catalog.jsonb_build_object('inquiries', inquiries, 'addresses', addresses);
end;
$$;

revoke execute on function private.apply_inquiry_retention() from public, anon, authenticated, service_role;

comment on function private.apply_inquiry_retention() is
  'Deletes inquiries older than inquiry_retention (not held; derived rows cascade) and expired limit addresses. '
  'Run daily by the pg_cron job inquiry-retention.';

do $schedule$
begin
  if not exists (select from pg_catalog.pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not enabled: the inquiry retention is not scheduled';
    return;
  end if;
  -- A named job: scheduling again under the same name updates it.
  perform cron.schedule('inquiry-retention', '17 3 * * *', 'select private.apply_inquiry_retention()');
end
$schedule$;

-- A person's requests ---------------------------------------------------------------------------

-- HMAC-SHA256 (RFC 2104) from the core sha256(): pgcrypto is not everywhere this project runs.
create or replace function private.hmac_sha256(key bytea, message bytea)
returns bytea
language plpgsql
immutable
set search_path = ''
as $$
declare
  block bytea;
  inner_pad bytea;
  outer_pad bytea;
begin
  block := case when pg_catalog.octet_length(key) > 64 then pg_catalog.sha256(key) else key end;
  block := block || pg_catalog.decode(pg_catalog.repeat('00', 64 - pg_catalog.octet_length(block)), 'hex');
  inner_pad := block;
  outer_pad := block;
  for i in 0..63 loop
    inner_pad := pg_catalog.set_byte(inner_pad, i, pg_catalog.get_byte(block, i) # 54);
    outer_pad := pg_catalog.set_byte(outer_pad, i, pg_catalog.get_byte(block, i) # 92);
  end loop;
  return pg_catalog.sha256(outer_pad || pg_catalog.sha256(inner_pad || message));
end;
$$;

-- Where one mailbox can be stored: the inquiries; each table derived from them (a single-column
-- foreign key to contact_submissions, found in the catalogue, so tables added later are covered);
-- every other table of public and private with a text column whose name says email.
create or replace function private.personal_data_tables()
returns table (relation regclass, match_column name, kind text)
language sql
stable
set search_path = ''
as $$
  select 'public.contact_submissions'::regclass, 'email'::name, 'inquiry'
  union all
  select c.conrelid::regclass, a.attname, 'derived'
  from pg_catalog.pg_constraint as c
  join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  where c.contype = 'f' and c.confrelid = 'public.contact_submissions'::regclass
    and pg_catalog.cardinality(c.conkey) = 1 and c.conrelid <> 'public.contact_submissions'::regclass
  union all
  select a.attrelid::regclass, a.attname, 'mailbox'
  from pg_catalog.pg_attribute as a
  join pg_catalog.pg_class as t on t.oid = a.attrelid
  join pg_catalog.pg_namespace as n on n.oid = t.relnamespace
  where n.nspname in ('public', 'private') and t.relkind in ('r', 'p')
    and a.attnum > 0 and not a.attisdropped
    and a.attname operator(pg_catalog.~~*) '%email%'
    and a.atttypid in ('text'::regtype, 'character varying'::regtype)
    and t.oid <> 'public.contact_submissions'::regclass
    and not exists (
      select from pg_catalog.pg_constraint as f
      where f.contype = 'f' and f.conrelid = t.oid and f.confrelid = 'public.contact_submissions'::regclass
    );
$$;

-- The normalised mailbox of an address given on the command line; refuses what is not an address.
create or replace function private.personal_data_mailbox(email text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if email is null or email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise sqlstate '22023' using message = pg_catalog.format('%L is not an email address', email);
  end if;
  return private.inquiry_mailbox(pg_catalog.btrim(email));
end;
$$;

-- Every stored row about one mailbox, as {"<table>": [rows as JSON], ...}, tables with none left out.
create or replace function private.personal_data_export(email text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  mailbox text := private.personal_data_mailbox(email);
  source record;
  found jsonb;
  result jsonb := '{}';
begin
  for source in
    select * from private.personal_data_tables()
    order by case kind when 'inquiry' then 0 when 'derived' then 1 else 2 end, relation::text
  loop
    execute pg_catalog.format(
      case source.kind
        when 'derived' then
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where d.%I in '
          '(select s.id from public.contact_submissions as s where private.inquiry_mailbox(s.email::text) = $1)'
        else
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where private.inquiry_mailbox(d.%I::text) = $1'
      end,
      source.relation, source.match_column)
      into found using mailbox;
    if found is not null then
      result := result || pg_catalog.jsonb_build_object(source.relation::text, found);
    end if;
  end loop;
  return result;
end;
$$;

-- Deletes every row about one mailbox (an inquiry under legal hold, and what derives from it, is
-- kept) and records the erasure; returns {"deleted": {"<table>": n}, "held": n}. Nothing found:
-- nothing deleted, nothing recorded.
create or replace function private.personal_data_erase(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  mailbox text := private.personal_data_mailbox(email);
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
  where private.inquiry_mailbox(s.email::text) = mailbox;

  -- Derived rows first, whatever their foreign key's ON DELETE says, then the inquiries, then the rest.
  for source in select * from private.personal_data_tables() order by kind, relation::text loop
    execute pg_catalog.format(
      case source.kind
        when 'mailbox' then 'delete from %s as d where private.inquiry_mailbox(d.%I::text) = $1'
        else 'delete from %s as d where d.%I::text = any($2)'
      end,
      source.relation, case source.kind when 'inquiry' then 'id'::name else source.match_column end)
      using mailbox, erased;
    get diagnostics removed = row_count;
    if removed > 0 then
      counts := counts || pg_catalog.jsonb_build_object(source.relation::text, removed);
    end if;
  end loop;

  if counts <> '{}' then
    insert into private.personal_data_erasures (mailbox_hmac, counts)
    select private.hmac_sha256(k.key, pg_catalog.convert_to(mailbox, 'UTF8')), counts from private.personal_data_key as k;
  end if;
  return pg_catalog.jsonb_build_object('deleted', counts, 'held', held);
end;
$$;

-- The operator's (the owner, postgres) alone: these read and delete every visitor's data.
revoke execute on function
  private.hmac_sha256(bytea, bytea),
  private.personal_data_tables(),
  private.personal_data_mailbox(text),
  private.personal_data_export(text),
  private.personal_data_erase(text)
  from public, anon, authenticated, service_role;
