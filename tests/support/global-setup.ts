// Gives the run's workers a folder for the shared PostgreSQL 15 cluster (tests/support/shared-postgres.ts);
// the cluster itself starts only when a suite needs it, so a run without one pays nothing.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RUN_DIR_VARIABLE } from './shared-postgres';

export default async function globalSetup(): Promise<void> {
  process.env[RUN_DIR_VARIABLE] = await mkdtemp(path.join(tmpdir(), 'pg15-run-'));
}
