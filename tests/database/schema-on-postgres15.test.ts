// The same promises on a real PostgreSQL 15 cluster with Supabase's roles: the migrations must hold
// on a plain server, not only on PGlite. Without PostgreSQL binaries this file fails (it never
// skips): see tests/support/postgres.ts for where it looks and what to install.
import type { TestDatabase } from '../support/database';
import { openPostgresTestDatabase } from '../support/postgres';
import { describeConstraints } from './suites/constraints';
import { describeContentRevision } from './suites/content-revision';
import { describePermissionMatrix } from './suites/permissions';
import { describePlatformStandIns } from './suites/platform-stand-ins';
import { describeSeedContent } from './suites/seed-content';

let db: TestDatabase | undefined;
const database = () => {
  if (!db) throw new Error('the PostgreSQL 15 test cluster did not start; see beforeAll');
  return db;
};

beforeAll(async () => {
  db = await openPostgresTestDatabase();
}, 120_000);

afterAll(async () => {
  await db?.close();
}, 30_000);

describe('on PostgreSQL 15', () => {
  test('the server really is PostgreSQL 15', async () => {
    const version = await database().rolledBack('postgres', async (session) => {
      const { rows } = await session.query("select current_setting('server_version_num')::int / 10000 as major");
      return rows[0]?.major;
    });
    expect(version).toBe(15);
  });

  describePermissionMatrix(database);
  describeConstraints(database);
  describe('the content revision', () => describeContentRevision(database));
  describe('seed content', () => describeSeedContent(database));
  describe('platform stand-ins', () => describePlatformStandIns(database));
});
