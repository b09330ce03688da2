-- The three content tables the landing page publishes: material coverage, the timeline and the
-- feature cards. Editors change them in Supabase (dashboard or service role); visitors, through the
-- public anon key, may only read the rows that are switched on (`is_active`).
--
-- This file sets up an empty project and adopts one that already has these tables (made in the
-- Table Editor, by a site builder or by hand), and it can run again without changing anything:
--   * `create table if not exists` makes a missing table in its full shape; an existing table is
--     left as it is: its id (bigint, uuid or text), its rows, its extra columns and their types.
--   * `add column if not exists` adds what the site needs and an adopted table lacks. The added
--     columns carry constant or `now()` defaults, which PostgreSQL records once in the catalogue
--     instead of rewriting the rows.
--   * The rules for new writes are check constraints, added NOT VALID to a table that already
--     holds rows (see "Rules" below): old rows are kept even where they break a rule.
--   * Grants and policies are reset to exactly those below, whatever the table had before, so an
--     adopted project answers visitors exactly as a fresh one does.
--
-- Access model, the same for each table:
--   * Supabase grants ALL on every new table in `public` to anon, authenticated and service_role.
--     We revoke everything from anon and authenticated (and PUBLIC), then grant back SELECT on the
--     published columns only: an adopted table's other columns (notes, authors, ...) stay private,
--     and the site always names the columns it reads (`select=*` is refused to visitors).
--   * RLS is enabled; the one policy lets anon and authenticated (a signed-in user is still just a
--     visitor here) see active rows. With no insert/update/delete policy and no such grant, the API
--     roles cannot write, and an inactive row is invisible rather than an error.
--   * service_role keeps full access (it bypasses RLS) so editors' tooling and scripts can write.

-- A live table may be busy: wait at most 5 s for a lock (then fail, and push again later) rather
-- than queue every visitor's read behind this migration. Nothing here should take a minute.
set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- material_coverage ----------------------------------------------------------------------------

-- order_index is a position in a hand-edited list, published as a GraphQL Int (32 bits): a
-- bigint would accept positions the site cannot publish, so each `order_index integer` line
-- carries an ignore for squawk's prefer-bigint-over-int.
create table if not exists public.material_coverage (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text,
  -- A site path (/images/materials/pet.svg) or an https URL: never javascript: or data: URLs.
  image text,
  status text not null,
  is_active boolean not null default true,
  -- squawk-ignore prefer-bigint-over-int
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);

-- An adopted table gets the columns it lacks. A table without is_active showed every row, so
-- every existing row stays published (default true); without order_index, every row gets 0 until
-- an editor orders them.
alter table public.material_coverage
  add column if not exists name text,
  add column if not exists description text,
  add column if not exists image text,
  add column if not exists status text,
  add column if not exists is_active boolean not null default true,
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists order_index integer not null default 0,
  add column if not exists created_at timestamptz not null default now();

comment on table public.material_coverage is
  'Waste streams the sorter handles, shown as a card grid. status: live | development | coming-soon.';

-- timeline -------------------------------------------------------------------------------------

create table if not exists public.timeline (
  id uuid primary key default gen_random_uuid(),
  period text not null,
  title text not null,
  description text,
  status text not null,
  -- Free text on purpose: CheckCircle, Clock, Target and Rocket are drawn; the page shows the check
  -- icon for any other name (or none), so an editor's typo degrades instead of breaking the build.
  icon text default 'CheckCircle',
  is_active boolean not null default true,
  -- squawk-ignore prefer-bigint-over-int
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);

alter table public.timeline
  add column if not exists period text,
  add column if not exists title text,
  add column if not exists description text,
  add column if not exists status text,
  add column if not exists icon text default 'CheckCircle',
  add column if not exists is_active boolean not null default true,
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists order_index integer not null default 0,
  add column if not exists created_at timestamptz not null default now();

comment on table public.timeline is
  'Milestones of the horizontal timeline. status: completed | current | upcoming; icon: a lucide name.';

-- feature_cards --------------------------------------------------------------------------------

create table if not exists public.feature_cards (
  id uuid primary key default gen_random_uuid(),
  classification text not null,
  title text not null,
  subtitle text,
  -- A short glyph (an emoji or a few characters such as "10×"), drawn as text; none: a neutral icon.
  icon text,
  -- Used as a CSS colour: hex, a colour keyword, or rgb()/hsl(); nothing that could carry url().
  -- None: the brand colour.
  icon_color text,
  is_active boolean not null default true,
  -- squawk-ignore prefer-bigint-over-int
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);

