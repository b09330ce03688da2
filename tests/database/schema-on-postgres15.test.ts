// The same promises on a real PostgreSQL 15 cluster with Supabase's roles (a copy of the project's
// database in the run's shared cluster): the migrations must hold on a plain server, not only on PGlite. Without PostgreSQL binaries this file fails (it never
// skips): see tests/support/postgres.ts for where it looks and what to install.
import { forTheFile } from '../support/for-the-file';
import { openSharedTestDatabase } from '../support/shared-postgres';
import { describeConstraints } from './suites/constraints';
import { describeContentRevision } from './suites/content-revision';
import { describePermissionMatrix } from './suites/permissions';
import { describePictureLinks } from './suites/picture-links';
import { describePlatformStandIns } from './suites/platform-stand-ins';
import { describeSeedContent } from './suites/seed-content';

const database = forTheFile(
  'the PostgreSQL 15 test cluster',
  () => openSharedTestDatabase(),
  (db) => db.close(),
);

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
  describe('picture links', () => describePictureLinks(database));
  describe('seed content', () => describeSeedContent(database));
  describe('platform stand-ins', () => describePlatformStandIns(database));
});
