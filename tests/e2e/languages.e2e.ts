// The two language pages as built against a backend whose rows carry `_ind` twins, some of them
// empty (support/backend-content.ts): /id/ is its own prebuilt page in Indonesian, each row in
// Indonesian where an editor translated it and in English where not, in the same order as /;
// both pages name each other for search engines and link to each other for visitors.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { COVERAGE, SNAPSHOT, TIMELINE } from '../../src/content/copy';
import { EN } from '../../src/content/dictionaries/en';
import { INDONESIAN } from '../../src/content/dictionaries/id';
import { MODAL_COPY } from '../../src/content/modal';
import { hydrated, launchBrowser, openPage, screenshot, type TrackedPage } from './support/browser';
import { BACKEND_MATERIAL, UNTRANSLATED, backendAtBuildPortForTheFile } from './support/backend-content';
import { SITES_DIR } from './support/site-build';

const SITE = process.env.E2E_BACKEND_SITE_URL as string;
const BUILT = path.join(SITES_DIR, 'backend');
// The address of the backend build (global-setup.ts, Vercel's production host name).
const ADDRESS = 'https://adasorter.example';

const backend = backendAtBuildPortForTheFile();
let browser: Browser;
const pages: TrackedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);

afterEach(async () => {
  const problems = pages.flatMap((p) => p.problems);
  await Promise.all(pages.splice(0).map((p) => p.close()));
  expect(problems).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
});

async function open(pathname: string, width = 390) {
  const tracked = await openPage(browser, `${SITE}${pathname}`, { viewport: { width, height: 844 } });
  pages.push(tracked);
  await hydrated(tracked.page);
  return tracked.page;
}

const builtHtml = (page: '' | 'id/') => readFileSync(path.join(BUILT, page, 'index.html'), 'utf8');

describe('the built pages', () => {
  it.each([
    ['', 'en', `${ADDRESS}/`, 'en_US'],
    ['id/', 'id', `${ADDRESS}/id/`, 'id_ID'],
  ] as const)('/%s: html lang, its own canonical, the hreflang alternates and its locale', (page, lang, canonical, locale) => {
    const html = builtHtml(page);
    expect(html).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
    expect(html).toContain(`<link rel="canonical" href="${canonical}"`);
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => `${m[1]} ${m[2]}`);
    expect(alternates).toEqual([`en ${ADDRESS}/`, `id ${ADDRESS}/id/`, `x-default ${ADDRESS}/`]);
    expect(html).toContain(`<meta property="og:locale" content="${locale}"`);
  });

  it('lists both, and both privacy notices, in the sitemap, and not the preview', () => {
    const sitemap = readFileSync(path.join(BUILT, 'sitemap.xml'), 'utf8');
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${ADDRESS}/`,
      `${ADDRESS}/id/`,
      `${ADDRESS}/privacy/`,
      `${ADDRESS}/id/privasi/`,
    ]);
    expect(sitemap).not.toContain('/preview/');
  });

  it("keeps each language's words out of the other's page and out of every script", () => {
    const id = builtHtml('id/');
    for (const title of [COVERAGE.title, TIMELINE.title, SNAPSHOT.workerTitle, MODAL_COPY.contact.heading]) expect(id).not.toContain(title);
    expect(builtHtml('')).not.toContain(INDONESIAN.coverage.title);
    const stats = JSON.parse(readFileSync(path.join(BUILT, 'webpack.stats.json'), 'utf8')) as {
      namedChunkGroups: Record<string, { assets: { name: string }[] }>;
    };
    const scripts = Object.values(stats.namedChunkGroups)
      .flatMap((group) => group.assets.map((asset) => asset.name))
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(path.join(BUILT, name), 'utf8'))
      .join('\n');
    const words = [INDONESIAN.coverage.title, INDONESIAN.modal.investor.heading, EN.modal.investor.heading, COVERAGE.title];
    const statuses = [
      EN.materialStatus.development,
      EN.timelineStatus.current,
      INDONESIAN.materialStatus.development,
      INDONESIAN.timelineStatus.current,
    ];
    for (const text of [...words, ...statuses]) expect(scripts).not.toContain(text);
  });
});

describe('/id/ in a phone browser (390 px)', () => {
  it('is in Indonesian: its language, its section titles, none of the English ones', async () => {
    const page = await open('/id/');
    expect(await page.getAttribute('html', 'lang')).toBe('id');
    for (const title of [INDONESIAN.coverage.title, INDONESIAN.timeline.title, INDONESIAN.snapshot.workerTitle]) {
      await expect(page.getByRole('heading', { name: title, exact: true }).count()).resolves.toBe(1);
    }
    const text = await page.locator('body').innerText();
    for (const title of [COVERAGE.title, TIMELINE.title, SNAPSHOT.workerTitle, EN.hero.pitch]) expect(text).not.toContain(title);
    await screenshot(page, 'languages-id-390');
  });

  it("shows each row's Indonesian text where given and the English where not, in the order of /", async () => {
    const names = async (pathname: string, title: string) => {
      const page = await open(pathname);
      return page.getByRole('region', { name: title }).getByRole('heading', { level: 3 }).allInnerTexts();
    };
    const rows = await backend().sql<{ name: string; name_ind: string | null }>(
      `select name, name_ind from material_coverage where is_active order by order_index`,
    );
    const english = await names('/', COVERAGE.title);
    const indonesian = await names('/id/', INDONESIAN.coverage.title);
    expect(english).toEqual(rows.map((row) => row.name));
    expect(indonesian).toEqual(rows.map((row) => (row.name_ind?.trim() ? row.name_ind : row.name)));
    // Translated, untranslated (an empty twin) and backend-only rows are all there, in place.
    expect(indonesian).toContain('Botol PET');
    expect(indonesian).toContain('HDPE containers');
    expect(indonesian).toContain(BACKEND_MATERIAL.name);
    expect(rows.find((row) => row.name === 'HDPE containers')?.name_ind).toBe(UNTRANSLATED.material.blank);
  });

  it('opens the investor dialog from #investor-deck, headed in Indonesian', async () => {
    const page = await open('/id/#investor-deck');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const heading = await dialog.getByRole('heading').first().innerText();
    expect(heading).toBe(INDONESIAN.modal.investor.heading);
    expect(heading).not.toBe(MODAL_COPY.investor.heading);
  });

  it('and / link to each other, in the header and the footer', async () => {
    for (const [pathname, target, name] of [
      ['/', '/id/', 'Bahasa Indonesia'],
      ['/id/', '/', 'English'],
    ] as const) {
      const page = await open(pathname);
      for (const part of ['banner', 'contentinfo'] as const) {
        const link = page.getByRole(part).getByRole('link', { name });
        expect(await link.getAttribute('href')).toBe(target);
        expect(await link.getAttribute('hreflang')).toBe(target === '/' ? 'en' : 'id');
      }
    }
    const page = await open('/');
    await page.getByRole('banner').getByRole('link', { name: 'Bahasa Indonesia' }).click();
    await page.waitForURL(`${SITE}/id/`);
    expect(await page.getAttribute('html', 'lang')).toBe('id');
  });
});
