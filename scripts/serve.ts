// npm run serve [-- --as=netlify|vercel|plain]: the production build in public/, served as a host
// serves it, gzip included (docs/hosting.md):
//   netlify (the default; Cloudflare Pages alike) — with the build's public/_headers;
//   vercel — with vercel.json's headers, and a local stand-in for Vercel's analytics script path;
//   plain — with no headers of the site at all: the policy in each page must hold on its own.
// The browser tests and the bench use the same server.
import fs from 'node:fs';
import path from 'node:path';
import { startStaticServer, type HeaderMode } from 'static-host';

const MODES: Record<string, { headers: HeaderMode; host: string }> = {
  netlify: { headers: '_headers', host: 'Netlify and Cloudflare Pages' },
  vercel: { headers: 'vercel', host: 'Vercel' },
  plain: { headers: 'none', host: 'a host that sends no headers' },
};
const as = (process.argv.find((arg) => arg.startsWith('--as=')) ?? '--as=netlify').slice('--as='.length);
const mode = MODES[as];
if (!mode) {
  console.error(`--as=${as}: expected one of ${Object.keys(MODES).join(', ')}`);
  process.exit(2);
}
const root = path.join(__dirname, '..', 'public');
if (!fs.existsSync(path.join(root, 'index.html'))) {
  console.error('public/index.html does not exist: run `npm run build` first.');
  process.exit(1);
}
const port = Number(process.env.PORT || 9000);
startStaticServer(root, { port, headers: mode.headers }).then(
  (server) => console.log(`Serving public/ at ${server.url} as ${mode.host} would (Ctrl+C to stop)`),
  (error: unknown) => {
    console.error(`Could not serve public/: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
