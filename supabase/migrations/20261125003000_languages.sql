-- Bahasa Indonesia: the site publishes every page in English at / and in Indonesian at /id/.
--
-- Content: each visible text column of the three content tables gets an Indonesian twin named with
-- the ISO 639-3 suffix `_ind` (`title` → `title_ind`), never mistaken for a foreign key as `_id`
-- would be. Editors fill it in the Table Editor; the Indonesian page shows the twin where it holds
-- text and the English column where it is empty or null, field by field (src/content/localize.ts).
-- The twins take the same length bounds as their English columns and nothing else: a row need not
-- be translated to be published. Visitors may read them as they read the English columns.
--
-- Inquiries: contact_submissions records the language of the page the visitor wrote from, so the
-- team answers in it. Rows from before this file are English, the only language the site had.
--
-- Like the others, this file adopts an existing project and runs twice without change:
-- `add column if not exists`, constraints added only when missing (NOT VALID on a table with rows,
-- though every twin of an existing row starts null), grants that repeat what they grant.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- Content twins --------------------------------------------------------------------------------

alter table public.material_coverage
  add column if not exists name_ind text,
  add column if not exists description_ind text;

alter table public.timeline
  add column if not exists period_ind text,
  add column if not exists title_ind text,
  add column if not exists description_ind text;

-- The icon is a glyph or a sign (Rp), the same in both languages.
alter table public.feature_cards
  add column if not exists title_ind text,
  add column if not exists subtitle_ind text;

comment on column public.material_coverage.name_ind is 'Indonesian name for /id/; empty shows name.';
comment on column public.material_coverage.description_ind is 'Indonesian description for /id/; empty shows description.';
comment on column public.timeline.period_ind is 'Indonesian period for /id/; empty shows period.';
comment on column public.timeline.title_ind is 'Indonesian title for /id/; empty shows title.';
comment on column public.timeline.description_ind is 'Indonesian description for /id/; empty shows description.';
comment on column public.feature_cards.title_ind is 'Indonesian title for /id/; empty shows title.';
comment on column public.feature_cards.subtitle_ind is 'Indonesian subtitle for /id/; empty shows subtitle.';

do $rules$
declare
  rule record;
  has_rows boolean;
begin
  for rule in
    select r.tbl, r.name, r.expression
    from (values
      ('material_coverage', 'material_coverage_name_ind_valid', $$name_ind is null or char_length(name_ind) <= 200$$),
      ('material_coverage', 'material_coverage_description_ind_valid',
       $$description_ind is null or char_length(description_ind) <= 2000$$),
      ('timeline', 'timeline_period_ind_valid', $$period_ind is null or char_length(period_ind) <= 40$$),
      ('timeline', 'timeline_title_ind_valid', $$title_ind is null or char_length(title_ind) <= 200$$),
      ('timeline', 'timeline_description_ind_valid', $$description_ind is null or char_length(description_ind) <= 2000$$),
      ('feature_cards', 'feature_cards_title_ind_valid', $$title_ind is null or char_length(title_ind) <= 200$$),
      ('feature_cards', 'feature_cards_subtitle_ind_valid', $$subtitle_ind is null or char_length(subtitle_ind) <= 500$$)
    ) as r(tbl, name, expression)
    where not exists (
      select from pg_catalog.pg_constraint c
      where c.conrelid = pg_catalog.to_regclass('public.' || r.tbl) and c.conname = r.name
    )
  loop
    execute format('lock table public.%I in access exclusive mode', rule.tbl);
    execute format('select exists (select from public.%I)', rule.tbl) into has_rows;
    execute format(
      'alter table public.%I add constraint %I check (%s)%s',
      rule.tbl, rule.name, rule.expression, case when has_rows then ' not valid' else '' end
    );
  end loop;
end
$rules$;

-- Read like the published columns they translate (20261123000100_content_tables.sql).
grant select (name_ind, description_ind) on table public.material_coverage to anon, authenticated;
grant select (period_ind, title_ind, description_ind) on table public.timeline to anon, authenticated;
grant select (title_ind, subtitle_ind) on table public.feature_cards to anon, authenticated;

-- The inquiry's language ---------------------------------------------------------------------------
-- A constant default is recorded in the catalogue, not written into each row; the check reads the
-- table once, and every existing row holds the default.
alter table public.contact_submissions
  add column if not exists language text not null default 'en' check (language in ('en', 'id'));

comment on column public.contact_submissions.language is
  'The language of the page the inquiry was sent from (en, id): the team answers in it.';

-- Visitors name it with the rest of the form (20261123000200_contact_submissions.sql).
grant insert (language) on table public.contact_submissions to anon, authenticated;

-- What the edge function reads of a claimed row (20261124001000_inquiry_delivery.sql), now with the
-- language, for the email and the digest.
create or replace function private.inquiry_row(s public.contact_submissions)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', s.id, 'name', s.name, 'email', s.email, 'company', s.company, 'message', s.message,
    'type', s.type, 'language', s.language, 'created_at', s.created_at, 'notified_at', s.notified_at,
    'attempts', s.notify_attempts
  );
$$;

-- The verified path (20261125001000_inquiry_limits_per_row.sql) stores what the browser sent,
-- the language included; a caller that does not name one stores English, as the column does.
drop function if exists public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb);

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
  insert into public.contact_submissions (id, name, email, company, message, type, language, notify_verified_at)
  values (p_id, p_name, p_email, p_company, p_message, p_type, p_language, now())
  on conflict do nothing;
  get diagnostics stored = row_count;
  if stored = 0 then
    return pg_catalog.jsonb_build_object('outcome', 'duplicate');
  end if;
  perform private.admit_inquiries(private.inquiry_client(p_headers), array[pg_catalog.lower(p_email)], false);
  return pg_catalog.jsonb_build_object('outcome', 'stored');
end;
$$;

comment on function public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb, text) is
  'Stores a Turnstile-verified inquiry past the overall ceiling (service role only; the edge function).';

revoke execute on function public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb, text)
  from public, anon, authenticated;
grant execute on function public.inquiry_store_verified(uuid, text, text, text, text, text, jsonb, text) to service_role;
