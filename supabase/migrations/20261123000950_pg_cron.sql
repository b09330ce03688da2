-- pg_cron, the database's own scheduler (Supabase Cron). The scheduled jobs of later migrations
-- (the inquiry sweep, the debounced rebuild hook) are created only where it is enabled.
--
-- Supabase offers it on every project; this enables it as the dashboard does. Elsewhere it may be
-- missing (PGlite, a plain PostgreSQL) or present but not loadable (its library must be in
-- shared_preload_libraries, and it lives in one database only, cron.database_name): the migrations
-- then apply without it and later migrations skip their schedules, as they do without pg_net.
do $enable_pg_cron$
begin
  if exists (select from pg_catalog.pg_extension where extname = 'pg_cron') then
    return;
  end if;
  if not exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available here: scheduled jobs are skipped';
    return;
  end if;
  begin
    create extension pg_cron with schema pg_catalog;
  exception when others then
    raise notice 'pg_cron cannot be loaded here (%): scheduled jobs are skipped', sqlerrm;
  end;
end
$enable_pg_cron$;
