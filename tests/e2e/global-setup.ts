// Builds the site once per variant and serves each build for the browser tests:
//   embedded — no settings, the embedded PGlite default (what a fresh clone builds), served twice:
//              with its _headers as Netlify and Cloudflare Pages serve it, and with no headers at
//              all as a plain static host would (its meta policy must hold alone);
//   backend  — a production build as Vercel runs it (REQUIRE_BACKEND=1, VERCEL=1 and Vercel's
//              production host name), GATSBY_SUPABASE_URL/ANON_KEY pointing at the local backend,
//              which holds the seed plus edits (support/backend-content.ts) so the page can prove
//              where it sourced from, and phone-sized photos in its storage; served with
//              vercel.json's headers. Built twice, as a site is: a first build, then the
//              content-only rebuild an edit triggers (warm cache), which is the one served; each
//              build's requests to the backend are kept for the tests.
// The backend only runs for its builds; test files start their own at the same port (the URL is
// baked into the build), so each file controls a fresh database.
// E2E_REUSE_BUILD=1 reuses the last builds in artifacts/e2e-sites (for iterating on tests only).
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startLocalBackend, type LocalBackend } from 'local-supabase';
import { RENAMED_TIMELINE, applyBackendContent } from './support/backend-content';
import { SITES_DIR, backendBuildFiles, buildSite, holdLock, type BackendBuild } from './support/site-build';
import { startStaticServer, type StaticServer } from 'static-host';

/** What Vercel gives a production build (its system variables), plus the setting README asks for. */
export const VERCEL_BUILD_ENV = { VERCEL: '1', VERCEL_PROJECT_PRODUCTION_URL: 'adasorter.example', REQUIRE_BACKEND: '1' };
const MANIFEST = path.join(SITES_DIR, 'manifest.json');

interface Manifest {
  backendPort: number;
}

// One browser-test run at a time on this machine: a second one would overwrite the builds and the
// backend port this one is testing (and compete for the CPU its timings need).
const RUN_LOCK = '/tmp/e2e-sites.lock';

declare global {
  // Read by global-teardown.ts, which runs in the same realm as this file.
  var __E2E_SERVERS__: StaticServer[] | undefined;
  var __E2E_RUN_LOCK__: { release(): Promise<void> } | undefined;
}

async function buildAgainstBackend(backend: LocalBackend, name: BackendBuild): Promise<void> {
  const files = backendBuildFiles(name);
  backend.requests.length = 0;
  const started = Date.now();
  const { buildMs } = await buildSite({
    outDir: path.join(SITES_DIR, 'backend'),
    logFile: files.log,
    env: { GATSBY_SUPABASE_URL: backend.url, GATSBY_SUPABASE_ANON_KEY: backend.anonKey, ...VERCEL_BUILD_ENV },
  });
  console.log(`e2e: ${name} ${Math.round(buildMs / 1000)} s (with lock wait ${Math.round((Date.now() - started) / 1000)} s)`);
  writeFileSync(files.requests, JSON.stringify(backend.requests, null, 2));
}

async function buildVariants(): Promise<Manifest> {
  const backend = await startLocalBackend();
  const backendPort = backend.port;
  try {
    await applyBackendContent(backend);
    // The first build sees a draft title; putting it back is the content-only edit of the rebuild.
    await backend.sql(`update timeline set title = title || ' (draft)' where id = $1`, [RENAMED_TIMELINE.id]);
    await buildAgainstBackend(backend, 'backend-first-build');
    await backend.sql(`update timeline set title = $2 where id = $1`, [RENAMED_TIMELINE.id, RENAMED_TIMELINE.title]);
    await buildAgainstBackend(backend, 'backend-build');
  } finally {
    await backend.stop();
  }
  // Last, so that ./public ends up holding the default build, as after `npm run build`.
  const { buildMs } = await buildSite({
    outDir: path.join(SITES_DIR, 'embedded'),
    logFile: path.join(SITES_DIR, 'embedded-build.log'),
  });
  console.log(`e2e: embedded build ${Math.round(buildMs / 1000)} s`);
  return { backendPort };
}

export default async function globalSetup(): Promise<void> {
  globalThis.__E2E_RUN_LOCK__ = await holdLock(RUN_LOCK);
  mkdirSync(SITES_DIR, { recursive: true });
  const reuse = process.env.E2E_REUSE_BUILD === '1' && existsSync(MANIFEST);
  const manifest: Manifest = reuse ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest) : await buildVariants();
  writeFileSync(MANIFEST, JSON.stringify(manifest));

  const embedded = await startStaticServer(path.join(SITES_DIR, 'embedded'), { headers: '_headers' });
  const plain = await startStaticServer(path.join(SITES_DIR, 'embedded'), { headers: 'none' });
  const backendSite = await startStaticServer(path.join(SITES_DIR, 'backend'), { headers: 'vercel' });
  globalThis.__E2E_SERVERS__ = [embedded, plain, backendSite];
  // Test files run in their own realm; the environment is what they share with this one.
  process.env.E2E_EMBEDDED_URL = embedded.url;
  process.env.E2E_PLAIN_URL = plain.url;
  process.env.E2E_BACKEND_SITE_URL = backendSite.url;
  process.env.E2E_BACKEND_PORT = String(manifest.backendPort);
}
