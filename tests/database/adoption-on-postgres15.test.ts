// Adopting existing projects, on a real PostgreSQL 15 cluster with Supabase's roles: one cluster
// for the file, one database per legacy project. Without PostgreSQL binaries this file fails (it
// never skips): see tests/support/postgres.ts for where it looks and what to install.
import { openPostgresScratchDatabase, startPostgresCluster, type PostgresCluster } from '../support/postgres';
import { describeAdoption } from './suites/adoption';

let cluster: PostgresCluster | undefined;

beforeAll(async () => {
  cluster = await startPostgresCluster();
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
}, 30_000);

describe('on PostgreSQL 15', () => {
  describeAdoption(() => {
    if (!cluster) throw new Error('the PostgreSQL 15 test cluster did not start; see beforeAll');
    return openPostgresScratchDatabase(cluster);
  });
});
