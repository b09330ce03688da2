// What the local backend holds for the backend-variant build: the seed plus edits that the
// embedded default does not have, one per table, so the built page can only show them if it
// sourced from the backend. The same edits are applied again wherever a test restarts the backend,
// so the backend and the build agree until a test changes something on purpose.
// Every shown material has a phone-sized photo in the backend's storage, and one more row names a
// picture that does not exist, as editors' rows do (issue 11: the build processes the photos).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_SCHEMA, startLocalBackend, type LocalBackend } from 'local-supabase';
import { forTheFile } from '../../support/for-the-file';
import { photoFile } from '../../support/photos';
import { SITES_DIR } from './site-build';

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

/** A row whose picture is missing from storage: the build warns and the card shows its icon. */
export const DEAD_PICTURE_MATERIAL = {
  id: 'e2e00000-0000-4000-8000-000000000002',
  name: 'Multilayer film',
  description: 'Its photo was deleted from storage after the row named it.',
  status: 'coming-soon',
  order_index: 90,
} as const;

export const PICTURE_BUCKET = 'site-pictures';
export const DEAD_PICTURE_NAME = 'deleted-photo.jpg';
/** The materials shown with a photo: the backend-only row and the active seed rows. */
export const PHOTO_MATERIAL_IDS = [
  BACKEND_MATERIAL.id,
  ...[1, 2, 3, 4, 5, 6, 8].map((n) => `10000000-0000-4000-8000-00000000000${n}`),
] as const;

export const RENAMED_TIMELINE = {
  id: '20000000-0000-4000-8000-000000000006',
  title: 'Sachets on the live line, from the backend',
} as const;

/**
 * Indonesian twins an editor has not filled (the seed translates every row): /id/ shows these rows'
 * English text, as it does for the backend-only rows, which have no twins at all.
 */
export const UNTRANSLATED = {
  material: { id: '10000000-0000-4000-8000-000000000002', blank: '' },
  timeline: { id: RENAMED_TIMELINE.id },
} as const;

export const RENAMED_FEATURE = { id: '30000000-0000-4000-8000-000000000005', title: '12x productivity, from the backend' } as const;

/** The photo of each shown material in the bucket, in PHOTO_MATERIAL_IDS order. */
export const PHOTO_NAMES = PHOTO_MATERIAL_IDS.map((_, index) => `material-${index + 1}.jpg`);

/** The public URL of each shown material's photo, by row id; the photos are served from then on. */
export async function storePhotos(backend: LocalBackend): Promise<Map<string, string>> {
  // Made side by side on a fresh machine: sharp draws and encodes one while another is being grained.
  const files = await Promise.all(PHOTO_MATERIAL_IDS.map((_, index) => photoFile(index + 1)));
  const urls = new Map<string, string>();
  for (const [index, id] of PHOTO_MATERIAL_IDS.entries()) {
    urls.set(id, backend.putPublicObject(PICTURE_BUCKET, PHOTO_NAMES[index] as string, files[index] as string, 'image/jpeg'));
  }
  return urls;
}

/** Where the dead picture would be: the storage path of an object that is not there. */
export const deadPictureUrl = (backend: LocalBackend) => `${backend.url}/storage/v1/object/public/${PICTURE_BUCKET}/${DEAD_PICTURE_NAME}`;

