// What the local backend holds for the backend-variant build: the seed plus edits that the
// embedded default does not have, one per table, so the built page can only show them if it
// sourced from the backend. The same edits are applied again wherever a test restarts the backend,
// so the backend and the build agree until a test changes something on purpose.
import { readFile } from 'node:fs/promises';
import { PROJECT_PATHS, startLocalBackend, type LocalBackend } from '../../support/backend';

export const BACKEND_MATERIAL = {
  id: 'e2e00000-0000-4000-8000-000000000001',
  // Markup in a row must reach the visitor as text.
  name: 'Textile offcuts <em>pilot</em>',
  description: 'Sorted for a fibre recycler; this row exists only in the backend the tests build against.',
  status: 'development',
  order_index: 5,
} as const;

/** A seed row the embedded build shows and the backend hides (is_active = false). */
export const HIDDEN_SEED_MATERIAL = { id: '10000000-0000-4000-8000-000000000007', name: 'Organics' } as const;

export const RENAMED_TIMELINE = {
  id: '20000000-0000-4000-8000-000000000006',
  title: 'Sachets on the live line, from the backend',
} as const;

export const RENAMED_FEATURE = { id: '30000000-0000-4000-8000-000000000005', title: '12x productivity, from the backend' } as const;

export async function applyBackendContent(backend: LocalBackend): Promise<void> {
  await backend.sql(
    `insert into material_coverage (id, name, description, image, status, is_active, order_index)
     values ($1, $2, $3, null, $4, true, $5)`,
    [BACKEND_MATERIAL.id, BACKEND_MATERIAL.name, BACKEND_MATERIAL.description, BACKEND_MATERIAL.status, BACKEND_MATERIAL.order_index],
  );
  await backend.sql(`update material_coverage set is_active = false where id = $1`, [HIDDEN_SEED_MATERIAL.id]);
  await backend.sql(`update timeline set title = $2 where id = $1`, [RENAMED_TIMELINE.id, RENAMED_TIMELINE.title]);
  await backend.sql(`update feature_cards set title = $2 where id = $1`, [RENAMED_FEATURE.id, RENAMED_FEATURE.title]);
}

/**
 * Puts the backend back to what the backend build was made from (seed plus the edits above), so
 * tests in one file can each change rows without restarting the backend.
 */
export async function resetBackendContent(backend: LocalBackend): Promise<void> {
  const seed = await readFile(PROJECT_PATHS.seed as string, 'utf8');
  await backend.sql(`delete from contact_submissions`);
  await backend.sql(`delete from feature_cards`);
  await backend.sql(`delete from timeline`);
  await backend.sql(`delete from material_coverage`);
  // The seed is a file of several statements: run it as the loader does, outside a role.
  await backend.db.exec(seed);
  await applyBackendContent(backend);
  backend.failReads(false);
  backend.failWrites(false);
  // Every test is a fresh visitor: no inquiries counted against this machine's address, Resend up.
  await backend.db.query('delete from private.inquiry_writes');
  backend.resend.failWith(null);
  backend.requests.length = 0;
  backend.emails.length = 0;
}

/**
 * The backend at the port the backend build baked in (global-setup.ts), holding what that build was
 * made from. The previous test file's backend may still be letting go of the port: retry briefly.
 */
export async function startBackendAtBuildPort(): Promise<LocalBackend> {
  const port = Number(process.env.E2E_BACKEND_PORT);
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const backend = await startLocalBackend({ port });
      await applyBackendContent(backend);
      return backend;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
