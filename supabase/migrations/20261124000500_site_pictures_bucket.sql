-- A public Storage bucket, `site-pictures`, for the photos editors put on the material cards.
--
-- An editor uploads a photo in the dashboard (Storage → site-pictures → Upload file), copies its
-- public URL and pastes it into the row's `image`. The site's build downloads each picture once and
-- serves small versions of it from the site itself; only a row changed since the last build shows
-- the picture from this bucket directly, which is why reading must be public.
--
-- Who may do what:
--   - read: anyone, through the public URL (/storage/v1/object/public/site-pictures/<name>); a
--     public bucket serves it without any policy;
--   - upload, replace, delete, list: nobody with the anon or authenticated key. storage.objects
--     keeps row-level security and no policy here grants anything on this bucket. Editors work in
--     the dashboard, which acts with the service role, to which row-level security does not apply.
--   Policies on storage.objects that name this bucket (left by an earlier setup of an adopted
--   project, such as the dashboard's "allow uploads" templates) are dropped, so that this is the
--   whole of it.
-- What may be uploaded: JPEG, PNG, WebP and AVIF (the formats the build processes), at most 10 MB
-- (a phone photo is 3-5 MB).
--
-- Supabase creates the `storage` schema. Plain PostgreSQL and the embedded PGlite have none and
-- skip this file, as 20261123000900_rebuild_on_edit.sql skips pg_net. Run again, it changes nothing.
do $site_pictures$
declare
  stale record;
begin
  if pg_catalog.to_regclass('storage.buckets') is null or pg_catalog.to_regclass('storage.objects') is null then
    raise notice 'no Supabase Storage (schema storage) here: bucket site-pictures skipped';
    return;
  end if;

  -- Written only when missing or different, so a second run leaves the row as it is.
  insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
  values ('site-pictures', 'site-pictures', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/avif'])
  on conflict (id) do update
    set name = excluded.name,
        public = excluded.public,
        file_size_limit = excluded.file_size_limit,
        allowed_mime_types = excluded.allowed_mime_types
    where (buckets.name, buckets.public, buckets.file_size_limit, buckets.allowed_mime_types)
      is distinct from (excluded.name, excluded.public, excluded.file_size_limit, excluded.allowed_mime_types);

  for stale in
    select policyname from pg_catalog.pg_policies
    where schemaname = 'storage'
      and tablename = 'objects'
      and pg_catalog.concat_ws(' ', qual, with_check) like '%''site-pictures''%'
  loop
    execute pg_catalog.format('drop policy %I on storage.objects', stale.policyname);
  end loop;
end
$site_pictures$;
