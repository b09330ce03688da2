// Editors' pictures (issue 11) on the backend-variant build (global-setup.ts): built while the
// local backend served a 3000×2000 phone photo of about 3.6 MB for each shown material from its
// storage path, and one dead URL; read here with that backend down, since once built the page must
// never need it for a picture.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { SECTION_IDS } from '../../src/content/constants';
import { COVERAGE } from '../../src/content/copy';
import type { LoggedRequest } from 'local-supabase';
import { DEAD_PICTURE_MATERIAL, DEAD_PICTURE_NAME, PHOTO_NAMES, PICTURE_BUCKET } from './support/backend-content';
import { browserForTheFile } from './support/file-browser';
import { countLayoutShifts, layoutShiftWithin, scrollThrough } from './support/page-helpers';
import { backendBuildFiles, type BackendBuild } from './support/site-build';

const MAX_PICTURE_BYTES = 60 * 1024;
const STORAGE_PATH = `/storage/v1/object/public/${PICTURE_BUCKET}/`;
const backendOrigin = () => `http://127.0.0.1:${process.env.E2E_BACKEND_PORT}`;
const site = () => `${process.env.E2E_BACKEND_SITE_URL}/`;

/** The storage requests a build made, as `<status> <object name>`, sorted. */
function storageRequests(build: BackendBuild): string[] {
  const requests = JSON.parse(readFileSync(backendBuildFiles(build).requests, 'utf8')) as LoggedRequest[];
  return requests
    .filter((r) => r.path.startsWith(STORAGE_PATH))
    .map((r) => `${r.status} ${r.path.slice(STORAGE_PATH.length)}`)
    .sort();
}

/** A build's log as one line of plain text (Gatsby colours its output and wraps long lines). */
const buildLog = (build: BackendBuild) => stripVTControlCharacters(readFileSync(backendBuildFiles(build).log, 'utf8')).replace(/\s+/g, ' ');

describe('the builds made against the backend', () => {
  it('downloaded each photo once; the dead URL gave a warning naming the table, the row and the URL, and no failure', () => {
    expect(storageRequests('backend-first-build')).toEqual(
      [...PHOTO_NAMES.map((name) => `200 ${name}`), `404 ${DEAD_PICTURE_NAME}`].sort(),
    );
    expect(buildLog('backend-first-build')).toContain(
      `material_coverage row ${DEAD_PICTURE_MATERIAL.id}, "image": picture ${backendOrigin()}${STORAGE_PATH}${DEAD_PICTURE_NAME} not used (HTTP 404)`,
    );
  });

  it('downloaded no picture again in the content-only rebuild (only the dead URL is tried again)', () => {
    expect(storageRequests('backend-build')).toEqual([`404 ${DEAD_PICTURE_NAME}`]);
    expect(buildLog('backend-build')).toContain(`pictures: 0 downloaded, ${PHOTO_NAMES.length} from the cache, 1 not used`);
  });
});

describe('the page, with the backend down', () => {
  beforeAll(async () => {
    // The previous test file's backend has stopped: nothing answers at the build's backend URL.
    await expect(fetch(backendOrigin())).rejects.toThrow();
  });
  const { open } = browserForTheFile();

  it.each([
    ['390 px on a 2x phone', { width: 390, height: 844 }, 2],
    ['1440 px', { width: 1440, height: 900 }, 1],
  ])(
    'at %s: every coverage picture comes from the site, as AVIF or WebP of at most 60 KB; the dead one is the icon',
    async (_name, viewport, deviceScaleFactor) => {
      const requested: string[] = [];
      const images = new Map<string, { type: string; bytes: number }>();
      const { page, problems } = await open(site(), {
        viewport,
        deviceScaleFactor,
        initScript: countLayoutShifts,
        // The refresh tries the backend and fails: the built content stays (backend-refresh.e2e.ts).
        ignoreRequest: (url) => url.startsWith(backendOrigin()),
        beforeOpen: async (page) => {
          page.on('request', (request) => requested.push(request.url()));
          page.on('response', async (response) => {
            if (response.request().resourceType() !== 'image') return;
            const body = await response.body().catch(() => Buffer.alloc(0));
            images.set(response.url(), { type: response.headers()['content-type'] ?? '', bytes: body.length });
          });
        },
      });
      await scrollThrough(page);

      const region = page.getByRole('region', { name: COVERAGE.title, exact: true });
      const shown = await region
        .locator('img')
        .evaluateAll((elements) => (elements as HTMLImageElement[]).map((image) => ({ src: image.currentSrc, width: image.naturalWidth })));
      expect(shown).toHaveLength(PHOTO_NAMES.length);
      const origin = new URL(site()).origin;
      for (const { src, width } of shown) {
        const response = images.get(src);
        expect({
          origin: new URL(src).origin,
          width: width > 0,
          type: response?.type,
          small: (response?.bytes ?? Infinity) <= MAX_PICTURE_BYTES,
        }).toEqual({
          origin,
          width: true,
          // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
          type: expect.stringMatching(/^image\/(avif|webp)$/),
          small: true,
        });
      }

      const dead = region.getByRole('article').filter({ has: page.getByRole('heading', { name: DEAD_PICTURE_MATERIAL.name }) });
      expect(await dead.locator('img').count()).toBe(0);
      expect(await dead.locator('svg').count()).toBe(1);
      // No broken image anywhere on the page.
      const broken = await page.evaluate(() =>
        [...document.images].filter((image) => image.currentSrc && image.naturalWidth === 0).map((image) => image.currentSrc),
      );
      expect(broken).toEqual([]);

      expect(requested.filter((url) => url.includes(STORAGE_PATH))).toEqual([]);
      expect(requested.filter((url) => images.has(url) && new URL(url).origin !== origin)).toEqual([]);
      expect(await layoutShiftWithin(page, SECTION_IDS.coverage)).toBe(0);
      expect(problems.filter((p) => !/ERR_CONNECTION_REFUSED/.test(p.text))).toEqual([]);
    },
  );
});
