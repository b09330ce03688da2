// The site's build (gatsby-config.ts's source plugin options) against the local backend: it asks the
// database where pictures may come from (public.picture_sources(), from Vault's project_url and
// private.picture_hosts) and downloads the photos of the project's site-pictures bucket only. An
// adopted row's link to another host or another bucket is not asked for, and neither is the host a
// bucket photo redirects to.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startLocalBackend, type LocalBackend } from 'local-supabase';
import type { SupabaseContentOptions } from 'gatsby-source-supabase-content/gatsby-node';
import { fakeGatsby, removeFakeCacheFolders } from 'gatsby-source-supabase-content/testing';
import { configFor, pluginOptions, restoreBuildEnv } from '../support/gatsby-config';
import { photoFile } from '../support/photos';

afterAll(removeFakeCacheFolders);
afterEach(restoreBuildEnv);

const BUCKET = 'site-pictures';
// Seed rows (supabase/seed.sql).
const [PET, GLASS, CARDBOARD, CANS] = [1, 2, 3, 4].map((n) => `10000000-0000-4000-8000-00000000000${n}`);

let backend: LocalBackend;
/** Another host, counting what reaches it. */
let elsewhere: Server;
let elsewhereUrl: string;
let elsewhereHits = 0;

beforeAll(async () => {
  elsewhere = createServer((_req, res) => {
    elsewhereHits += 1;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  backend = await startLocalBackend();
  // The local backend serves its Storage over http; the table's own https rule is for editors' typing.
  await backend.db.exec(`alter table public.material_coverage drop constraint material_coverage_image_valid`);
  const photo = backend.putPublicObject(BUCKET, 'pet.jpg', await photoFile(1), 'image/jpeg');
  await backend.sql(`update material_coverage set image = $2 where id = $1`, [PET, photo]);
  // A row of an adopted project, written before the rule: its link points at another host.
  await backend.db.exec(`alter table public.material_coverage disable trigger material_coverage_picture_link`);
  await backend.db.query(`update material_coverage set image = $2 where id = $1`, [GLASS, `${elsewhereUrl}/glass.jpg`]);
  // And one from another public bucket of the project: served, but not a site picture.
  const other = backend.putPublicObject('team-files', 'cardboard.jpg', await photoFile(2), 'image/jpeg');
  await backend.db.query(`update material_coverage set image = $2 where id = $1`, [CARDBOARD, other]);
  await backend.db.exec(`alter table public.material_coverage enable trigger material_coverage_picture_link`);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
  elsewhere?.closeAllConnections();
  await new Promise((resolve) => elsewhere?.close(resolve));
});

async function build() {
  const options = pluginOptions<SupabaseContentOptions>(
    await configFor({ GATSBY_SUPABASE_URL: backend.url, GATSBY_SUPABASE_ANON_KEY: backend.anonKey }),
    'gatsby-source-supabase-content',
  );
  const gatsby = fakeGatsby();
  await gatsby.source(options);
  return gatsby;
}

test("downloads the bucket's photo and never asks another host, even through a bucket redirect", async () => {
  backend.intercept((request) =>
    request.path === `/storage/v1/object/public/${BUCKET}/cans.jpg`
      ? { status: 302, headers: { Location: `${elsewhereUrl}/cans.jpg` }, body: '' }
      : undefined,
  );
  try {
    await backend.sql(`update material_coverage set image = $2 where id = $1`, [
      CANS,
      `${backend.url}/storage/v1/object/public/${BUCKET}/cans.jpg`,
    ]);
    elsewhereHits = 0;
    const gatsby = await build();

    expect(gatsby.errors).toEqual([]);
    const coverage = new Map(gatsby.ofType('MaterialCoverage').map((node) => [node.row_id, node.image_file]));
    expect(coverage.get(PET)).toEqual(expect.any(String));
    expect(coverage.get(GLASS)).toBeNull();
    expect(coverage.get(CARDBOARD)).toBeNull();
    expect(coverage.get(CANS)).toBeNull();
    const pictureWarnings = gatsby.warnings.filter((warning) => warning.includes('"image": picture'));
    expect(pictureWarnings).toEqual([
      expect.stringContaining(`${elsewhereUrl}/glass.jpg not used (not from a place the site takes pictures from)`),
      expect.stringContaining('team-files/cardboard.jpg not used (not from a place the site takes pictures from)'),
      expect.stringContaining(`cans.jpg not used (HTTP 302 to another host, ${elsewhereUrl}, not followed)`),
    ]);
    expect(elsewhereHits).toBe(0);
  } finally {
    backend.intercept(null);
  }
});
