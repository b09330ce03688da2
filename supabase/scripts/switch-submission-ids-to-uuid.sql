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
-- primary key is filled with a random uuid for every existing row. It refuses to run if another
-- table has a foreign key to contact_submissions: those references must be moved first.
--
-- Then re-apply the table's grants for a uuid id (the migrations are safe to run again). The first
-- takes back every visitor grant on the table before granting the form's columns; the last grants
-- again what a later migration added to the form (INSERT on the inquiry's language):
--   psql "$DB_URL" -f supabase/scripts/switch-submission-ids-to-uuid.sql
--   psql "$DB_URL" --single-transaction \
--     -f supabase/migrations/20261123000200_contact_submissions.sql \
--     -f supabase/migrations/20261123000300_connection_test.sql \
--     -f supabase/migrations/20261123000400_adopted_objects.sql \
--     -f supabase/migrations/20261125003000_languages.sql
-- and check with supabase/scripts/verify-adoption.sql.

begin;

set local lock_timeout = '5s';

do $switch$
declare
  id_type text;
  primary_key text;
begin
  select pg_catalog.format_type(a.atttypid, null) into id_type
  from pg_catalog.pg_attribute as a
  where a.attrelid = 'public.contact_submissions'::regclass and a.attname = 'id' and not a.attisdropped;

  if id_type in ('uuid', 'text', 'character varying') then
    raise notice 'public.contact_submissions.id is % already: nothing to do', id_type;
    return;
  end if;
  if exists (select from pg_catalog.pg_constraint where confrelid = 'public.contact_submissions'::regclass) then
    raise exception 'another table has a foreign key to public.contact_submissions: move it to the new ids first';
  end if;

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
end
$switch$;

commit;
