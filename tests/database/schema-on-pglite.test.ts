// The schema's promises on the embedded PGlite that builds the site without a backend.
import { openPGliteTestDatabase, type TestDatabase } from '../support/database';
import { describeConstraints } from './suites/constraints';
import { describeContentRevision } from './suites/content-revision';
import { describePermissionMatrix } from './suites/permissions';
import { describePictureLinks } from './suites/picture-links';
import { describePlatformStandIns } from './suites/platform-stand-ins';
import { describeSeedContent } from './suites/seed-content';

let db: TestDatabase | undefined;
const database = () => {
  if (!db) throw new Error('the PGlite database did not open; see beforeAll');
  return db;
};

beforeAll(async () => {
  db = await openPGliteTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

describe('on PGlite', () => {
  describePermissionMatrix(database);
  describeConstraints(database);
  describe('the content revision', () => describeContentRevision(database));
  describe('picture links', () => describePictureLinks(database));
  describe('seed content', () => describeSeedContent(database));
  describe('platform stand-ins', () => describePlatformStandIns(database));
});
