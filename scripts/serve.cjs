#!/usr/bin/env node
// npm run serve: the production build in public/, served as the hosts we deploy to serve it: the
// build's _headers (its Content-Security-Policy included) applied, gzip, and the host's analytics
// path answered by a local stand-in (on Vercel the platform serves /_vercel/insights/script.js;
// without a stand-in every visit would log a 404). The browser tests and the bench use the same server.
require('../tests/support/backend/register-ts.cjs');
const fs = require('node:fs');
const path = require('node:path');
const { startStaticServer } = require('../tests/e2e/support/static-server.ts');

const root = path.join(__dirname, '..', 'public');
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error('public/index.html does not exist: run `npm run build` first.');
  process.exit(1);
}
const port = Number(process.env.PORT || 9000);
startStaticServer(root, { port }).then(
  (server) => console.log(`Serving public/ at ${server.url} (Ctrl+C to stop)`),
  (error) => {
    console.error(`Could not serve public/: ${error.message}`);
    process.exit(1);
  },
);