alter table public.feature_cards
  add column if not exists classification text,
  add column if not exists title text,
  add column if not exists subtitle text,
  add column if not exists icon text,
  add column if not exists icon_color text,
  add column if not exists is_active boolean not null default true,
  -- squawk-ignore prefer-bigint-over-int
  add column if not exists order_index integer not null default 0,
  add column if not exists created_at timestamptz not null default now();

comment on table public.feature_cards is
  'Cards of the product snapshot. classification: adasorter (left column) | worker (right column).';

-- Row-level security ---------------------------------------------------------------------------
-- On before anything else touches the rows. NO FORCE, as in a fresh project: the owner (the
-- dashboard's SQL editor, these migrations) is not subject to the policies, so the rules below see
-- every row of an adopted table.

alter table public.material_coverage enable row level security;
alter table public.timeline enable row level security;
alter table public.feature_cards enable row level security;
alter table public.material_coverage no force row level security;
alter table public.timeline no force row level security;
alter table public.feature_cards no force row level security;

-- Rules ----------------------------------------------------------------------------------------
-- What the page needs of every row an editor writes: a name or title, a known status or
-- classification, and bounded text that is safe to use where the page uses it. Optional text may
-- be null (the page falls back). An unknown value must be impossible here; the site still
-- tolerates one from a server it does not control.
--
-- Each rule is a check constraint, so it holds for every role and every client. On an empty table
-- (always so in a fresh project) it is added and validated at once. On a table that already holds
-- rows it is added NOT VALID: it holds for every row inserted or updated from now on, but the rows
-- already there are neither checked nor refused. (Required columns are required by the same
-- checks, `col is not null`, rather than by SET NOT NULL, which would scan the table and fail on
-- the first old row without one.) An existing constraint of the same name is left alone, so a
-- second run changes nothing.
--
-- Validating later, once old rows are fixed (supabase/scripts/verify-adoption.sql counts the rows that
-- break each rule not yet validated):
--   -- the rows that break a rule: `not (<the rule's expression>)`, e.g.
--   select id, name, status from public.material_coverage
--   where not (status is not null and status::text in ('live', 'development', 'coming-soon'));
--   -- fix or delete them, then (scans the table; reads and writes go on meanwhile):
--   alter table public.material_coverage validate constraint material_coverage_status_valid;
-- Until then, an editor who edits such an old row must also fix what it breaks: PostgreSQL checks
-- the whole new version of an updated row.
--
-- Values are compared as text (`status::text`), so an adopted column of an enum or varchar type
-- takes the same rule.

do $rules$
declare
  rule record;
  has_rows boolean;
begin
  for rule in
    select r.tbl, r.name, r.expression
    from (values
      ('material_coverage', 'material_coverage_name_valid',
       $$name is not null and name ~ '[^[:space:]]' and char_length(name) <= 200$$),
      ('material_coverage', 'material_coverage_description_valid',
       $$description is null or char_length(description) <= 2000$$),
      ('material_coverage', 'material_coverage_image_valid',
       $$image is null or (image ~ '^(/[^/]|https://)' and char_length(image) <= 2048)$$),
      ('material_coverage', 'material_coverage_status_valid',
       $$status is not null and status::text in ('live', 'development', 'coming-soon')$$),

      ('timeline', 'timeline_period_valid',
       $$period is not null and period ~ '[^[:space:]]' and char_length(period) <= 40$$),
      ('timeline', 'timeline_title_valid',
       $$title is not null and title ~ '[^[:space:]]' and char_length(title) <= 200$$),
      ('timeline', 'timeline_description_valid',
       $$description is null or char_length(description) <= 2000$$),
      ('timeline', 'timeline_status_valid',
       $$status is not null and status::text in ('completed', 'current', 'upcoming')$$),
      ('timeline', 'timeline_icon_valid',
       $$icon is null or (icon ~ '[^[:space:]]' and char_length(icon) <= 64)$$),

      ('feature_cards', 'feature_cards_classification_valid',
       $$classification is not null and classification::text in ('adasorter', 'worker')$$),
      ('feature_cards', 'feature_cards_title_valid',
       $$title is not null and title ~ '[^[:space:]]' and char_length(title) <= 200$$),
      ('feature_cards', 'feature_cards_subtitle_valid',
       $$subtitle is null or char_length(subtitle) <= 500$$),
      ('feature_cards', 'feature_cards_icon_valid',
       $$icon is null or (icon ~ '[^[:space:]]' and char_length(icon) <= 16)$$),
      ('feature_cards', 'feature_cards_icon_color_valid',
       $$icon_color is null or icon_color ~ '^(#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[A-Za-z]{3,30}|(rgb|hsl)a?\([0-9., %/]+\))$'$$)
    ) as r(tbl, name, expression)
    where not exists (
      select from pg_catalog.pg_constraint c
      where c.conrelid = pg_catalog.to_regclass('public.' || r.tbl) and c.conname = r.name
    )
  loop
    -- ADD CONSTRAINT takes this lock anyway; taking it first means no row can arrive between
    -- looking at the table and choosing VALID or NOT VALID.
    execute format('lock table public.%I in access exclusive mode', rule.tbl);
    execute format('select exists (select from public.%I)', rule.tbl) into has_rows;
    execute format(
      'alter table public.%I add constraint %I check (%s)%s',
      rule.tbl, rule.name, rule.expression, case when has_rows then ' not valid' else '' end
    );
  end loop;
end
$rules$;

-- Indexes --------------------------------------------------------------------------------------
-- The page's queries: active rows ordered by order_index; feature cards one classification at a
-- time. A plain CREATE INDEX holds a SHARE lock while it builds (reads go on, writes wait). These
-- tables hold tens to hundreds of hand-edited rows, so that is milliseconds; CONCURRENTLY is not
-- an option anyway, because Supabase runs each migration file in a transaction.

-- squawk-ignore require-concurrent-index-creation
create index if not exists material_coverage_published_idx
  on public.material_coverage (order_index) where is_active;

-- squawk-ignore require-concurrent-index-creation
create index if not exists timeline_published_idx
  on public.timeline (order_index) where is_active;

-- squawk-ignore require-concurrent-index-creation
create index if not exists feature_cards_published_idx
  on public.feature_cards (classification, order_index) where is_active;

-- Access ---------------------------------------------------------------------------------------

-- REVOKE on a table also takes back every column grant on it.
revoke all on table public.material_coverage from public, anon, authenticated;
revoke all on table public.timeline from public, anon, authenticated;
revoke all on table public.feature_cards from public, anon, authenticated;

-- The published columns (src/content/model.ts): the page's queries select, filter and order by these only.
grant select (id, name, description, image, status, is_active, order_index)
  on table public.material_coverage to anon, authenticated;
grant select (id, period, title, description, status, icon, is_active, order_index)
  on table public.timeline to anon, authenticated;
grant select (id, classification, title, subtitle, icon, icon_color, is_active, order_index)
  on table public.feature_cards to anon, authenticated;

grant select, insert, update, delete on table public.material_coverage to service_role;
grant select, insert, update, delete on table public.timeline to service_role;
grant select, insert, update, delete on table public.feature_cards to service_role;

-- Policies: every policy these tables had is dropped, whatever its name (an adopted project's
-- `using (true)` reads, open writes, ...), so that ours below are the only ones. Permissive
-- policies add up: one left-over `for select using (true)` would publish every draft.
do $policies$
declare
  policy record;
begin
  for policy in
    select p.tablename, p.policyname
    from pg_catalog.pg_policies as p
    where p.schemaname = 'public' and p.tablename in ('material_coverage', 'timeline', 'feature_cards')
  loop
    execute format('drop policy %I on public.%I', policy.policyname, policy.tablename);
  end loop;
end
$policies$;

-- Visitors see exactly what the editor switched on; hidden rows stay drafts.
create policy "Visitors read active material coverage"
  on public.material_coverage
  for select
  to anon, authenticated
  using (is_active);

-- Same rule as the materials: only switched-on milestones are public.
create policy "Visitors read active timeline items"
  on public.timeline
  for select
  to anon, authenticated
  using (is_active);

-- Same rule again: only switched-on cards are public.
create policy "Visitors read active feature cards"
  on public.feature_cards
  for select
  to anon, authenticated
  using (is_active);
