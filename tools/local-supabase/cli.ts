// npm run backend [-- --port 54321 --build-hook <url> --build-hook-authorization <value> --site <url>]
// The project's Supabase on this machine, for trying the site's refresh, the contact modal and the
// rebuild trigger by hand: see --help below.
import { parseArgs } from 'node:util';
import { INQUIRY_FUNCTION } from '../../supabase/paths';

const HELP = `npm run backend [-- options]

Serves the project's Supabase on 127.0.0.1 without Docker or an account: the Data API the site and
its edge function use (PostgREST's request shapes, run on PGlite holding supabase/local/bootstrap.sql,
the migrations and supabase/seed.sql, each request as the role its key gives it), the function
${INQUIRY_FUNCTION} under Deno with a Resend stand-in that keeps the emails, and the inquiry sweep,
the alert job, the promises job (reminders, "reply overdue") and the site watch every minute, and
the retention job at start and daily (alerts are printed, never posted). Every email is printed (to, subject, every link) and listed as
JSON at <url>/local/emails; the private bucket investor-deck holds a sample deck.pdf. Every request is printed with its status, method, path and role; the database starts
afresh each time. Browsers reach it from pages on this machine only (localhost, 127.0.0.0/8, [::1]):
a page of any other site is refused, so it cannot read the inbox's codes and links.

Editors sign in on the site's /edit/ as on Supabase: npm run editors -- add <email> (with the
settings printed at start), then the one-time code the Auth stand-in emails, printed below.
An operator's change goes through the Data API as on Supabase, with the service-role key:
  curl -X PATCH '<url>/rest/v1/timeline?id=eq.<id>' -H 'apikey: <service key>' \\
       -H 'Authorization: Bearer <service key>' -H 'Content-Type: application/json' -d '{"title":"New"}'
The same request with the anon key is refused by the migrations' grants, as on Supabase.

Options:
  --port <n>                        the port to listen on (default 54321; 0 picks a free one)
  --db-port <n>                     the database's PostgreSQL port, printed as SUPABASE_DB_URL for
                                    npm run preview-link and npm run doctor (default: the port
                                    after --port's, 54322; with --port 0 a free one)
  --build-hook <url>                send the rebuild trigger's calls there after each edit, e.g.
                                    gatsby develop's http://localhost:8000/__refresh (without it
                                    they are only recorded)
  --build-hook-authorization <v>    the Authorization header for the hook (GATSBY_REFRESH_TOKEN)
  --site <url>                      the site built against this backend, as served (npm run serve:
                                    http://localhost:9000): the site watch reads its page data every
                                    minute and alerts ("site behind") when it stays behind the
                                    database longer than the rebuild's maximum wait and the
                                    build's allowance (15 minutes)
  --help                            this text
`;

function options() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '54321' },
      'db-port': { type: 'string' },
      'build-hook': { type: 'string' },
      'build-hook-authorization': { type: 'string' },
      site: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const portOf = (flag: string, value: string) => {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--${flag} ${value}: expected a port number`);
    return port;
  };
  const port = portOf('port', values.port);
  const dbPort = values['db-port'] === undefined ? (port === 0 ? 0 : port + 1) : portOf('db-port', values['db-port']);
  if (values['build-hook-authorization'] && !values['build-hook']) throw new Error('--build-hook-authorization needs --build-hook');
  const url = values['build-hook'];
  if (values.site !== undefined && !/^https?:\/\/[^/]/.test(values.site)) throw new Error(`--site ${values.site}: expected an http(s) URL`);
  return {
    site: values.site,
    help: values.help,
    port,
    dbPort,
    buildHook: url ? { url, authorization: values['build-hook-authorization'] } : undefined,
  };
}

async function main(): Promise<void> {
  let chosen: ReturnType<typeof options>;
  try {
    chosen = options();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    process.exit(2);
  }
  if (chosen.help) {
    console.log(HELP);
    return;
  }
  // Loading the database engine, then PGlite replaying the bootstrap, every migration and the seed
  // (or loading their snapshot, under the test runner): 14-23 s on a quiet 2-core machine, over 90 s
  // on a busy one. Said first, so that nobody takes the wait for a hang.
  console.log('starting local Supabase: PGlite loads the bootstrap, migrations and seed…');
  // Loaded only now: the engine takes most of a start, and --help or a wrong option needs none of it.
  const { describeEmail, describeRequest, inboxEmail, signInCodeOf, startLocalBackend } = await import('./src/index');
  const backend = await startLocalBackend({
    port: chosen.port,
    dbPort: chosen.dbPort,
    buildHook: chosen.buildHook,
    siteUrl: chosen.site,
    sweepIntervalMs: 60_000,
    onRequest: (request) => console.log(describeRequest(request)),
    onEmail: (email) => {
      console.log(describeEmail(inboxEmail(email)));
      // An editor's one-time code (the Auth stand-in sends it through the same Resend stand-in).
      const code = signInCodeOf(email.body);
      if (code) console.log(`  sign-in code: ${code}`);
    },
    onAlert: (alert) => console.log(`alert (${alert.cause}): ${alert.text}`),
    onBuildHookCall: (status) => console.log(`build hook: ${status || 'unreachable'} POST ${chosen.buildHook?.url}`),
  });
  // Listening for the signals before printing the settings: whoever reads them may stop the backend
  // at once, and a signal with no listener yet would kill Node without stopping anything.
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: stopping`);
    backend.stop().then(
      () => {
        console.log('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  console.log(`local Supabase on ${backend.url}`);
  console.log(`  GATSBY_SUPABASE_URL=${backend.url}`);
  console.log(`  GATSBY_SUPABASE_ANON_KEY=${backend.anonKey}`);
  console.log(`  service role key: ${backend.serviceKey}`);
  console.log(`  SUPABASE_DB_URL=${backend.dbUrl} (npm run preview-link, npm run doctor)`);
  console.log(
    `  editors: SUPABASE_DB_URL=${backend.dbUrl} SUPABASE_URL=${backend.url} SUPABASE_SERVICE_ROLE_KEY=${backend.serviceKey} ` +
      "npm run editors -- add you@example.test, then sign in on the site's /edit/ with the code printed below",
  );
  if (chosen.buildHook) console.log(`  the rebuild trigger calls ${chosen.buildHook.url}`);
  console.log(
    chosen.site
      ? `  the site watch reads ${chosen.site} (Vault site_url)`
      : '  the site watch is off: site_url is unset (--site <url> sets it)',
  );
  console.log(
    `  the inquiry sweep, alerts, promises job and site watch run every minute, the retention job at start and daily; every request, email (also at ${backend.url}/local/emails) and alert is logged below; Ctrl+C stops it`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
