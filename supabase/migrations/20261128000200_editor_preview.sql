-- Editors see their drafts in place and drag the lists into order from their own sign-in
-- (20261127000300_editors.sql), in the preview they already know (20261125002000_preview_links.sql),
-- instead of with a link an operator makes:
--   * public.editor_preview_link() (authenticated; a listed editor only, anyone else PT403) makes a
--     preview link for the signed-in editor and answers its token: 43 base64url characters from
--     the server's strong random source, valid 12 hours, may arrange. Only its SHA-256 is kept, as
--     for every link. An editor holds at most 20 live ones: making another revokes the oldest.
--   * Such a link remembers its editor, and private.preview_link refuses it (PT403, "preview link
--     revoked") once the editor is off the list: a removal takes effect at the next request, as on
--     the editing page.
--   * What is saved through it is the editor's in private.content_audit: the link sets the
--     transaction's JWT claims to the editor's address and id, which the audit trigger records
--     (actor "editor preview").
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

alter table private.preview_links
  add column if not exists editor_user_id uuid,
  add column if not exists editor_email text;

comment on column private.preview_links.editor_email is
  'The editor who made this link on /edit/ (public.editor_preview_link); null for an operator''s link.';

-- The link a token names, or the refusal the page shows (as in 20261126000300_preview_link_limits.sql),
-- and for an editor's link, whether its editor is still on the list.
create or replace function private.preview_link(token text)
returns private.preview_links
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  link private.preview_links;
begin
  -- A token is 43 characters; anything far longer is not one and is not worth hashing.
  if token is not null and pg_catalog.char_length(token) between 1 and 256 then
    select l.* into link
    from private.preview_links as l
    where l.token_hash = pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'));
  end if;
  if link.id is null then
    raise sqlstate 'PT401' using
      message = 'preview link invalid',
      hint = 'Copy the whole link, or ask for a new one (npm run preview-link).';
  end if;
  if link.revoked_at is not null then
    raise sqlstate 'PT403' using
      message = 'preview link revoked',
      detail = pg_catalog.format('Revoked at %s.', link.revoked_at),
      hint = 'Ask for a new link (npm run preview-link).';
  end if;
  link.expires_at := least(link.expires_at, link.created_at + interval '30 days');
  if link.expires_at <= pg_catalog.now() then
    raise sqlstate 'PT410' using
      message = 'preview link expired',
      detail = pg_catalog.format('Expired at %s.', link.expires_at),
      hint = 'Ask for a new link (npm run preview-link).';
  end if;
  if link.editor_email is not null then
    if not exists (
      select from private.editors as e
      where (e.user_id is not null and e.user_id = link.editor_user_id)
         or (e.user_id is null and e.email = link.editor_email)
    ) then
      raise sqlstate 'PT403' using
        message = 'preview link revoked',
        detail = 'Its editor is no longer on the list of editors.',
        hint = 'Ask an operator (npm run editors -- add).';
    end if;
    perform pg_catalog.set_config(
      'request.jwt.claims',
      pg_catalog.jsonb_build_object('role', 'editor preview', 'email', link.editor_email, 'sub', link.editor_user_id)::text,
      true
    );
  end if;
  return link;
end;
$$;

create or replace function private.editor_preview_link()
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  token text := pg_catalog.rtrim(pg_catalog.translate(pg_catalog.encode(
    pg_catalog.sha256(pg_catalog.convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')),
    'base64'), '+/', '-_'), '=');
  who text := pg_catalog.lower(auth.jwt() ->> 'email');
begin
  if not private.is_editor() then
    raise exception 'only an editor may preview' using errcode = 'PT403';
  end if;
  update private.preview_links set revoked_at = pg_catalog.now()
  where id in (
    select l.id from private.preview_links as l
    where l.editor_email = who and l.revoked_at is null and l.expires_at > pg_catalog.now()
    order by l.created_at desc, l.id desc
    offset 19
  );
  insert into private.preview_links (token_hash, label, expires_at, can_arrange, editor_user_id, editor_email)
  values (
    pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8')),
    pg_catalog.left('editor ' || who, 200),
    pg_catalog.now() + interval '12 hours',
    true,
    auth.uid(),
    who
  );
  return token;
end;
$$;

revoke all on function private.editor_preview_link() from public, anon, authenticated, service_role;
grant execute on function private.editor_preview_link() to authenticated;

create or replace function public.editor_preview_link()
returns text
language sql
set search_path = ''
as $$
  select private.editor_preview_link();
$$;

comment on function public.editor_preview_link() is
  'For a signed-in editor: the token of a new preview link of their own (12 hours, may arrange).';

revoke all on function public.editor_preview_link() from public, anon, authenticated, service_role;
grant execute on function public.editor_preview_link() to authenticated;
