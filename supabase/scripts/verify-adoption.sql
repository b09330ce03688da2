-- What visitors can do with the four tables, tried for real as Supabase's API roles, and which
-- rules an adopted project has not validated yet. Read-only: everything runs in one transaction
-- that is rolled back at the end, and each attempt is undone on its own before the next.
--
--   psql "$DB_URL" -f supabase/scripts/verify-adoption.sql
--
-- $DB_URL: the project's connection string (Project Settings → Database; the session pooler's or
-- the direct one), as the `postgres` user, which may switch to anon and authenticated.
-- (Attempts on a table numbered by a sequence use up a number or two: sequences never roll back.)
--
-- 1. The permission matrix: one line per table, role and attempt, with what happened, what a
--    project set up by these migrations answers, and `ok`. Every line should say ok = t.
-- 2. The rules added NOT VALID when a table was adopted, with the number of old rows that break
--    each one, and the statement that validates it once those rows are fixed (a rule with 0 rows
--    can be validated at once).

begin;

-- Runs one statement as an API role inside a savepoint that is always rolled back, and says what
-- happened: `N rows` (returned or written), or why it was refused.
create function pg_temp.attempt(api_role text, statement text)
returns text
language plpgsql
as $$
declare
  outcome text;
  affected bigint;
  rule text;
begin
  begin
    execute format('set local role %I', api_role);
    execute statement;
    get diagnostics affected = row_count;
    outcome := affected || case when affected = 1 then ' row' else ' rows' end;
    raise exception using errcode = 'P0001', message = 'undo';
  exception
    when raise_exception then
      null;
    when insufficient_privilege then
      outcome := case when sqlerrm like '%row-level security%' then 'refused (row-level security)'
                      else 'refused (no privilege)' end;
    when check_violation then
      get stacked diagnostics rule = constraint_name;
      outcome := format('refused (rule %s)', rule);
    when not_null_violation then
      get stacked diagnostics rule = column_name;
      outcome := format('refused (%s missing)', rule);
    when others then
      outcome := format('refused (%s)', sqlerrm);
  end;
  return outcome;
end
$$;

with content(tbl, published) as (
  values
    ('material_coverage', 'description, description_ind, id, image, is_active, name, name_ind, order_index, status'),
    ('timeline', 'description, description_ind, icon, id, is_active, order_index, period, period_ind, status, title, title_ind'),
    ('feature_cards', 'classification, icon, icon_color, id, is_active, order_index, subtitle, subtitle_ind, title, title_ind')
),
-- A signed-in user who is not an editor (20261127000300_editors.sql): the published columns and the
-- row's version, and writes that RLS refuses or that find no row.
visitor(api_role, role_order, extra_columns, insert_answer, write_answer) as (values
  ('anon', 1, '', 'refused (no privilege)', 'refused (no privilege)'),
  ('authenticated', 2, ', row_version', 'refused (row-level security)', '0 rows')),
