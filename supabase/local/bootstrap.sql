-- Supabase platform stand-in for a database that is not Supabase: the embedded PGlite of the build
-- and the tests, and a plain PostgreSQL 15 cluster.
--
-- A Supabase project already has everything below before the first migration runs, so none of it
-- belongs in supabase/migrations/: `supabase db push` must apply exactly the same migrations here and
-- there. Keep this file to what Supabase really provides, shaped as Supabase shapes it, so that a
-- migration that works here also works on the platform (and the other way round).
--
-- Idempotent: a fresh PGlite and a fresh initdb cluster both run it once, and running it again is
-- harmless. Run it as the database owner (postgres), as migrations are run on Supabase.

-- Roles -----------------------------------------------------------------------------------------
-- PostgREST logs in as `authenticator` and switches to the role named in the request's JWT:
-- `anon` for the public key, `authenticated` for a signed-in user, `service_role` for the secret
-- key. Only `service_role` bypasses row-level security. None of the three can log in themselves.
--
-- Roles belong to the cluster, not to one database: when two databases of one cluster run this at
-- the same time, both can see a role missing, and the second to create it finds it made. That is
-- what this file wants, so a duplicate is let pass.
do $roles$
declare
  role_definition text;
begin
  foreach role_definition in array array[
    'anon nologin noinherit',
    'authenticated nologin noinherit',
    'service_role nologin noinherit bypassrls',
    -- No password: locally nobody connects through it; on Supabase the platform owns its secret.
    'authenticator login noinherit'
  ] loop
    if not exists (select from pg_catalog.pg_roles where rolname = split_part(role_definition, ' ', 1)) then
      begin
        execute 'create role ' || role_definition;
      exception when unique_violation or duplicate_object then null;
      end;
    end if;
  end loop;
  begin
    grant anon, authenticated, service_role to authenticator;
  exception when unique_violation then null;
  end;
end
$roles$;

-- Schemas ---------------------------------------------------------------------------------------
-- Supabase installs extensions into `extensions` and lets the API roles use it.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- Supabase's default privileges on `public`: every table, sequence and function the owner creates
-- there is fully granted to the three API roles. This is why a migration must revoke what it does
-- not mean to expose; reproducing the default here keeps those revokes meaningful in tests.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

-- Vault stand-in --------------------------------------------------------------------------------
-- Supabase Vault keeps secrets encrypted and exposes them decrypted through a view. Encryption is
-- not the point here: the triggers only need the same names (schema, table, view, functions) so the
-- same migration runs on both. As on Supabase, only the owner (postgres) reaches it; the API roles
-- have no usage on the schema, so a trigger that reads a secret must be `security definer`.
create schema if not exists vault;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  created_at timestamptz not null default now()
);

create or replace view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, created_at
  from vault.secrets;

create or replace function vault.create_secret(
  new_secret text,
  new_name text default null,
  new_description text default ''
) returns uuid
language sql
set search_path = ''
as $$
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, coalesce(new_description, ''))
  returning id;
$$;

-- Vault's companion to create_secret: tests change or clear the build hook URL through it.
create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text default null,
  new_name text default null,
  new_description text default null
) returns void
language sql
set search_path = ''
as $$
  update vault.secrets
  set secret = coalesce(new_secret, secret),
      name = coalesce(new_name, name),
      description = coalesce(new_description, description)
  where id = secret_id;
$$;

revoke all on function vault.create_secret(text, text, text) from public;
revoke all on function vault.update_secret(uuid, text, text, text) from public;

-- pg_net stand-in -------------------------------------------------------------------------------
-- pg_net's net.http_post queues an HTTP request and returns its request id. This stand-in records
-- the call instead, so tests can assert what would have been sent. Same signature and defaults as
-- pg_net. Supabase makes net.http_post `security definer` and grants it to the API roles (its
-- `grant_pg_net_access` event trigger); the same here. The recording table stays owner-only.
create schema if not exists net;
grant usage on schema net to anon, authenticated, service_role;

create table if not exists net.http_post_calls (
  id bigserial primary key,
  url text not null,
  body jsonb,
  params jsonb,
  headers jsonb,
  timeout_milliseconds integer,
  created_at timestamptz not null default now()
);

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into net.http_post_calls (url, body, params, headers, timeout_milliseconds)
  values (url, body, params, headers, timeout_milliseconds)
  returning id;
$$;

revoke all on function net.http_post(text, jsonb, jsonb, jsonb, integer) from public;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer)
  to anon, authenticated, service_role;

-- pg_net's net.http_get queues a GET and returns its request id; pg_net later writes the answer
-- into net._http_response under that id. This stand-in records the call beside the POSTs (one id
-- sequence for both, as pg_net has one queue), and whoever plays pg_net's worker (the local backend,
-- a test) sends it and writes the answer into net._http_response, shaped as pg_net's.
create table if not exists net.http_get_calls (
  id bigint primary key default pg_catalog.nextval('net.http_post_calls_id_seq'),
  url text not null,
  params jsonb,
  headers jsonb,
  timeout_milliseconds integer,
  created_at timestamptz not null default now()
);

create table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language sql
security definer
set search_path = ''
as $$
  insert into net.http_get_calls (url, params, headers, timeout_milliseconds)
  values (url, params, headers, timeout_milliseconds)
  returning id;
$$;

revoke all on function net.http_get(text, jsonb, jsonb, integer) from public;
grant execute on function net.http_get(text, jsonb, jsonb, integer) to anon, authenticated, service_role;

-- Auth stand-in ---------------------------------------------------------------------------------
-- Supabase Auth owns the `auth` schema: its users, and the helpers RLS policies call to read the
-- request's JWT claims, which PostgREST puts in `request.jwt.claims` for each request. Shaped as
-- Supabase's own (auth.users reduced to the columns anything here reads); the API roles may use
-- the schema and the helpers, never the users table.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text,
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_key on auth.users (email);

create or replace function auth.jwt() returns jsonb
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb;
$$;

create or replace function auth.uid() returns uuid
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid;
$$;

create or replace function auth.role() returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text;
$$;

create or replace function auth.email() returns text
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text;
$$;

revoke all on table auth.users from public, anon, authenticated;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;
