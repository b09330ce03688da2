-- For an adopted contact_submissions whose rows are numbered (bigint identity, serial): give it
-- the uuid ids the site needs, keeping every row and its old number. Not a migration: run it once,
-- by hand, if supabase/scripts/verify-adoption.sql says "file it with an id made in the browser → refused".
--
-- Why: the browser makes each inquiry's id (crypto.randomUUID()) and sends it with the insert, and
-- the notifier finds the row by that id. A numbered id column cannot take it (PostgREST answers
-- 400, "invalid input syntax for type bigint"), so the site cannot store an inquiry there.
--
-- What it does, in one transaction: the old `id` column becomes `legacy_id` (still unique, still
-- numbering new rows, so nothing that knew a row by its number loses it), and a new `id uuid`
-- primary key is filled with a random uuid for every existing row. A table with a foreign key to
-- contact_submissions (the promises' tokens, deck sends and reminders) has its column moved to the
-- new uuids in the same transaction, keeping every row and its reference.
--
-- Then re-apply the table's grants for a uuid id (the migrations are safe to run again). The first
-- takes back every visitor grant on the table before granting the form's columns; languages grants
-- again what a later migration added to the form (INSERT on the inquiry's language); the next two
-- restate, as they left them, the promises' functions that inquiry_promises restates; the last
-- grants again the team's columns:
--   psql "$DB_URL" -f supabase/scripts/switch-submission-ids-to-uuid.sql
--   psql "$DB_URL" --single-transaction \
--     -f supabase/migrations/20261123000200_contact_submissions.sql \
--     -f supabase/migrations/20261123000300_connection_test.sql \
--     -f supabase/migrations/20261123000400_adopted_objects.sql \
--     -f supabase/migrations/20261125003000_languages.sql \
--     -f supabase/migrations/20261127000100_inquiry_promises.sql \
--     -f supabase/migrations/20261128000100_promise_delivery.sql \
--     -f supabase/migrations/20261129000200_action_links.sql \
--     -f supabase/migrations/20261129001000_team_inbox.sql
-- and check with supabase/scripts/verify-adoption.sql.

begin;

set local lock_timeout = '5s';

do $switch$
declare
  id_type text;
  primary_key text;
  ref record;
begin
  select pg_catalog.format_type(a.atttypid, null) into id_type
  from pg_catalog.pg_attribute as a
  where a.attrelid = 'public.contact_submissions'::regclass and a.attname = 'id' and not a.attisdropped;

  if id_type in ('uuid', 'text', 'character varying') then
    raise notice 'public.contact_submissions.id is % already: nothing to do', id_type;
    return;
  end if;
  if exists (select from pg_catalog.pg_constraint
             where confrelid = 'public.contact_submissions'::regclass and pg_catalog.cardinality(conkey) <> 1) then
    raise exception 'a foreign key of several columns points at public.contact_submissions: move it to the new ids first';
  end if;
  -- The references, dropped now and made again on the new ids below.
  create temporary table switched_references on commit drop as
  select c.conrelid::regclass as tbl, c.conname as fk, a.attname as col,
         (select p.conname from pg_catalog.pg_constraint as p
           where p.conrelid = c.conrelid and p.contype = 'p' and p.conkey = c.conkey) as pk
  from pg_catalog.pg_constraint as c
  join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  where c.confrelid = 'public.contact_submissions'::regclass and c.contype = 'f';
  for ref in select * from switched_references loop
    execute format('alter table %s drop constraint %I', ref.tbl, ref.fk);
  end loop;

  select c.conname into primary_key
  from pg_catalog.pg_constraint as c
  where c.conrelid = 'public.contact_submissions'::regclass and c.contype = 'p';
  if primary_key is not null then
    execute format('alter table public.contact_submissions drop constraint %I', primary_key);
  end if;

  alter table public.contact_submissions rename column id to legacy_id;
  alter table public.contact_submissions add constraint contact_submissions_legacy_id_key unique (legacy_id);
  alter table public.contact_submissions add column id uuid not null default gen_random_uuid();
  alter table public.contact_submissions add constraint contact_submissions_pkey primary key (id);

  for ref in select * from switched_references loop
    execute format('alter table %s add column switched_id uuid', ref.tbl);
    execute format('update %1$s as r set switched_id = s.id from public.contact_submissions as s where s.legacy_id = r.%2$I',
                   ref.tbl, ref.col);
    execute format('alter table %1$s drop column %2$I', ref.tbl, ref.col);
    execute format('alter table %1$s rename column switched_id to %2$I', ref.tbl, ref.col);
    execute format('alter table %1$s alter column %2$I set not null', ref.tbl, ref.col);
    if ref.pk is not null then
      execute format('alter table %1$s add constraint %2$I primary key (%3$I)', ref.tbl, ref.pk, ref.col);
    end if;
    execute format('alter table %1$s add constraint %2$I foreign key (%3$I) references public.contact_submissions (id) on delete cascade',
                   ref.tbl, ref.fk, ref.col);
  end loop;
end
$switch$;

commit;
