// Build times: a cold build (after gatsby clean) and a content-only warm rebuild, both against the
// local backend (the webhook case: same settings, warm cache, one row changed), then the default
// build with embedded content that the page figures are measured on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LocalBackend } from 'local-supabase';
import { PHOTO_NAMES } from '../e2e/support/backend-content';
import { buildSite, holdGatsbyLock } from '../e2e/support/site-build';
import { log, OUT } from './config';

export interface BuildTimes {
  coldMs: number;
  warmMs: number;
  embeddedMs: number;
  ratio: number;
}

export async function builds(backend: LocalBackend): Promise<BuildTimes> {
  const env = { GATSBY_SUPABASE_URL: backend.url, GATSBY_SUPABASE_ANON_KEY: backend.anonKey };
  // One lock for the series: another build in between would replace the cache being measured.
  const lock = await holdGatsbyLock();
  try {
    log(`cold build (gatsby clean, then build against the local backend, ${PHOTO_NAMES.length} photos to download and process)...`);
    const cold = await buildSite({
      outDir: path.join(OUT, 'backend'),
      logFile: path.join(OUT, 'cold-build.log'),
      env,
      clean: true,
      lock: false,
    });
    const edited = `PET bottles (edited ${new Date().toISOString().slice(11, 19)})`;
    await backend.sql(`update material_coverage set name = $1 where id = '10000000-0000-4000-8000-000000000001'`, [edited]);
    log('content-only rebuild (one row changed, warm cache)...');
    const warm = await buildSite({ outDir: path.join(OUT, 'backend'), logFile: path.join(OUT, 'warm-build.log'), env, lock: false });
    const html = readFileSync(path.join(OUT, 'backend', 'index.html'), 'utf8');
    if (!html.includes(edited)) throw new Error('the warm rebuild did not pick up the changed row; its time would mean nothing');
    log('default build (embedded content, as `npm run build`)...');
    const embedded = await buildSite({ outDir: path.join(OUT, 'embedded'), logFile: path.join(OUT, 'embedded-build.log'), lock: false });
    return { coldMs: cold.buildMs, warmMs: warm.buildMs, embeddedMs: embedded.buildMs, ratio: warm.buildMs / cold.buildMs };
  } finally {
    await lock.release();
  }
}
