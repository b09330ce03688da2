-- Publishing is watched: an edit that never reaches the live site is seen by the editor and heard by
-- the team.
--
-- Each build carries the content revision it was built from in its page data
-- (/page-data/index/page-data.json, result.data.supabaseContentRevision.revision). This migration
-- keeps when each revision became current (private.content_revision_history), so that the database
-- can say, for the revision a live site shows, when that content was saved, how many edits came
-- after it and since when the site has been behind:
--   private.site_live_state(site_revision): 'live' (nothing is missing), 'pending' (edits are
--     missing, the first less than private.site_rebuild.max_wait ago) or 'stale' (longer);
--   public.preview_live_state(token, live_revision): the same for the editors' preview, behind a
--     valid preview link, since the times of edits are the editors' business;
--   private.watch_live_site(): the pg_cron job `site-watch`, every minute. With the Vault secret
--     `site_url` set, it asks the live site for its page data (pg_net, whose answer arrives after the
--     call, so each run reads the answer to the previous run's request) and, when the site is
--     stale, posts one alert with cause "site behind" to inquiry_alert_webhook_url, at most once
--     per private.inquiry_limits.alert_interval (an hour). Without `site_url` it does nothing.
--
-- Written to run twice without error or change, on PGlite, plain PostgreSQL and Supabase.

set local lock_timeout = '5s';
set local statement_timeout = '60s';

create table if not exists private.content_revision_history (
  revision bigint primary key,
  -- When the content became this revision (the edit's commit, to the trigger's clock).
  changed_at timestamptz not null
);

comment on table private.content_revision_history is
  'When each content revision became current, so that a live site''s revision can be dated '
  '(20261126001100_site_live_watch.sql).';

revoke all on table private.content_revision_history from public, anon, authenticated, service_role;

insert into private.content_revision_history (revision, changed_at)
select r.revision, r.changed_at from private.content_revision as r where r.id
on conflict (revision) do nothing;

-- 20261125001500_content_revision.sql's trigger, now also keeping the history.
create or replace function private.bump_content_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if not exists (select from new_rows) then
      return null;
    end if;
  elsif tg_op = 'DELETE' then
    if not exists (select from old_rows) then
      return null;
    end if;
  elsif tg_op = 'UPDATE' then
    -- Rows as jsonb: every column type an adopted table may hold has jsonb equality, not every one
    -- has its own (json, point). A changed row is one whose new version was not there before.
    if not exists (
      select pg_catalog.to_jsonb(n) from new_rows as n
      except
      select pg_catalog.to_jsonb(o) from old_rows as o
    ) then
      return null;
    end if;
  end if;
  -- Holds the row until the edit commits: concurrent edits take turns here, and each one's bump
  -- becomes visible together with its content.
  with bumped as (
    update private.content_revision
    set revision = revision + 1, changed_at = pg_catalog.clock_timestamp()
    where id
    returning revision, changed_at
  )
  insert into private.content_revision_history (revision, changed_at)
  select b.revision, b.changed_at from bumped as b
  on conflict (revision) do update set changed_at = excluded.changed_at;
  return null;
end;
$$;

-- What a site built from `site_revision` shows, against the database. Revisions count edits (one
-- per statement that changed a row), so the edits it misses are the difference.
create or replace function private.site_live_state(site_revision bigint)
returns table (
  state text,
  revision bigint,
  live_revision bigint,
  edits_since bigint,
  live_saved_at timestamptz,
  behind_since timestamptz,
  max_wait interval
)
language sql
stable
set search_path = ''
as $$
  with present as (
    select r.revision, r.changed_at,
           coalesce((select b.max_wait from private.site_rebuild as b where b.id), interval '10 minutes') as max_wait
    from private.content_revision as r
    where r.id
  ),
  missing as (
    select case when site_live_state.site_revision >= c.revision then null
                else coalesce((select min(h.changed_at) from private.content_revision_history as h
                               where h.revision > site_live_state.site_revision), c.changed_at) end as since
    from present as c
  )
  select case when m.since is null then 'live'
              when m.since <= pg_catalog.now() - c.max_wait then 'stale'
              else 'pending' end,
         c.revision,
         site_live_state.site_revision,
         greatest(c.revision - site_live_state.site_revision, 0),
         (select h.changed_at from private.content_revision_history as h where h.revision = site_live_state.site_revision),
         m.since,
         c.max_wait
  from present as c, missing as m;
$$;

comment on function private.site_live_state(bigint) is
  'Whether a site built from site_revision is live, pending (behind less than site_rebuild.max_wait) or stale.';

-- The preview's question, answered only for a valid preview link (private.preview_link raises
-- PT401/PT403/PT410 otherwise). Security definer: anon holds no right on the tables it reads.
create or replace function private.preview_live_state(token text, live_revision bigint)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform private.preview_link(token);
  select pg_catalog.jsonb_build_object(
    'state', s.state,
    'revision', s.revision,
    'live_revision', s.live_revision,
    'edits_since', s.edits_since,
    'live_saved_at', s.live_saved_at,
    'behind_since', s.behind_since,
    'max_wait_seconds', pg_catalog.date_part('epoch', s.max_wait)::bigint
  ) into answer
  from private.site_live_state(live_revision) as s;
  return answer;
