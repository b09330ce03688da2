-- The inquiry sweep: every minute the database asks the edge function inquiry-notif-resend to send
-- whatever is still pending (20261124001000_inquiry_delivery.sql), the way Supabase documents
-- scheduling an Edge Function: pg_cron runs net.http_post with the project URL and a key read from
-- Vault. The key is the service-role key, the only one the function accepts for a sweep.
--
-- Two Vault secrets, set once per project (docs/backend.md):
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');
-- Until both exist the job runs and does nothing, so a fresh project or a local database works as
-- is. Where pg_cron is not enabled (PGlite, a PostgreSQL without it preloaded, see
-- 20261123000950_pg_cron.sql) the job is not scheduled; the local backend of the tests calls
-- private.request_inquiry_sweep() on a timer instead.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

-- One call of the sweep, as pg_net queues it (sent after commit); the request id, or null when the
-- secrets are missing. The owner runs it (pg_cron runs a job as the role that scheduled it), and
-- nobody else may: it reads Vault.
create or replace function private.request_inquiry_sweep()
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  project_url text;
  service_role_key text;
begin
  select pg_catalog.btrim(s.decrypted_secret) into project_url
  from vault.decrypted_secrets as s where s.name = 'project_url' limit 1;
  select pg_catalog.btrim(s.decrypted_secret) into service_role_key
  from vault.decrypted_secrets as s where s.name = 'service_role_key' limit 1;
  if coalesce(project_url, '') = '' or coalesce(service_role_key, '') = '' then
    return null;
  end if;

  return net.http_post(
    url := pg_catalog.rtrim(project_url, '/') || '/functions/v1/inquiry-notif-resend',
    body := pg_catalog.jsonb_build_object('sweep', true),
    headers := pg_catalog.jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || service_role_key
    ),
    -- A sweep sends at most one batch; pg_net's 5 s default would cut a slow one off.
    timeout_milliseconds := 60000
  );
end;
$$;

revoke execute on function private.request_inquiry_sweep() from public;

comment on function private.request_inquiry_sweep() is
  'Asks inquiry-notif-resend to send pending inquiries (POST {"sweep":true} with the service key from Vault). '
  'Run every minute by the pg_cron job inquiry-notify-sweep.';

do $schedule$
begin
  if not exists (select from pg_catalog.pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not enabled: the inquiry sweep is not scheduled';
    return;
  end if;
  -- A named job: scheduling again under the same name updates it, so this applies twice unchanged.
  perform cron.schedule('inquiry-notify-sweep', '* * * * *', 'select private.request_inquiry_sweep()');
end
$schedule$;
