-- The three content tables the landing page publishes: material coverage, the timeline and the
-- feature cards. Editors change them in Supabase (dashboard or service role); visitors, through the
-- public anon key, may only read the rows that are switched on (`is_active`).
--
-- Access model, the same for each table:
--   * Supabase grants ALL on every new table in `public` to anon, authenticated and service_role.
--     We revoke that from anon and authenticated, then grant back only SELECT.
--   * RLS is enabled; the one policy lets anon and authenticated (a signed-in user is still just a
--     visitor here) see active rows. With no insert/update/delete policy and no such grant, the API
--     roles cannot write, and an inactive row is invisible rather than an error.
--   * service_role keeps full access (it bypasses RLS) so editors' tooling and scripts can write.
--
-- Every enumerated value has a check constraint: an unknown status must be impossible here (the site
-- still tolerates one from a server it does not control, and falls back when displaying it).

-- material_coverage ----------------------------------------------------------------------------

create table public.material_coverage (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null,
  -- A site path (/images/materials/pet.svg) or an https URL: never javascript: or data: URLs.
  image text,
  status text not null,
  is_active boolean not null default true,
  order_index integer not null default 0,
  created_at timestamptz not null default now(),
  constraint material_coverage_status_check
    check (status in ('live', 'development', 'coming-soon')),
  constraint material_coverage_name_check
    check (name ~ '[^[:space:]]' and char_length(name) <= 200),
  constraint material_coverage_description_check
    check (char_length(description) <= 2000),
  constraint material_coverage_image_check
    check (image is null or (image ~ '^(/[^/]|https://)' and char_length(image) <= 2048))
);

comment on table public.material_coverage is
  'Waste streams the sorter handles, shown as a card grid. status: live | development | coming-soon.';

-- The page's query: active rows ordered by order_index.
create index material_coverage_published_idx
  on public.material_coverage (order_index) where is_active;

alter table public.material_coverage enable row level security;

revoke all on table public.material_coverage from anon, authenticated;
grant select on table public.material_coverage to anon, authenticated;
grant select, insert, update, delete on table public.material_coverage to service_role;

-- Visitors see exactly what the editor switched on; hidden rows stay drafts.
create policy "Visitors read active material coverage"
  on public.material_coverage
  for select
  to anon, authenticated
  using (is_active);

-- timeline -------------------------------------------------------------------------------------

create table public.timeline (
  id uuid primary key default gen_random_uuid(),
  period text not null,
  title text not null,
  description text not null,
  status text not null,
  -- Free text on purpose: CheckCircle, Clock, Target and Rocket are drawn; the page shows the check
  -- icon for any other name, so an editor's typo degrades instead of breaking the build.
  icon text not null default 'CheckCircle',
  is_active boolean not null default true,
  order_index integer not null default 0,
  created_at timestamptz not null default now(),
  constraint timeline_status_check
    check (status in ('completed', 'current', 'upcoming')),
  constraint timeline_period_check
    check (period ~ '[^[:space:]]' and char_length(period) <= 40),
  constraint timeline_title_check
    check (title ~ '[^[:space:]]' and char_length(title) <= 200),
  constraint timeline_description_check
    check (char_length(description) <= 2000),
  constraint timeline_icon_check
    check (icon ~ '[^[:space:]]' and char_length(icon) <= 64)
);

comment on table public.timeline is
  'Milestones of the horizontal timeline. status: completed | current | upcoming; icon: a lucide name.';

create index timeline_published_idx
  on public.timeline (order_index) where is_active;

alter table public.timeline enable row level security;

revoke all on table public.timeline from anon, authenticated;
grant select on table public.timeline to anon, authenticated;
grant select, insert, update, delete on table public.timeline to service_role;

-- Same rule as the materials: only switched-on milestones are public.
create policy "Visitors read active timeline items"
  on public.timeline
  for select
  to anon, authenticated
  using (is_active);

-- feature_cards --------------------------------------------------------------------------------

create table public.feature_cards (
  id uuid primary key default gen_random_uuid(),
  classification text not null,
  title text not null,
  subtitle text not null,
  -- A short glyph (an emoji or a few characters such as "10×"), drawn as text.
  icon text not null,
  -- Used as a CSS colour: hex, a colour keyword, or rgb()/hsl(); nothing that could carry url().
  icon_color text not null,
  is_active boolean not null default true,
  order_index integer not null default 0,
  created_at timestamptz not null default now(),
  constraint feature_cards_classification_check
    check (classification in ('adasorter', 'worker')),
  constraint feature_cards_title_check
    check (title ~ '[^[:space:]]' and char_length(title) <= 200),
  constraint feature_cards_subtitle_check
    check (char_length(subtitle) <= 500),
  constraint feature_cards_icon_check
    check (icon ~ '[^[:space:]]' and char_length(icon) <= 16),
  constraint feature_cards_icon_color_check
    check (icon_color ~ '^(#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[A-Za-z]{3,30}|(rgb|hsl)a?\([0-9., %/]+\))$')
);

comment on table public.feature_cards is
  'Cards of the product snapshot. classification: adasorter (left column) | worker (right column).';

-- The page asks for one classification at a time, in order.
create index feature_cards_published_idx
  on public.feature_cards (classification, order_index) where is_active;

alter table public.feature_cards enable row level security;

revoke all on table public.feature_cards from anon, authenticated;
grant select on table public.feature_cards to anon, authenticated;
grant select, insert, update, delete on table public.feature_cards to service_role;

-- Same rule again: only switched-on cards are public.
create policy "Visitors read active feature cards"
  on public.feature_cards
  for select
  to anon, authenticated
  using (is_active);
