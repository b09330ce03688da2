#!/usr/bin/env node
// `npm run doctor`: an operator's check of a deployment, as one table of checks with a fix for each
// one that is not right. Reads the database at SUPABASE_DB_URL (the project's direct connection
// string, from the dashboard's Connect dialog) and, when GATSBY_SUPABASE_URL and
// GATSBY_SUPABASE_ANON_KEY are set, asks the Data API and the edge function questions that change
// nothing. Exit status 1 when anything is wrong.
//
// It never writes: everything runs in one read-only transaction that is rolled back, the checks as
// `anon` included. It never prints a secret: Vault secrets are named, never read out (SQL compares
// them where it must), and any text from the database that contains a Vault secret is withheld.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'supabase', 'migrations');
const FUNCTION_NAME = 'inquiry-notif-resend';
const JOBS = ['inquiry-notify-sweep', 'inquiry-alerts', 'site-rebuild'];
// Each secret the deployment needs, with what to store (docs/backend.md explains each).
const SECRETS = {
  project_url: 'https://<ref>.supabase.co',
  service_role_key: '<service role key>',
  inquiry_alert_webhook_url: '<incoming webhook URL>',
  site_build_hook_url: '<build hook URL>',
};

/** SQL text of `expression`, or a note instead where it contains a Vault secret. */
const withheld = (expression) => `case when exists (
    select from vault.decrypted_secrets as v
    where pg_catalog.length(pg_catalog.btrim(v.decrypted_secret)) >= 8 and pg_catalog.strpos(${expression}, pg_catalog.btrim(v.decrypted_secret)) > 0
  ) then '[withheld: contains a Vault secret]' else ${expression} end`;

const ok = (name, detail) => ({ name, status: 'ok', detail });
const warn = (name, detail, fix) => ({ name, status: 'warn', detail, fix });
const fail = (name, detail, fix) => ({ name, status: 'FAIL', detail, fix });
const skip = (name, detail, fix) => ({ name, status: 'skip', detail, fix });

const minutesSince = (time) => Math.round((Date.now() - new Date(time).getTime()) / 60_000);
const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

// Migrations -----------------------------------------------------------------------------------------

const CREATES = [
  [/create\s+(?:or\s+replace\s+)?function\s+([\w.]+)\s*\(/gi, 'function'],
  [/create\s+table\s+(?:if\s+not\s+exists\s+)?([\w.]+)/gi, 'relation'],
  [/create\s+(?:or\s+replace\s+)?view\s+([\w.]+)/gi, 'relation'],
  [/create\s+sequence\s+(?:if\s+not\s+exists\s+)?([\w.]+)/gi, 'relation'],
  [/create\s+(?:or\s+replace\s+)?trigger\s+(\w+)\s[\s\S]*?\son\s+([\w.]+)/gi, 'trigger'],
  [/create\s+policy\s+"([^"]+)"\s+on\s+([\w.]+)/gi, 'policy'],
];
const DROPS = /drop\s+(?:function|view|table|sequence)\s+(?:if\s+exists\s+)?([\w.]+)/gi;

/** What each file creates (functions, tables, views, sequences, triggers, policies), less what a later file drops. */
async function migrationObjects() {
  const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql')).sort();
  const parsed = await Promise.all(
    files.map(async (file) => {
      const sql = (await readFile(path.join(MIGRATIONS, file), 'utf8')).replace(/--[^\n]*/g, '');
      const objects = CREATES.flatMap(([pattern, kind]) =>
        [...sql.matchAll(pattern)].map(([, name, table]) => ({
          kind,
          name: (table ?? name.includes('.')) ? name : `public.${name}`,
          table,
        })),
      );
      const drops = new Set([...sql.matchAll(DROPS)].map(([, name]) => name));
      return { file, version: file.split('_')[0], objects, drops };
    }),
  );
  return parsed.map(({ file, version, objects }, index) => {
    const droppedLater = new Set(parsed.slice(index + 1).flatMap((later) => [...later.drops]));
    return { file, version, objects: objects.filter((object) => !droppedLater.has(object.name)) };
  });
}

