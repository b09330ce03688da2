#!/usr/bin/env node
// Runs the local backend by hand, e.g. to build or develop the site against it:
//   node tests/support/backend/cli.cjs [--port 54321]
// then, in another shell, the two GATSBY_SUPABASE_* variables it prints before `gatsby develop`.
require('./register-ts.cjs');
const { startLocalBackend } = require('./index.ts');

const portFlag = process.argv.indexOf('--port');
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 54321;

// The inquiry sweep every minute, as pg_cron runs it on Supabase.
startLocalBackend({ port, sweepIntervalMs: 60_000 })
  .then((backend) => {
    console.log(`local backend on ${backend.url} (PGlite: bootstrap, migrations, seed)`);
    console.log(`  GATSBY_SUPABASE_URL=${backend.url} GATSBY_SUPABASE_ANON_KEY=${backend.anonKey}`);
    console.log(`  service role key: ${backend.serviceKey}`);
    console.log('  the inquiry sweep runs every minute; every request is logged below; Ctrl+C stops it');
    let shown = 0;
    let mailed = 0;
    const timer = setInterval(() => {
      for (; shown < backend.requests.length; shown += 1) {
        const r = backend.requests[shown];
        const query = new URLSearchParams(r.query).toString();
        console.log(`${r.status} ${r.method} ${r.path}${query ? `?${query}` : ''} (${r.role ?? 'no role'})`);
      }
      for (; mailed < backend.emails.length; mailed += 1) {
        const { body } = backend.emails[mailed];
        console.log(`email: ${body.subject} → ${body.to}`);
      }
    }, 250);
    const stop = () => {
      clearInterval(timer);
      backend.stop().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
