// Gives the run's workers a folder for the shared PostgreSQL 15 cluster (tests/support/shared-postgres.ts);
// the cluster itself starts only when a suite needs it, so a run without one pays nothing.
// Makes the project's PGlite snapshot, when it is missing, before any worker starts: in a fresh
// clone the first worker to need it would make it while the others wait on its lock, and on a busy
// machine that wait outlived their hooks' timeouts.
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { prepareSnapshot } from 'gatsby-source-supabase-content/embedded-db';
import { SUPABASE_PATHS } from './database';
import { clusterFolderRoot } from './postgres';
import { RUN_DIR_VARIABLE } from './shared-postgres';

export default async function globalSetup(): Promise<void> {
  process.env[RUN_DIR_VARIABLE] = await mkdtemp(path.join(clusterFolderRoot(), 'pg15-run-'));
  const snapshots = process.env.PGLITE_SNAPSHOT_DIR;
  if (snapshots) await prepareSnapshot(SUPABASE_PATHS, snapshots);
}
