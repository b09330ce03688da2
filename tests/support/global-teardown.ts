// Stops the run's shared PostgreSQL 15 cluster, if a suite started it, and removes its folder.
import { rm } from 'node:fs/promises';
import { RUN_DIR_VARIABLE, stopSharedCluster } from './shared-postgres';

export default async function globalTeardown(): Promise<void> {
  const runDir = process.env[RUN_DIR_VARIABLE];
  if (!runDir) return;
  await stopSharedCluster(runDir);
  await rm(runDir, { recursive: true, force: true });
}
