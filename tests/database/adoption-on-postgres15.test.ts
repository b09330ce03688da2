// Adopting existing projects, on a real PostgreSQL 15 cluster with Supabase's roles: the run's
// shared cluster, one database per legacy project. Without PostgreSQL binaries this file fails (it
// never skips): see tests/support/postgres.ts for where it looks and what to install.
import { openPostgresScratchDatabase } from '../support/postgres';
import { sharedClusterForTheFile } from '../support/shared-postgres';
import { describeAdoption } from './suites/adoption';

const cluster = sharedClusterForTheFile();

describe('on PostgreSQL 15', () => {
  describeAdoption(() => openPostgresScratchDatabase(cluster()));
});
