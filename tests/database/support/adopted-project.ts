// A project the migrations adopted: what a team that made its tables by hand before these migrations
// has once they ran, for the suites that check a feature works there as on a fresh project.
import { readFile } from 'node:fs/promises';
import { SUPABASE_PATHS, migrationFiles } from '../../support/database';
import { openEmptyDatabase } from '../../support/shared-postgres';
import { LEGACY_PROJECTS, type LegacyProject } from '../fixtures/legacy-projects';

/** The legacy project whose inquiries have numbered ids: the furthest from what the migrations make. */
export const NUMBERED_LEGACY: LegacyProject = LEGACY_PROJECTS.find((project) => project.submissionIds === 'numbered')!;

/** A database of the shared cluster holding `legacy`, then every migration over it, as `db push` would leave it. */
export async function openAdoptedDatabase(legacy: LegacyProject = NUMBERED_LEGACY): ReturnType<typeof openEmptyDatabase> {
  const db = await openEmptyDatabase();
  await db.client.query(await readFile(SUPABASE_PATHS.bootstrap, 'utf8'));
  await db.client.query(legacy.sql);
  for (const migration of await migrationFiles()) await db.client.query(migration.sql);
  return db;
}
