-- Visitors' data, kept as long as the privacy pages say and erased where it is, never staff records:
--   * the limit table (private.inquiry_writes: client address, network, mailbox) keeps a write for
--     private.inquiry_writes_kept(), the widest window a limit counts over (email_insert_window,
--     1 hour), and nothing prunes it sooner: the daily retention job pruned at insert_window
--     (10 minutes) and so reset every per-mailbox count each night. The pg_cron job
--     inquiry-limit-prune prunes it every 5 minutes, so a write is gone at most 65 minutes after it
--     was made, the figure the privacy pages state (src/content/privacy.ts; a test holds them equal);
--   * the limit table's mailbox is a keyed hash (HMAC-SHA256 under private.personal_data_key, the
--     erasure log's key), not an md5 anyone can recompute from a guessed address;
--   * a person's export and erasure (20261127000200_personal_data.sql) reach the limit table by that
--     hash, and only visitors' tables: private.personal_data_holders says, for every table outside
--     the inquiries and their derived tables that holds email addresses, whether they are visitors'
--     or staff members' own (the allow-list, the content audit, the editors' preview links). A table
--     holding addresses that it does not name makes export and erase refuse with its name, so a new
--     table is neither erased nor skipped until someone has said whose addresses it holds. A staff
--     member's own request is done by hand (docs/backend.md).
--
-- Idempotent: it applies over itself without error or change. Without pg_cron the job is not
-- scheduled (like the others), and every admission still prunes the table.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- The keyed hash -------------------------------------------------------------------------------