export async function applyBackendContent(backend: LocalBackend): Promise<void> {
  // The stand-in serves its storage over http; the content check on `image` (https or a site
  // path, for what editors type) would refuse those URLs. Rows of an adopted project predate the
  // check just the same. Dropped by what it checks, whatever a migration names it.
  await backend.db.exec(`
    do $drop$
    declare c record;
    begin
      for c in select conname from pg_constraint
        where conrelid = 'public.material_coverage'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%image%'
      loop
        execute format('alter table public.material_coverage drop constraint %I', c.conname);
      end loop;
    end
    $drop$;`);
  const photos = await storePhotos(backend);
  await backend.sql(
    `insert into material_coverage (id, name, description, image, status, is_active, order_index)
     values ($1, $2, $3, null, $4, true, $5), ($6, $7, $8, $9, $10, true, $11)`,
    [
      BACKEND_MATERIAL.id,
      BACKEND_MATERIAL.name,
      BACKEND_MATERIAL.description,
      BACKEND_MATERIAL.status,
      BACKEND_MATERIAL.order_index,
      DEAD_PICTURE_MATERIAL.id,
      DEAD_PICTURE_MATERIAL.name,
      DEAD_PICTURE_MATERIAL.description,
      deadPictureUrl(backend),
      DEAD_PICTURE_MATERIAL.status,
      DEAD_PICTURE_MATERIAL.order_index,
    ],
  );
  for (const [id, url] of photos) await backend.sql(`update material_coverage set image = $2 where id = $1`, [id, url]);
  await backend.sql(`update material_coverage set is_active = false where id = $1`, [HIDDEN_SEED_MATERIAL.id]);
  await backend.sql(`update timeline set title = $2 where id = $1`, [RENAMED_TIMELINE.id, RENAMED_TIMELINE.title]);
  await backend.sql(`update feature_cards set title = $2 where id = $1`, [RENAMED_FEATURE.id, RENAMED_FEATURE.title]);
  await backend.sql(`update material_coverage set name_ind = $2, description_ind = null where id = $1`, [
    UNTRANSLATED.material.id,
    UNTRANSLATED.material.blank,
  ]);
  await backend.sql(`update timeline set title_ind = null where id = $1`, [UNTRANSLATED.timeline.id]);
}

/** The content revision a build embedded in its page (the page data of `/`). */
export async function builtRevision(siteDir: string): Promise<string> {
  const pageData = JSON.parse(await readFile(path.join(siteDir, 'page-data', 'index', 'page-data.json'), 'utf8')) as {
    result: { data: { supabaseContentRevision: { revision: string } | null } };
  };
  const revision = pageData.result.data.supabaseContentRevision?.revision;
  if (revision === undefined) throw new Error(`${siteDir}: the page embeds no content revision`);
  return revision;
}

/**
 * Gives the backend the revision the build in `siteDir` embedded. A test's backend is a database of
 * its own at the build's URL, holding what the build's held (the seed and the edits above) but
 * having counted different statements on the way: in the one database a deployed site has, the
 * revision would be the build's. Set as the owner, which no trigger watches, and dated now.
 */
export async function matchBuiltRevision(backend: LocalBackend, siteDir = path.join(SITES_DIR, 'backend')): Promise<void> {
  const revision = await builtRevision(siteDir);
  await backend.db.query('update private.content_revision set revision = $1, changed_at = now()', [revision]);
  // Its history too, so that the preview can date what the live site shows and count the edits after it.
  await backend.db.query('delete from private.content_revision_history where revision >= $1', [revision]);
  await backend.db.query('insert into private.content_revision_history (revision, changed_at) values ($1, now())', [revision]);
}

/**
 * Puts the backend back to what the backend build was made from (seed plus the edits above, and
 * the build's revision), so tests in one file can each change rows without restarting the backend.
 */
export async function resetBackendContent(backend: LocalBackend): Promise<void> {
  const seed = await readFile(PROJECT_SCHEMA.seed, 'utf8');
  await backend.sql(`delete from contact_submissions`);
  await backend.sql(`delete from feature_cards`);
  await backend.sql(`delete from timeline`);
  await backend.sql(`delete from material_coverage`);
  // The seed is a file of several statements: run it as the loader does, outside a role.
  await backend.db.exec(seed);
  await applyBackendContent(backend);
  await matchBuiltRevision(backend);
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
      await matchBuiltRevision(backend);
      return backend;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * The backend at the build's port for the calling test file (or describe block): started before
 * its first test, stopped after its last, also when the start outlived beforeAll's timeout, since a
 * backend left holding the port fails every later file. Call where hooks may be registered.
 */
export function backendAtBuildPortForTheFile(): () => LocalBackend {
  return forTheFile('the local backend at the build port', startBackendAtBuildPort, (backend) => backend.stop(), 60_000);
}