async function checkMigrations(db) {
  const name = 'migrations applied';
  const files = await migrationObjects();
  const fix = 'supabase db push (from the repository, linked to this project)';
  const { rows: history } = await db.query(`select pg_catalog.to_regclass('supabase_migrations.schema_migrations') is not null as present`);
  if (history[0].present) {
    const { rows } = await db.query('select version from supabase_migrations.schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const missing = files.filter((file) => !applied.has(file.version)).map((file) => file.file);
    if (missing.length) return fail(name, `${missing.length} of ${files.length} not applied: ${missing.join(', ')}`, fix);
    return ok(name, `all ${files.length} (supabase_migrations.schema_migrations)`);
  }
  const missing = [];
  let checkable = 0;
  for (const { file, objects } of files) {
    if (objects.length === 0) continue;
    checkable += 1;
    const absent = [];
    for (const object of objects) {
      const { rows } = await db.query(
        {
          function: `select exists (select from pg_catalog.pg_proc where oid::regprocedure::text like $1 || '(%') as present`,
          relation: 'select pg_catalog.to_regclass($1) is not null as present',
          trigger: `select exists (select from pg_catalog.pg_trigger where tgname = $1 and tgrelid = pg_catalog.to_regclass($2)) as present`,
          policy: `select exists (select from pg_catalog.pg_policy where polname = $1 and polrelid = pg_catalog.to_regclass($2)) as present`,
        }[object.kind],
        object.kind === 'function' || object.kind === 'relation' ? [object.name.replace(/^public\./, '')] : [object.name, object.table],
      );
      if (!rows[0].present) absent.push(object.name);
    }
    if (absent.length) missing.push(`${file} (${absent.join(', ')} missing)`);
  }
  if (missing.length) return fail(name, `not applied: ${missing.join('; ')}`, fix);
  return ok(name, `the objects of all ${checkable} files that create any are present (no migration history table here)`);
}

// Permissions as anon ---------------------------------------------------------------------------------

const CONTENT_TABLES = ['material_coverage', 'timeline', 'feature_cards'];
const FORM_COLUMNS = ['company', 'email', 'id', 'message', 'name', 'type'];

/** Runs `sql` as anon inside a savepoint: null when it ran, else the SQLSTATE. */
async function asAnon(db, sql) {
  await db.query('savepoint anon');
  try {
    await db.query('set local role anon');
    const { rows } = await db.query(sql);
    return { rows };
  } catch (error) {
    return { refused: error.code };
  } finally {
    await db.query('rollback to savepoint anon');
  }
}

async function checkPermissions(db) {
  const name = 'permissions as anon';
  const wrong = [];
  for (const table of CONTENT_TABLES) {
    const read = await asAnon(db, `select count(*)::int as n, count(*) filter (where not is_active)::int as drafts from public.${table}`);
    if (read.refused) wrong.push(`cannot read ${table} (${read.refused})`);
    else if (read.rows[0].drafts > 0) wrong.push(`sees ${read.rows[0].drafts} inactive rows of ${table}`);
  }
  const count = await asAnon(db, 'select count(*)::int as n from public.contact_submissions');
  if (count.refused) wrong.push(`cannot count contact_submissions, the modal's connection test (${count.refused})`);
  else if (count.rows[0].n > 0) wrong.push(`sees ${count.rows[0].n} inquiries`);
  const limits = await asAnon(db, 'select from private.inquiry_limits');
  if (!limits.refused) wrong.push('may read the private schema');

  const { rows } = await db.query(
    `select 'may ' || lower(p.privilege) || ' ' || c.relname as problem
       from pg_catalog.pg_class as c cross join pg_catalog.unnest(array['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) as p(privilege)
      where c.oid = any (array['public.material_coverage', 'public.timeline', 'public.feature_cards', 'public.contact_submissions']::regclass[])
        and pg_catalog.has_table_privilege('anon', c.oid, p.privilege)
     union all
     select 'may insert contact_submissions.' || a.attname
       from pg_catalog.pg_attribute as a
      where a.attrelid = 'public.contact_submissions'::regclass and a.attnum > 0 and not a.attisdropped
        and a.attname <> all ($1::text[]) and pg_catalog.has_column_privilege('anon', a.attrelid, a.attnum, 'INSERT')
     union all
     select 'may read contact_submissions.' || a.attname
       from pg_catalog.pg_attribute as a
      where a.attrelid = 'public.contact_submissions'::regclass and a.attnum > 0 and not a.attisdropped
        and a.attname <> 'id' and pg_catalog.has_column_privilege('anon', a.attrelid, a.attnum, 'SELECT')
     union all
     select 'may update contact_submissions.' || a.attname
       from pg_catalog.pg_attribute as a
      where a.attrelid = 'public.contact_submissions'::regclass and a.attnum > 0 and not a.attisdropped
        and pg_catalog.has_column_privilege('anon', a.attrelid, a.attnum, 'UPDATE')
     union all
     select 'cannot insert contact_submissions.' || c.name
       from pg_catalog.unnest(array['name', 'email', 'company', 'message', 'type']) as c(name)
      where not pg_catalog.has_column_privilege('anon', 'public.contact_submissions', c.name, 'INSERT')
     union all
     select 'row-level security is off on ' || c.relname
       from pg_catalog.pg_class as c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
     union all
     select 'may execute ' || p.oid::regprocedure::text
       from pg_catalog.pg_proc as p
      where p.pronamespace = 'public'::regnamespace and (p.prosecdef or p.proname like 'inquiry%')
        and pg_catalog.has_function_privilege('anon', p.oid, 'EXECUTE')
     order by 1`,
    [FORM_COLUMNS],
  );
  wrong.push(...rows.map((row) => row.problem));
  if (wrong.length) {
    return fail(
      name,
      wrong.join('; '),
      'supabase db push applies the grants and policies again (supabase/verify-adoption.sql shows the matrix)',
    );
  }
  return ok(name, 'reads active content, counts no inquiry, files inquiries with the form columns only, nothing else');
}

// Vault ------------------------------------------------------------------------------------------------

async function checkSecrets(db, siteUrl) {
  const name = 'Vault secrets';
  const { rows } = await db.query(
    `select w.name, exists (
              select from vault.decrypted_secrets as s where s.name = w.name and pg_catalog.btrim(s.decrypted_secret) <> ''
            ) as present,
            case when w.name = 'project_url' and $2::text is not null then exists (
              select from vault.decrypted_secrets as s
              where s.name = 'project_url' and pg_catalog.rtrim(pg_catalog.btrim(s.decrypted_secret), '/') = pg_catalog.rtrim($2, '/')
            ) end as matches_site
       from pg_catalog.unnest($1::text[]) as w(name)`,
    [Object.keys(SECRETS), siteUrl ?? null],
  );
  const missing = rows.filter((row) => !row.present).map((row) => row.name);
  const mismatch = rows.some((row) => row.matches_site === false && row.present);
  const present = rows.filter((row) => row.present).map((row) => row.name);
  if (missing.length) {
    return fail(
      name,
      `missing: ${missing.join(', ')}${present.length ? `; present: ${present.join(', ')}` : ''}`,
      missing.map((secret) => `select vault.create_secret('${SECRETS[secret]}', '${secret}');`),
    );
  }
  if (mismatch) {
    return fail(
      name,
      'project_url is not the GATSBY_SUPABASE_URL the site is built with',
      "select vault.update_secret((select id from vault.secrets where name = 'project_url'), '<project URL>');",
    );
  }
  return ok(name, `present: ${present.join(', ')}`);
}

// Scheduled jobs ------------------------------------------------------------------------------------------

async function checkJobs(db) {
  const name = 'scheduled jobs';
  const { rows: cron } = await db.query(`select pg_catalog.to_regclass('cron.job') is not null as present`);
  if (!cron[0].present) {
    return fail(
      name,
      'pg_cron is not enabled: no sweep, no alerts, one build per edit',
      'enable pg_cron (Database → Extensions), then supabase db push',
    );
  }
  const { rows } = await db.query(
    `select w.name, j.active, j.schedule, r.status, r.start_time, ${withheld('r.return_message')} as message
       from pg_catalog.unnest($1::text[]) as w(name)
       left join cron.job as j on j.jobname = w.name
       left join lateral (
         select d.status, d.start_time, d.return_message from cron.job_run_details as d
         where d.jobid = j.jobid order by d.start_time desc limit 1
       ) as r on true`,
    [JOBS],
  );
  const absent = rows.filter((row) => row.active === null).map((row) => row.name);
  const paused = rows.filter((row) => row.active === false).map((row) => row.name);
  const failing = rows.filter((row) => row.status === 'failed').map((row) => `${row.name}: ${row.message}`);
  const runs = rows
    .filter((row) => row.active)
    .map(
      (row) => `${row.name} ${row.start_time ? `last ran ${minutesSince(row.start_time)} min ago (${row.status})` : 'no run recorded yet'}`,
    );
  if (absent.length)
    return fail(name, `not scheduled: ${absent.join(', ')}`, 'supabase db push (the migrations schedule them where pg_cron is enabled)');
  if (failing.length)
    return fail(name, `last run failed: ${failing.join('; ')}`, 'select * from cron.job_run_details order by start_time desc limit 20;');
  if (paused.length)
    return fail(
      name,
      `paused: ${paused.join(', ')}`,
      `select cron.alter_job(jobid, active := true) from cron.job where jobname in (${paused.map((job) => `'${job}'`).join(', ')});`,
    );
  return ok(name, runs.join('; '));
}

// Inquiries ------------------------------------------------------------------------------------------------

async function lastResponse(db, requestId) {
  const { rows: present } = await db.query(`select pg_catalog.to_regclass('net._http_response') is not null as present`);
  if (!present[0].present || requestId === null) return null;
  const { rows } = await db.query(
    `select status_code, timed_out, ${withheld("coalesce(error_msg, '')")} as error, ${withheld("left(coalesce(content, ''), 300)")} as content
       from net._http_response where id = $1`,
    [requestId],
  );
  return rows[0] ?? null;
}

async function checkSweep(db) {
  const name = 'the sweep';
  const { rows } = await db.query(
    `select w.last_run_at, w.last_call_at, w.last_call_request_id, l.sweep_silence,
            w.last_run_at is not null and w.last_run_at >= now() - l.sweep_silence as recent,
            array(select n from pg_catalog.unnest(array['project_url', 'service_role_key']) as n
                  where not exists (select from vault.decrypted_secrets as s where s.name = n and pg_catalog.btrim(s.decrypted_secret) <> '')) as missing
       from private.inquiry_sweep as w, private.inquiry_limits as l`,
  );
  const sweep = rows[0];
  const ran = sweep.last_run_at ? `last reached the database ${minutesSince(sweep.last_run_at)} min ago` : 'never reached the database';
  if (sweep.recent) return ok(name, ran);
  if (sweep.missing.length) {
    return fail(name, `${ran}: Vault lacks ${sweep.missing.join(' and ')}`, 'store them (see the Vault secrets row)');
  }
  const answer = await lastResponse(db, sweep.last_call_request_id);
  const fixes = {
    401: "service_role_key in Vault is not the function's SUPABASE_SERVICE_ROLE_KEY: update the secret",
    404: `the function is not deployed: supabase functions deploy ${FUNCTION_NAME}`,
    500: 'the function lacks its own secrets (named in its answer): supabase secrets set …',
  };
  if (answer) {
    const said = answer.timed_out
      ? 'timed out'
      : answer.status_code
        ? `answered ${answer.status_code} ${answer.content}`
        : `failed: ${answer.error}`;
    return fail(name, `${ran}; the job's last call ${said}`, fixes[answer.status_code] ?? 'see net._http_response and the function logs');
  }
  const called = sweep.last_call_at
    ? `the job last called ${minutesSince(sweep.last_call_at)} min ago`
    : 'the job has not called the function';
  return fail(name, `${ran}; ${called}`, 'check the scheduled jobs row, then the function logs');
}

async function checkInquiries(db) {
  const results = [];
  const { rows: overdue } = await db.query('select id, created_at, attempts, last_error from private.overdue_inquiries()');
  const { rows: counts } = await db.query(
    `select count(*) filter (where status <> 'sent' and status <> 'failed')::int as unsent,
            count(*) filter (where status = 'failed')::int as failed
       from private.inquiry_notifications`,
  );
  if (overdue.length) {
    const oldest = overdue[0];
    results.push(
      fail(
        'inquiries waiting too long',
        `${plural(overdue.length, 'inquiry', 'inquiries')} overdue; the oldest, ${oldest.id}, has waited ${minutesSince(oldest.created_at)} min` +
          (oldest.attempts > 0 ? ` (${plural(oldest.attempts, 'failed send')}, last: ${oldest.last_error})` : ''),
        "see the sweep row; select * from private.inquiry_notifications where status <> 'sent' order by created_at;",
      ),
    );
  } else {
    results.push(ok('inquiries waiting too long', `none (${counts[0].unsent} not yet sent, all within their time)`));
  }
  if (counts[0].failed) {
    const { rows } = await db.query('select id from private.failed_inquiries order by created_at limit 5');
    results.push(
      fail(
        'failed inquiries',
        `${plural(counts[0].failed, 'inquiry', 'inquiries')} never reached the team: ${rows.map((row) => row.id).join(', ')}`,
        'answer them by hand (select * from private.failed_inquiries), then see docs/backend.md to send them again',
      ),
    );
  } else {
    results.push(ok('failed inquiries', 'none'));
  }
  return results;
}

async function checkEmails(db) {
  const name = 'emails sent';
  const { rows } = await db.query(
    `select count(*) filter (where s.notify_channel = 'email' and s.notified_at > now() - interval '1 hour')::int as hour,
            count(*) filter (where s.notify_channel = 'email')::int as day,
            count(*) filter (where s.notify_channel = 'digest')::int as digests,
            l.emails_per_hour, l.emails_per_day
       from private.inquiry_limits as l
       left join public.contact_submissions as s on s.notified_at > now() - interval '1 day'
      group by l.emails_per_hour, l.emails_per_day`,
  );
  const e = rows[0];
  const detail = `last 24 hours: ${e.day} of ${e.emails_per_day} individual emails, ${plural(e.digests, 'inquiry', 'inquiries')} in digests; last hour: ${e.hour} of ${e.emails_per_hour}`;
  if (e.day >= e.emails_per_day || e.hour >= e.emails_per_hour) {
    return warn(
      name,
      `${detail}: a cap is reached, new inquiries go to the hourly digest`,
      'nothing is lost; raise emails_per_day in private.inquiry_limits only if your Resend plan allows',
    );
  }
  return ok(name, detail);
}

async function checkAlerts(db) {
  const name = 'alerts';
  const { rows: conditions } = await db.query('select cause, message from private.inquiry_alert_conditions()');
  const { rows: calls } = await db.query(
    `select cause, called_at, call_request_id, ${withheld("coalesce(call_error, '')")} as error from private.inquiry_alerts
      where called_at > '-infinity' order by called_at desc`,
  );
  const refused = conditions.filter((condition) => condition.cause === 'flood' || condition.cause === 'backlog');
  const last = calls[0];
  let answered = '';
  if (last) {
    const answer = await lastResponse(db, last.call_request_id);
    if (last.error)
      return fail(name, `the last alert (${last.cause}) could not be queued: ${last.error}`, 'check inquiry_alert_webhook_url in Vault');
    if (answer && !(answer.status_code >= 200 && answer.status_code < 300)) {
      return fail(
        name,
        `the webhook answered the last alert (${last.cause}) with ${answer.status_code ?? answer.error}`,
        'check inquiry_alert_webhook_url in Vault',
      );
    }
    answered = `; last alert: ${last.cause}, ${minutesSince(last.called_at)} min ago`;
  }
  if (refused.length) {
    return warn(
      name,
      refused.map((condition) => condition.message).join(' ') + answered,
      'a flood is refused by the ceiling; raise inserts_overall or pending_max only if real visitors are among the refused',
    );
  }
  const now = conditions.length ? `to report: ${conditions.map((condition) => condition.cause).join(', ')}` : 'nothing to report';
  return ok(name, `${now}${answered}`);
}

// The build hook ---------------------------------------------------------------------------------------------

async function checkBuildHook(db) {
  const name = 'build hook';
  const { rows } = await db.query(
    `select exists (select from vault.decrypted_secrets where name = 'site_build_hook_url' and pg_catalog.btrim(decrypted_secret) <> '') as hook,
            exists (select from vault.decrypted_secrets where name = 'site_build_hook_authorization') as authorization,
            r.pending_statements, r.changed_at, r.called_at, r.call_request_id, ${withheld("coalesce(r.call_error, '')")} as error
       from private.site_rebuild as r`,
  );
  const state = rows[0];
  if (!state.hook) {
    return fail(
      name,
      'no site_build_hook_url in Vault: content edits never rebuild the site',
      "select vault.create_secret('<build hook URL>', 'site_build_hook_url');",
    );
  }
  if (state.error) return fail(name, `the last call could not be queued: ${state.error}`, 'check site_build_hook_url in Vault');
  const answer = await lastResponse(db, state.call_request_id);
  if (answer && !(answer.status_code >= 200 && answer.status_code < 300)) {
    return fail(
      name,
      `the host answered the last call with ${answer.status_code ?? answer.error}`,
      "check site_build_hook_url in Vault against the host's build hook",
    );
  }
  const called = state.called_at ? `last called ${minutesSince(state.called_at)} min ago` : 'not called yet';
  if (state.authorization) {
    return warn(
      name,
      `set; ${called}; site_build_hook_authorization is set too`,
      "hosts need no Authorization: delete from vault.secrets where name = 'site_build_hook_authorization';",
    );
  }
  return ok(
    name,
    `set; ${called}${state.pending_statements > 0 ? `; ${plural(Number(state.pending_statements), 'change')} waiting for a quiet minute` : ''}`,
  );
}

// Over HTTP (changes nothing) -----------------------------------------------------------------------------------

async function checkHttp(siteUrl, anonKey) {
  const needs = 'set GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY (the site build settings) to check';
  if (!siteUrl || !anonKey) return [skip('Data API', 'not checked', needs), skip('edge function', 'not checked', needs)];
  const base = siteUrl.replace(/\/+$/, '');
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  const attempt = async (url, init) => {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: 0, body: error.cause?.code ?? error.message };
    }
  };
  const results = [];
  // The site's own refresh read of the timeline, a few rows.
  const read = await attempt(`${base}/rest/v1/timeline?select=id&is_active=eq.true&order=order_index.asc`, { headers });
  results.push(
    read.status === 200
      ? ok('Data API', 'answers a visitor read as anon')
      : fail(
          'Data API',
          `a visitor read got ${read.status || read.body}`,
          'check GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY (Project Settings → API)',
        ),
  );
  // A sweep call with the public key: a configured function refuses it (401) before touching anything.
  const probe = await attempt(`${base}/functions/v1/${FUNCTION_NAME}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: '{"sweep":true}',
  });
  if (probe.status === 401) results.push(ok('edge function', `${FUNCTION_NAME} is deployed and configured`));
  else if (probe.status === 500)
    results.push(
      fail('edge function', `${FUNCTION_NAME}: ${probe.body.slice(0, 200)}`, 'supabase secrets set … (docs/backend.md, "Deploy it")'),
    );
  else if (probe.status === 404)
    results.push(fail('edge function', `${FUNCTION_NAME} is not deployed`, `supabase functions deploy ${FUNCTION_NAME}`));
  else
    results.push(
      fail('edge function', `${FUNCTION_NAME} answered ${probe.status || probe.body}`, 'see the function logs in the dashboard'),
    );
  return results;
}

// The table ----------------------------------------------------------------------------------------------------

function print(results, target) {
  const nameWidth = Math.max(...results.map((result) => result.name.length));
  console.log(`Doctor: ${target} (read-only)\n`);
  console.log(`${'status'.padEnd(6)}  ${'check'.padEnd(nameWidth)}  detail`);
  for (const result of results) {
    console.log(`${result.status.padEnd(6)}  ${result.name.padEnd(nameWidth)}  ${result.detail}`);
    if (result.status === 'ok' || !result.fix) continue;
    for (const [index, fix] of [result.fix].flat().entries()) {
      console.log(`${''.padEnd(6)}  ${''.padEnd(nameWidth)}  ${index === 0 ? 'fix: ' : '     '}${fix}`);
    }
  }
  const failed = results.filter((result) => result.status === 'FAIL').length;
  console.log(`\n${failed ? `${plural(failed, 'problem')} found.` : 'Nothing wrong found.'}`);
}

async function main() {
  const { SUPABASE_DB_URL: dbUrl, GATSBY_SUPABASE_URL: siteUrl, GATSBY_SUPABASE_ANON_KEY: anonKey } = process.env;
  if (!dbUrl) {
    console.error("Set SUPABASE_DB_URL to the project's direct connection string (dashboard: Connect → Direct connection).");
    return 1;
  }
  let target;
  try {
    const url = new URL(dbUrl);
    target = `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    console.error('SUPABASE_DB_URL is not a postgresql:// URL.');
    return 1;
  }
  const db = new pg.Client({ connectionString: dbUrl, application_name: 'doctor' });
  try {
    await db.connect();
  } catch (error) {
    console.error(`Could not connect to ${target}: ${error.code ?? ''} ${error.message}`);
    return 1;
  }
  const results = [];
  try {
    await db.query('begin transaction read only');
    await db.query(`set local statement_timeout = '15s'`);
    results.push(await checkMigrations(db));
    results.push(await checkPermissions(db));
    results.push(await checkSecrets(db, siteUrl));
    results.push(await checkJobs(db));
    results.push(await checkSweep(db));
    results.push(...(await checkInquiries(db)));
    results.push(await checkEmails(db));
    results.push(await checkAlerts(db));
    results.push(await checkBuildHook(db));
  } catch (error) {
    results.push(fail('database', `a check could not run: ${error.message}`, 'supabase db push, then run the doctor again'));
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  }
  results.push(...(await checkHttp(siteUrl, anonKey)));
  print(results, target);
  return results.some((result) => result.status === 'FAIL') ? 1 : 0;
}

process.exitCode = await main();