-- A mailbox (private.inquiry_mailbox's form) as the limit table stores it: HMAC-SHA256 under the
-- project's key, in hex. Without the key no hash is made: a missing key must not quietly lift the
-- per-mailbox limit or miss rows in an erasure.
create or replace function private.personal_data_hash(mailbox text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  hashed text;
begin
  select pg_catalog.encode(private.hmac_sha256(k.key, pg_catalog.convert_to(mailbox, 'UTF8')), 'hex')
    into hashed
  from private.personal_data_key as k;
  if hashed is null and mailbox is not null then
    raise sqlstate '55000' using
      message = 'private.personal_data_key holds no key: apply 20261127000200_personal_data.sql again, which makes one';
  end if;
  return hashed;
end;
$$;

-- Rows written before this migration hold an md5. Nulled rather than deleted: the per-address,
-- per-network and overall limits keep counting them, and only the per-mailbox count starts afresh,
-- once, for the at most one hour those rows have left.
update private.inquiry_writes set mailbox = null where mailbox !~ '^[0-9a-f]{64}$';

do $constraints$
begin
  if not exists (
    select from pg_catalog.pg_constraint
    where conrelid = 'private.inquiry_writes'::regclass and conname = 'inquiry_writes_mailbox_keyed'
  ) then
    alter table private.inquiry_writes
      add constraint inquiry_writes_mailbox_keyed check (mailbox ~ '^[0-9a-f]{64}$') not valid;
  end if;
end
$constraints$;

comment on table private.inquiry_writes is
  'Recent admitted inquiries (client address, IPv6 /48, keyed hash of the mailbox) for the limits; '
  'kept for private.inquiry_writes_kept(), pruned every 5 minutes by the pg_cron job inquiry-limit-prune.';
comment on column private.inquiry_writes.mailbox is
  'private.personal_data_hash of the mailbox (HMAC-SHA256 under private.personal_data_key, hex); never the address.';

-- How long the limit table keeps a write ---------------------------------------------------------

-- The widest window any limit of private.admit_inquiry counts over: pruning at anything shorter
-- would forget writes a limit still counts.
create or replace function private.inquiry_writes_kept()
returns interval
language sql
stable
set search_path = ''
as $$
  select greatest(l.insert_window, l.email_insert_window) from private.inquiry_limits as l limit 1;
$$;

-- Deletes the writes no limit counts any more; how many.
create or replace function private.prune_inquiry_writes()
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  kept interval := private.inquiry_writes_kept();
  pruned bigint;
begin
  delete from private.inquiry_writes as w where w.at < now() - kept;
  get diagnostics pruned = row_count;
  return pruned;
end;
$$;

comment on function private.prune_inquiry_writes() is
  'Deletes limit writes older than private.inquiry_writes_kept(). Run every 5 minutes by the pg_cron job '
  'inquiry-limit-prune, by every admission and by the daily retention job.';

-- Admission (20261127000400_audit_three.sql), with the mailbox hashed under the key and the pruning
-- shared with the jobs.
create or replace function private.admit_inquiry(client text, email text, verified boolean)
returns void
language plpgsql
set search_path = ''
as $$
declare
  limits private.inquiry_limits;
  client_network text := private.inquiry_network(client);
  client_mailbox text := private.personal_data_hash(private.inquiry_mailbox(email));
  recent integer;
begin
  select * into limits from private.inquiry_limits;
  -- One admission at a time (20261125001000_inquiry_limits_per_row.sql says why).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('inquiry_admission'));
  perform private.prune_inquiry_writes();

  select count(*) into recent from private.inquiry_writes as w
  where w.client = admit_inquiry.client and w.at >= now() - limits.insert_window;
  if recent >= limits.inserts_per_address then
    perform private.refuse_inquiry(
      'Too many inquiries from this address',
      pg_catalog.format('At most %s inquiries per address in %s.', limits.inserts_per_address, private.inquiry_duration(limits.insert_window)),
      'Try again in a few minutes.');
  end if;

  if not verified and client_network is not null then
    select count(*) into recent from private.inquiry_writes as w
    where w.network = client_network and w.at >= now() - limits.insert_window;
    if recent >= limits.inserts_per_network then
      perform private.refuse_inquiry(
        'Too many inquiries from this network',
        pg_catalog.format('At most %s inquiries per IPv6 /48 in %s.', limits.inserts_per_network, private.inquiry_duration(limits.insert_window)),
        'Try again in a few minutes.');
    end if;
  end if;

  select count(*) into recent from private.inquiry_writes as w
  where w.mailbox = client_mailbox and w.client = admit_inquiry.client and w.at >= now() - limits.email_insert_window;
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

    select count(*) into recent from private.inquiry_writes as w where w.at >= now() - limits.insert_window;
    if recent >= limits.inserts_overall then
      perform pg_catalog.nextval('private.inquiry_refusals_overall');
      raise sqlstate 'PT503' using
        message = 'Too many inquiries right now',
        detail = pg_catalog.format('At most %s inquiries from all visitors in %s.', limits.inserts_overall, private.inquiry_duration(limits.insert_window)),
        hint = 'Not this visitor''s doing: try again later, or write to the team by email.';
    end if;
  end if;

  insert into private.inquiry_writes (client, network, mailbox) values (admit_inquiry.client, client_network, client_mailbox);
end;
$$;

-- The daily retention (20261127000200_personal_data.sql), pruning the limit table as admissions do.
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
  addresses := private.prune_inquiry_writes();
  update private.inquiry_retention_runs
  set last_run_at = now(), last_inquiries = inquiries, last_addresses = addresses;
  return pg_catalog.jsonb_build_object('inquiries', inquiries, 'addresses', addresses);
end;
$$;

revoke execute on function
  private.personal_data_hash(text),
  private.inquiry_writes_kept(),
  private.prune_inquiry_writes(),
  private.admit_inquiry(text, text, boolean),
  private.apply_inquiry_retention()
  from public, anon, authenticated, service_role;

do $schedule$
begin
  if not exists (select from pg_catalog.pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not enabled: the limit table is pruned by admissions and the retention job only';
    return;
  end if;
  -- A named job: scheduling again under the same name updates it. Every 5 minutes: the privacy
  -- pages' figure is inquiry_writes_kept() plus this interval.
  perform cron.schedule('inquiry-limit-prune', '*/5 * * * *', 'select private.prune_inquiry_writes()');
end
$schedule$;

-- Whose addresses a table holds -----------------------------------------------------------------

create table if not exists private.personal_data_holders (
  -- As regclass prints it without a search path: schema-qualified, quoted where needed.
  relation text primary key,
  holds text not null check (holds in ('visitors', 'staff')),
  -- In a visitors' table, a column holding private.personal_data_hash(mailbox) instead of an address.
  hashed_mailbox text check (hashed_mailbox is null or holds = 'visitors'),
  reason text not null
);

comment on table private.personal_data_holders is
  'Whose email addresses each table holds (visitors'' or staff members'' own), for a person''s export and erasure. '
  'The inquiries and tables with a foreign key to them are visitors'' without a row here.';

revoke all on table private.personal_data_holders from public, anon, authenticated, service_role;

-- Named once; an operator's later change is kept.
insert into private.personal_data_holders (relation, holds, hashed_mailbox, reason) values
  ('private.inquiry_writes', 'visitors', 'mailbox', 'The inquiry limits: client address, network and keyed hash of the mailbox.'),
  ('private.editors', 'staff', null, 'The editors'' allow-list.'),
  ('private.content_audit', 'staff', null, 'Who changed which content row.'),
  ('private.preview_links', 'staff', null, 'Preview links an editor made for themselves.')
on conflict (relation) do nothing;

-- Every text column named like email in a table of public or private, outside the inquiries and
-- the tables derived from them (any foreign key to contact_submissions).
create or replace function private.personal_data_address_columns()
returns table (relation regclass, match_column name)
language sql
stable
set search_path = ''
as $$
  select a.attrelid::regclass, a.attname
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

-- Where one mailbox can be stored: the inquiries; each table derived from them (a single-column
-- foreign key to contact_submissions, found in the catalogue, so tables added later are covered);
-- each visitors' table of private.personal_data_holders, by its address columns and its hashed
-- mailbox. Refuses while a table holds addresses and private.personal_data_holders does not say
-- whose, or names a visitors' table with nothing to find a mailbox by.
create or replace function private.personal_data_tables()
returns table (relation regclass, match_column name, kind text)
language plpgsql
stable
set search_path = ''
as $$
declare
  unnamed text;
  unmatched text;
begin
  select pg_catalog.string_agg(distinct c.relation::text, ', ') into unnamed
  from private.personal_data_address_columns() as c
  where not exists (select from private.personal_data_holders as h where pg_catalog.to_regclass(h.relation) = c.relation);
  if unnamed is not null then
    raise sqlstate '55000' using message = pg_catalog.format(
      'Nothing read or erased: private.personal_data_holders does not say whether the email addresses in %s '
      'are visitors'' or staff members''. Add a row for each (docs/backend.md), then ask again.', unnamed);
  end if;

  select pg_catalog.string_agg(h.relation, ', ' order by h.relation) into unmatched
  from private.personal_data_holders as h
  where h.holds = 'visitors' and pg_catalog.to_regclass(h.relation) is not null
    and pg_catalog.to_regclass(h.relation) <> 'public.contact_submissions'::regclass
    and not exists (
      select from pg_catalog.pg_constraint as f
      where f.contype = 'f' and f.conrelid = pg_catalog.to_regclass(h.relation)
        and f.confrelid = 'public.contact_submissions'::regclass
    )
    and case
      when h.hashed_mailbox is not null then not exists (
        select from pg_catalog.pg_attribute as a
        where a.attrelid = pg_catalog.to_regclass(h.relation) and a.attname = h.hashed_mailbox
          and a.attnum > 0 and not a.attisdropped and a.atttypid = 'text'::regtype)
      else not exists (
        select from private.personal_data_address_columns() as c where c.relation = pg_catalog.to_regclass(h.relation))
    end;
  if unmatched is not null then
    raise sqlstate '55000' using message = pg_catalog.format(
      'Nothing read or erased: private.personal_data_holders names %s as visitors'' data, with no address or '
      'hashed_mailbox column to find a mailbox by. Correct the row (docs/backend.md), then ask again.', unmatched);
  end if;

  return query
    select 'public.contact_submissions'::regclass, 'email'::name, 'inquiry'::text
    union all
    select c.conrelid::regclass, a.attname, 'derived'::text
    from pg_catalog.pg_constraint as c
    join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'public.contact_submissions'::regclass
      and pg_catalog.cardinality(c.conkey) = 1 and c.conrelid <> 'public.contact_submissions'::regclass
    union all
    select c.relation, c.match_column, 'mailbox'::text
    from private.personal_data_address_columns() as c
    join private.personal_data_holders as h on pg_catalog.to_regclass(h.relation) = c.relation
    where h.holds = 'visitors'
    union all
    select pg_catalog.to_regclass(h.relation), h.hashed_mailbox::name, 'hashed'::text
    from private.personal_data_holders as h
    where h.holds = 'visitors' and h.hashed_mailbox is not null and pg_catalog.to_regclass(h.relation) is not null
      and pg_catalog.to_regclass(h.relation) <> 'public.contact_submissions'::regclass
      and not exists (
        select from pg_catalog.pg_constraint as f
        where f.contype = 'f' and f.conrelid = pg_catalog.to_regclass(h.relation)
          and f.confrelid = 'public.contact_submissions'::regclass
      );
end;
$$;

-- Every stored row about one mailbox, as {"<table>": [rows as JSON], ...}, tables with none left out;
-- the limit table's rows show the hash, never the address.
create or replace function private.personal_data_export(email text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  mailbox text := private.personal_data_mailbox(email);
  hashed text := private.personal_data_hash(mailbox);
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
        when 'derived' then
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where d.%I in '
          '(select s.id from public.contact_submissions as s where private.inquiry_mailbox(s.email::text) = $1)'
        when 'hashed' then
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where d.%I = $2'
        else
          'select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d)) from %s as d where private.inquiry_mailbox(d.%I::text) = $1'
      end,
      source.relation, source.match_column)
      into found using mailbox, hashed;
    if found is not null then
      -- A table matched by two columns lists the rows of both.
      result := result || pg_catalog.jsonb_build_object(
        source.relation::text, coalesce(result -> source.relation::text, '[]'::jsonb) || found);
    end if;
  end loop;
  return result;
end;
$$;

-- Deletes every row about one mailbox (an inquiry under legal hold, and what derives from it, is
-- kept) and records the erasure; returns {"deleted": {"<table>": n}, "held": n}. Nothing found:
-- nothing deleted, nothing recorded. Staff tables are never touched.
create or replace function private.personal_data_erase(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  mailbox text := private.personal_data_mailbox(email);
  hashed text := private.personal_data_hash(mailbox);
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

  -- Derived rows first, whatever their foreign key's ON DELETE says, then the rest; the inquiries
  -- after their derived rows.
  for source in
    select * from private.personal_data_tables()
    order by case kind when 'derived' then 0 when 'inquiry' then 1 else 2 end, relation::text, match_column
  loop
    execute pg_catalog.format(
      case source.kind
        when 'mailbox' then 'delete from %s as d where private.inquiry_mailbox(d.%I::text) = $1'
        when 'hashed' then 'delete from %s as d where d.%I = $3'
        else 'delete from %s as d where d.%I::text = any($2)'
      end,
      source.relation, case source.kind when 'inquiry' then 'id'::name else source.match_column end)
      using mailbox, erased, hashed;
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

-- The operator's (the owner, postgres) alone: these read and delete every visitor's data.
revoke execute on function
  private.personal_data_address_columns(),
  private.personal_data_tables(),
  private.personal_data_export(text),
  private.personal_data_erase(text)
  from public, anon, authenticated, service_role;