counts as (
  select c.tbl, c.published,
         (xpath('/row/n/text()', query_to_xml(format(
            'select count(*) filter (where is_active) as n from public.%I', c.tbl), false, true, '')))[1]::text as active,
         (xpath('/row/n/text()', query_to_xml(format(
            'select count(*) as n from public.%I', c.tbl), false, true, '')))[1]::text as total
  from content as c
),
submission_id as (
  select pg_catalog.format_type(a.atttypid, null) in ('uuid', 'text', 'character varying') as browser_made
  from pg_catalog.pg_attribute as a
  where a.attrelid = 'public.contact_submissions'::regclass and a.attname = 'id'
),
attempts(tbl, role_order, step, api_role, attempt, result, expected) as (
  select c.tbl, v.role_order, 1, v.api_role, 'columns it may read',
         (select string_agg(a.attname, ', ' order by a.attname)
            from pg_catalog.pg_attribute as a
           where a.attrelid = format('public.%I', c.tbl)::regclass and a.attnum > 0 and not a.attisdropped
             and has_column_privilege(v.api_role, a.attrelid, a.attnum, 'SELECT')),
         (select string_agg(x, ', ' order by x) from unnest(string_to_array(c.published || v.extra_columns, ', ')) as x)
  from counts as c cross join visitor as v
  union all
  select c.tbl, v.role_order, 2, v.api_role, 'read the active rows',
         pg_temp.attempt(v.api_role, format('select 1 from public.%I where is_active', c.tbl)),
         c.active || case when c.active = '1' then ' row' else ' rows' end
  from counts as c cross join visitor as v
  union all
  select c.tbl, v.role_order, 3, v.api_role, 'read the inactive rows',
         pg_temp.attempt(v.api_role, format('select 1 from public.%I where is_active is not true', c.tbl)),
         '0 rows'
  from counts as c cross join visitor as v
  union all
  select c.tbl, v.role_order, w.step, v.api_role, w.attempt,
         pg_temp.attempt(v.api_role, format(w.statement, c.tbl)), case when w.step = 4 then v.insert_answer else v.write_answer end
  from counts as c cross join visitor as v
  cross join (values
    (4, 'insert a row', 'insert into public.%I default values'),
    (5, 'update every row', 'update public.%I set is_active = is_active'),
    (6, 'delete every row', 'delete from public.%I')
  ) as w(step, attempt, statement)
  union all
  select c.tbl, 3, 7, 'service_role', 'read every row',
         pg_temp.attempt('service_role', format('select 1 from public.%I', c.tbl)),
         c.total || case when c.total = '1' then ' row' else ' rows' end
  from counts as c
  union all
  -- A signed-in user may name the columns the team's page reads; RLS shows the rows to team members
  -- only (20261129001000_team_inbox.sql), and this check signs in as nobody.
  select 'contact_submissions', v.role_order, s.step, v.api_role, s.attempt,
         pg_temp.attempt(v.api_role, s.statement),
         case when s.step = 9 and v.api_role = 'authenticated' then '0 rows' else s.expected end
  from visitor as v
  cross join submission_id as i
  cross join lateral (
    -- An insert as PostgREST makes it: the body's keys are the columns, read from the JSON body.
    select f.step, f.attempt,
           format('insert into public.contact_submissions (%1$s) select %1$s from jsonb_populate_record(null::public.contact_submissions, %2$L)%3$s',
                  (select string_agg(quote_ident(k), ', ') from jsonb_object_keys(body) as k), body, f.tail) as statement,
           f.expected
    from (values
      (1, 'file a well-formed inquiry', '{}', '', '1 row'),
      -- A table numbered by a sequence keeps its numbers to itself (see the migration); a uuid
      -- does not even fit its id column.
      (2, 'file it with an id made in the browser', '{"id": "6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b"}', '',
       case when i.browser_made then '1 row' else 'refused' end),
      (3, 'file a malformed inquiry', '{"email": "not an address"}', '', 'refused (rule contact_submissions_email_valid)'),
      (4, 'file an inquiry from the Indonesian page', '{"language": "id"}', '', '1 row'),
      (5, 'file an inquiry in a language the site lacks', '{"language": "fr"}', '', 'refused (rule contact_submissions_language_check)'),
      (6, 'file a pre-sent inquiry', '{"notified_at": "2026-01-01T00:00:00Z"}', '', 'refused (no privilege)'),
      -- What an older site did: insert, and read the stored row back (return=representation).
      (7, 'file an inquiry and read it back', '{}', ' returning *', 'refused (no privilege)')
    ) as f(step, attempt, changes, tail, expected)
    cross join lateral (select jsonb_build_object('name', 'Permission check', 'email', 'check@example.com', 'company', null,
                                                  'message', 'Rolled back.', 'type', 'contact') || f.changes::jsonb as body) as b
    union all
    values
      (8, 'count the submissions', 'select 1 from public.contact_submissions', '0 rows'),
      (9, 'read the submissions', 'select name, email, message from public.contact_submissions', 'refused (no privilege)'),
      (10, 'update the submissions', 'update public.contact_submissions set notified_at = now()', 'refused (no privilege)'),
      (11, 'delete the submissions', 'delete from public.contact_submissions', 'refused (no privilege)')
  ) as s(step, attempt, statement, expected)
  union all
  select 'contact_submissions', 3, 12, 'service_role', 'read every row',
         pg_temp.attempt('service_role', 'select 1 from public.contact_submissions'),
         n || case when n = '1' then ' row' else ' rows' end
  from (select count(*)::text as n from public.contact_submissions) as total
)
-- `refused` alone expects a refusal of any kind.
select tbl as "table", api_role as role, attempt, result, expected,
       result = expected or (expected = 'refused' and result like 'refused (%') as ok
from attempts
order by array_position(array['material_coverage', 'timeline', 'feature_cards', 'contact_submissions'], tbl),
         role_order, step;

select t.relname as "table",
       c.conname as rule,
       (xpath('/row/n/text()', query_to_xml(format(
          'select count(*) as n from public.%I where not (%s)', t.relname, pg_get_expr(c.conbin, c.conrelid)),
          false, true, '')))[1]::text::bigint as rows_breaking_it,
       format('alter table public.%I validate constraint %I;', t.relname, c.conname) as validate_with
from pg_catalog.pg_constraint as c
join pg_catalog.pg_class as t on t.oid = c.conrelid
where c.contype = 'c' and not c.convalidated
  and t.relnamespace = 'public'::regnamespace
  and t.relname in ('material_coverage', 'timeline', 'feature_cards', 'contact_submissions')
order by array_position(array['material_coverage', 'timeline', 'feature_cards', 'contact_submissions'], t.relname::text),
         c.conname;

rollback;
