// Adopting existing projects, on a real PostgreSQL 15 cluster with Supabase's roles: one cluster
// for the file, one database per legacy project. Without PostgreSQL binaries this file fails (it
// never skips): see tests/support/postgres.ts for where it looks and what to install.
import { clusterForTheFile, openPostgresScratchDatabase } from '../support/postgres';
import { describeAdoption } from './suites/adoption';

const cluster = clusterForTheFile();

describe('on PostgreSQL 15', () => {
  describeAdoption(() => openPostgresScratchDatabase(cluster()));
});
