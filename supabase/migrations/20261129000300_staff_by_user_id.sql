-- Staff are who Supabase Auth says they are, and the team that answers inquiries joins the editors.
--   * private.is_editor() matches the request's Auth user (auth.uid()) against the users linked to
--     the allow-list, nothing else. An entry without a user is nobody's yet: a token carrying its
--     address (another user's, or an email claim alone) is never an editor.
--   * private.team_members: the people who answer inquiries, a list of the same shape beside
--     private.editors. A person may be on both; each list is added to and removed from on its own
--     (`npm run team`, `npm run editors`), and a removal takes effect at the next request.
--   * private.is_team_member(): whether the request's Auth user is linked to a team member's entry.
--     What RLS and the team's functions ask; it grants nothing by itself.
--   * An entry is linked (its user_id set) when the command makes or finds the Auth user, and at a
--     confirmed sign-in of a user with its address: a trigger on auth.users, when a user whose
--     email is confirmed signs in, or is confirmed, or confirms a new address. Signing in proves the
--     mailbox (sign-ups are off: only operators make users). Deleting an Auth user unlinks its
--     entries, so its tokens still within their hour reach nothing.
--   * An editor's preview link lives as long as its editor's user is linked to the list.
-- Entries unlinked today whose user has already signed in with a confirmed address are linked here,
-- as that user's next sign-in would link them, so an editor's session goes on across this change.
--
-- Triggers on auth.users calling a security definer function of the project's own schema are
-- Supabase's documented way to follow its users; the function never raises into Auth: a sign-in
-- goes on when a link cannot be made (the entry stays unlinked and the log names the user id).
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

create schema if not exists private;

-- The team's list ---------------------------------------------------------------------------------

create table if not exists private.team_members (
  -- Lower case, as Supabase Auth stores an address and puts it in the JWT.
  email text primary key check (email = pg_catalog.lower(email) and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  -- The Auth user, once linked by `npm run team -- add` or at the user's confirmed sign-in.
  user_id uuid unique,
  added_at timestamptz not null default now()
);

comment on table private.team_members is
  'Who answers inquiries (npm run team -- add|remove|list), decided by the linked Auth user. Operators only.';

revoke all on table private.team_members from public, anon, authenticated, service_role;

-- A staff list: a visitor's export or erasure never reads or deletes it (20261129000100).
insert into private.personal_data_holders (relation, holds, hashed_mailbox, reason)
values ('private.team_members', 'staff', null, 'The team''s allow-list.')
on conflict (relation) do nothing;

-- The checks --------------------------------------------------------------------------------------

create or replace function private.is_editor()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select from private.editors as e where e.user_id = auth.uid());
$$;

comment on function private.is_editor() is
  'Whether the request''s Auth user (auth.uid()) is linked to an editor''s entry (private.editors); what the content tables'' policies ask.';

revoke all on function private.is_editor() from public, anon, authenticated, service_role;
grant execute on function private.is_editor() to authenticated;

create or replace function private.is_team_member()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select from private.team_members as m where m.user_id = auth.uid());
$$;

comment on function private.is_team_member() is
  'Whether the request''s Auth user (auth.uid()) is linked to a team member''s entry (private.team_members); what the team''s policies and functions ask.';

-- Policies run as the caller: authenticated calls it (it already has usage on the schema).
revoke all on function private.is_team_member() from public, anon, authenticated, service_role;
grant execute on function private.is_team_member() to authenticated;

-- Linking -----------------------------------------------------------------------------------------

create or replace function private.link_staff_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  who uuid := case when tg_op = 'DELETE' then old.id else new.id end;
  address text := case when tg_op = 'DELETE' then null else pg_catalog.lower(new.email) end;
begin
  if tg_op = 'DELETE' then
    update private.editors as e set user_id = null where e.user_id = who;
    update private.team_members as m set user_id = null where m.user_id = who;
    return null;
  end if;
  -- A user already linked in a list keeps that entry: user_id is unique per list.
  update private.editors as e set user_id = who
   where e.email = address and e.user_id is null
     and not exists (select from private.editors as linked where linked.user_id = who);
  update private.team_members as m set user_id = who
   where m.email = address and m.user_id is null
     and not exists (select from private.team_members as linked where linked.user_id = who);
  return null;
exception when others then
  raise warning 'staff allow-lists: Auth user % left as it was (%)', who, sqlstate;
  return null;
end;
$$;

comment on function private.link_staff_user() is
  'Links allow-list entries to an Auth user at its confirmed sign-in and unlinks them when it is deleted (triggers on auth.users).';

-- Auth (supabase_auth_admin) fires it; nobody calls it.
revoke all on function private.link_staff_user() from public, anon, authenticated, service_role;

create or replace trigger staff_link_on_sign_in
  after update on auth.users
  for each row
  when (
    new.email_confirmed_at is not null and new.last_sign_in_at is not null
    and (old.last_sign_in_at is distinct from new.last_sign_in_at
         or old.email_confirmed_at is null
         or old.email is distinct from new.email)
  )
  execute function private.link_staff_user();

create or replace trigger staff_unlink_on_delete
  after delete on auth.users
  for each row
  execute function private.link_staff_user();

-- What a sign-in since the entry was made would have linked.
update private.editors as e set user_id = u.id
  from auth.users as u
 where e.user_id is null and pg_catalog.lower(u.email) = e.email
   and u.email_confirmed_at is not null and u.last_sign_in_at is not null
   and not exists (select from private.editors as linked where linked.user_id = u.id);
update private.team_members as m set user_id = u.id
  from auth.users as u
 where m.user_id is null and pg_catalog.lower(u.email) = m.email
   and u.email_confirmed_at is not null and u.last_sign_in_at is not null
   and not exists (select from private.team_members as linked where linked.user_id = u.id);

-- Preview links --------------------------------------------------------------------------------------
-- As in 20261128000200_editor_preview.sql, but an editor's link asks for its editor's linked user.

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
    if not exists (select from private.editors as e where e.user_id = link.editor_user_id) then
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