end;
$$;

create or replace function public.preview_live_state(token text, live_revision bigint)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.preview_live_state(token, live_revision);
$$;

comment on function public.preview_live_state(text, bigint) is
  'For a valid preview link: whether the site built from live_revision shows every saved edit '
  '(state live, pending or stale), how many edits it misses and since when.';

-- The watch's state: one row.
create table if not exists private.site_watch (
  id boolean primary key default true constraint site_watch_single_row check (id),
  -- The request for the live page data not answered yet (net._http_response.id), and when it left.
  request_id bigint,
  requested_at timestamptz,
  -- What the last answer said: the live revision, when it was read, or why none could be.
  live_revision bigint,
  checked_at timestamptz,
  check_error text,
  -- The last "site behind" alert: when, what it sent, pg_net's request id or the error.
  alerted_at timestamptz,
  alert_body jsonb,
  alert_request_id bigint,
  alert_error text
);

comment on table private.site_watch is
  'The live site''s revision as the site-watch job last read it, and its last "site behind" alert '
  '(20261126001100_site_live_watch.sql).';

insert into private.site_watch (id) values (true) on conflict (id) do nothing;

revoke all on table private.site_watch from public, anon, authenticated, service_role;

-- Where the watch reads the live site's revision: the English page's data, as each build writes it.
create or replace function private.site_page_data_url(site text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.rtrim(pg_catalog.btrim(site), '/') || '/page-data/index/page-data.json';
$$;

-- The revision in a page-data answer, or raises with what is wrong with it.
create or replace function private.page_data_revision(status_code integer, content text)
returns bigint
language plpgsql
immutable
set search_path = ''
as $$
declare
  found text;
begin
  if status_code is distinct from 200 then
    raise exception 'the live page data answered HTTP %', coalesce(status_code::text, 'nothing');
  end if;
  begin
    found := content::jsonb #>> '{result,data,supabaseContentRevision,revision}';
  exception when others then
    raise exception 'the live page data is not JSON';
  end;
  if found is null or found !~ '^[0-9]{1,18}$' then
    raise exception 'the live page data carries no content revision (a build without backend settings?)';
  end if;
  return found::bigint;
end;
$$;

-- The job. Returns whether it posted an alert.
create or replace function private.watch_live_site()
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  site text := private.vault_secret('site_url');
  webhook text := private.vault_secret('inquiry_alert_webhook_url');
  watch private.site_watch;
  answer record;
  live record;
  payload jsonb;
  request_id bigint;
  failure text;
  posted boolean := false;
begin
  if coalesce(pg_catalog.btrim(site), '') = '' then
    return false;
  end if;
  select * into watch from private.site_watch where id for update;

  -- 1. The answer to the previous run's request, once pg_net has it.
  if watch.request_id is not null then
    select r.status_code, r.content, r.error_msg, r.timed_out into answer
    from net._http_response as r where r.id = watch.request_id;
    if found then
      begin
        watch.live_revision := private.page_data_revision(answer.status_code, answer.content);
        watch.check_error := null;
      exception when others then
        watch.check_error := coalesce(nullif(answer.error_msg, ''), sqlerrm);
      end;
      watch.checked_at := pg_catalog.now();
      watch.request_id := null;
    elsif watch.requested_at < pg_catalog.now() - interval '5 minutes' then
      watch.check_error := 'the live page data did not answer within 5 minutes';
      watch.checked_at := pg_catalog.now();
      watch.request_id := null;
    end if;
  end if;

  -- 2. The next question, answered by the next run. no-cache: a CDN copy would hide a new deploy.
  if watch.request_id is null then
    begin
      watch.request_id := net.http_get(
        url := private.site_page_data_url(site),
        headers := '{"Cache-Control": "no-cache"}'::jsonb,
        timeout_milliseconds := 10000
      );
      watch.requested_at := pg_catalog.now();
    exception when others then
      raise warning 'site watch: the live page data could not be asked for: %', sqlerrm;
      watch.check_error := sqlerrm;
    end;
  end if;

  -- 3. One alert while the site is stale, at most once per alert_interval. Only a fresh answer
  -- counts: an old one may describe a site that has since caught up.
  if watch.live_revision is not null and watch.check_error is null and watch.checked_at > pg_catalog.now() - interval '5 minutes' then
    select * into live from private.site_live_state(watch.live_revision);
    if live.state = 'stale' and coalesce(webhook, '') <> ''
       and (watch.alerted_at is null
            or watch.alerted_at <= pg_catalog.now() - (select l.alert_interval from private.inquiry_limits as l limit 1)) then
      payload := pg_catalog.jsonb_build_object(
        'text', pg_catalog.format(
          'Website: the live site shows the content of %s and has been behind the database since %s (%s %s since): '
          'the last build may have failed, look at the host''s deploys. Run `npm run doctor` for the whole picture.',
          coalesce(private.alert_time(live.live_saved_at), 'revision ' || live.live_revision), private.alert_time(live.behind_since),
          live.edits_since, case when live.edits_since = 1 then 'edit' else 'edits' end),
        'cause', 'site behind',
        'count', live.edits_since,
        'since', live.behind_since,
        'project', private.vault_secret('project_url')
      );
      payload := payload || pg_catalog.jsonb_build_object('content', payload ->> 'text');
      -- Alerts go only to a public https webhook (20261126000200_inquiry_alerts_public_https.sql).
      if not private.is_public_https_url(pg_catalog.btrim(webhook)) then
        raise warning 'site behind alert not sent: inquiry_alert_webhook_url in Vault is not a public https URL';
        request_id := null;
        failure := 'inquiry_alert_webhook_url is not a public https URL';
      else
        begin
          request_id := net.http_post(url := pg_catalog.btrim(webhook), body := payload, headers := '{"Content-Type": "application/json"}'::jsonb);
          failure := null;
        exception when others then
          raise warning 'site behind alert not sent: %', sqlerrm;
          request_id := null;
          failure := sqlerrm;
        end;
      end if;
      watch.alerted_at := pg_catalog.now();
      watch.alert_body := payload;
      watch.alert_request_id := request_id;
      watch.alert_error := failure;
      posted := true;
    end if;
  end if;

  update private.site_watch as w
  set request_id = watch.request_id, requested_at = watch.requested_at, live_revision = watch.live_revision,
      checked_at = watch.checked_at, check_error = watch.check_error, alerted_at = watch.alerted_at,
      alert_body = watch.alert_body, alert_request_id = watch.alert_request_id, alert_error = watch.alert_error
  where w.id;
  return posted;
end;
$$;

comment on function private.watch_live_site() is
  'Reads the live site''s revision (Vault secret site_url, pg_net) and posts one "site behind" alert '
  'when it has been stale, at most once per alert_interval. Run every minute by the pg_cron job site-watch.';

-- Functions are executable by PUBLIC unless revoked, and Supabase grants the API roles every new
-- function in `public`: only anon, the preview's role, gets the preview's question.
revoke all on function
  private.bump_content_revision(),
  private.site_live_state(bigint),
  private.preview_live_state(text, bigint),
  public.preview_live_state(text, bigint),
  private.site_page_data_url(text),
  private.page_data_revision(integer, text),
  private.watch_live_site()
  from public, anon, authenticated, service_role;
grant execute on function private.preview_live_state(text, bigint), public.preview_live_state(text, bigint) to anon;

do $schedule$
begin
  if not exists (select from pg_catalog.pg_extension where extname = 'pg_cron') then
    raise notice 'pg_cron is not enabled: the site watch is not scheduled';
    return;
  end if;
  perform cron.schedule('site-watch', '* * * * *', 'select private.watch_live_site()');
end
$schedule$;
