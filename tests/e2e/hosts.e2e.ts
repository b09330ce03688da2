// The site as each kind of host serves it (docs/hosting.md), with the builds of global-setup.ts:
//   a plain static host, which sends none of the site's headers: the page's own meta policy holds;
//   Netlify and Cloudflare Pages, which send public/_headers;
//   Vercel, which sends vercel.json's headers and serves its analytics script to a VERCEL=1 build.
// Plus the one build that must not happen: a production build that does not know its address.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Page } from 'playwright-core';
import { HERO } from '../../src/content/copy';
import { MODAL_COPY } from '../../src/content/modal';
import { SITE_URL_REQUIRED, VERCEL_ANALYTICS_SRC } from '../../src/build-time/deploy-settings';
import { VERCEL_BUILD_ENV } from './global-setup';
import { SITES_DIR } from './support/site-build';
import { injectScriptAtRunTime, takeRefusals, type TrackedPage } from './support/browser';
import { browserForTheFile } from './support/file-browser';
import { scrollThrough, settled, waitFor } from './support/page-helpers';
import { backendAtBuildPortForTheFile } from './support/backend-content';
import { buildSite } from './support/site-build';
import { headersForPath, parseHeadersFile, parseVercelHeaders } from 'static-host';

const { visit } = browserForTheFile();
const plain = () => `${process.env.E2E_PLAIN_URL}/`;
const netlify = () => `${process.env.E2E_EMBEDDED_URL}/`;
const vercel = () => `${process.env.E2E_BACKEND_SITE_URL}/`;

/** Visits the page with an inline script injected into its HTML on the way, as a compromised CDN or proxy would. */
async function visitWithInjectedScript(url: string): Promise<TrackedPage> {
  return visit(url, {
    beforeOpen: async (page: Page) => {
      await page.route(url, async (route) => {
        const response = await route.fetch();
        const html = (await response.text())
          .replace('</head>', '<script>window.__injected = "head";</script></head>')
          .replace('</body>', '<script>window.__injected = "body";</script></body>');
        // The body is re-sent decoded and longer: the original encoding and length no longer apply.
        const headers = Object.fromEntries(
          Object.entries(response.headers()).filter(([name]) => !/^content-(encoding|length)$/i.test(name)),
        );
        await route.fulfill({ status: response.status(), headers, body: html });
      });
    },
  });
}

async function fullVisit(page: Page): Promise<void> {
  await scrollThrough(page);
  await page.getByRole('button', { name: HERO.chat, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: MODAL_COPY.contact.heading });
  await dialog.waitFor();
  await settled(dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

const metaPolicyOf = (page: Page) => page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');

describe('on a host that sends no headers at all', () => {
  it('is sent without any of the site’s headers', async () => {
    const response = await fetch(plain());
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']) {
      expect({ name, value: response.headers.get(name) }).toEqual({ name, value: null });
    }
  });

  it('carries its policy in a meta element that comes before every script, style and link', async () => {
    const html = await (await fetch(plain())).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const meta = head.indexOf('<meta http-equiv="Content-Security-Policy"');
    expect(meta).toBeGreaterThan(0);
    // Only the charset declaration comes first (the HTML standard wants it in the first 1024 bytes).
    expect(head.slice(0, meta)).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"\/>$/);
    for (const tag of ['<script', '<style', '<link']) expect({ tag, before: html.indexOf(tag) < meta }).toEqual({ tag, before: false });
  });

  it('logs no console error and loads nothing that is missing, over a full visit with the modal', async () => {
    const { page } = await visit(plain());
    await fullVisit(page);
    // No analytics script outside Vercel: it would answer 404 here.
    expect(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.includes('/_vercel/')),
      ),
    ).toEqual([]);
  });

  it('refuses an inline script injected into its HTML, and runs its own', async () => {
    const { page, problems } = await visitWithInjectedScript(plain());
    // The page's own inline scripts ran: the bundles started and the page hydrated (openPage waits for it).
    expect(await page.evaluate(() => '__injected' in window)).toBe(false);
    expect(takeRefusals(problems).length).toBe(2);
  });

  it('refuses a script element added to the page at run time', async () => {
    const { page, problems } = await visit(plain());
    expect(await injectScriptAtRunTime(page)).toMatch(/^script-src/);
    expect(await page.evaluate(() => '__injected' in window)).toBe(false);
    // The refusals are logged as console errors, which are the point here.
    expect(takeRefusals(problems)).toHaveLength(1);
  });
});

describe('on Netlify and Cloudflare Pages (public/_headers)', () => {
  it('sends what a meta element cannot carry, and the same inline-script refusal holds', async () => {
    const response = await fetch(netlify());
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const { page, problems } = await visitWithInjectedScript(netlify());
    expect(await page.evaluate(() => '__injected' in window)).toBe(false);
    expect(takeRefusals(problems).length).toBe(2);
  });

  it('sends, for every file of the build, exactly the headers vercel.json gives Vercel', () => {
    const dir = path.join(SITES_DIR, 'embedded');
    const files = (sub: string): string[] =>
      readdirSync(path.join(dir, sub)).flatMap((name) => {
        const rel = path.posix.join(sub, name);
        return statSync(path.join(dir, rel)).isDirectory() ? files(rel) : [`/${rel}`];
      });
    const built = parseHeadersFile(readFileSync(path.join(dir, '_headers'), 'utf8'));
    const fromVercel = parseVercelHeaders(readFileSync(path.join(__dirname, '..', '..', 'vercel.json'), 'utf8'));
    const paths = ['/', ...files('')];
    expect(paths.length).toBeGreaterThan(20);
    for (const urlPath of paths) {
      expect({ urlPath, headers: headersForPath(fromVercel, urlPath) }).toEqual({ urlPath, headers: headersForPath(built, urlPath) });
    }
  });
});

describe('the Vercel production build (VERCEL=1, VERCEL_PROJECT_PRODUCTION_URL, REQUIRE_BACKEND=1)', () => {
  const host = `https://${VERCEL_BUILD_ENV.VERCEL_PROJECT_PRODUCTION_URL}`;
  // The page re-reads its lists from the backend it was built against.
  backendAtBuildPortForTheFile();

  it("loads Vercel's analytics script once the page is interactive, under vercel.json's headers and its meta policy", async () => {
    // Not in the HTML, where it would compete with the first paint: added when the browser is idle.
    expect(await (await fetch(vercel())).text()).not.toContain(VERCEL_ANALYTICS_SRC);
    const { page } = await visit(vercel());
    await scrollThrough(page);
    const views = () => page.evaluate(() => (window as unknown as { __analyticsPageViews?: number }).__analyticsPageViews ?? 0);
    expect(await waitFor(views, (n) => n > 0)).toBe(1);
    const sources = await page.evaluate(() => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src')));
    expect(sources.filter((src) => src === VERCEL_ANALYTICS_SRC)).toHaveLength(1);
    expect(await metaPolicyOf(page)).toMatch(/script-src 'self' 'sha256-/);
    expect((await fetch(vercel())).headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it("names Vercel's production host in its canonical and social links", async () => {
    const { page } = await visit(vercel());
    const attribute = (selector: string, name: string) => page.locator(selector).first().getAttribute(name);
    expect(await attribute('link[rel="canonical"]', 'href')).toBe(`${host}/`);
    expect(await attribute('meta[property="og:url"]', 'content')).toBe(`${host}/`);
    expect(await attribute('meta[property="og:image"]', 'content')).toBe(`${host}/social-card.png`);
    expect(await attribute('meta[name="twitter:image"]', 'content')).toBe(`${host}/social-card.png`);
    expect(await page.content()).not.toContain('example.com');
  });

  it('said so in its log', () => {
    const log = readFileSync(path.join(SITES_DIR, 'backend-build.log'), 'utf8');
    expect(log).toContain(`site URL: ${host} (VERCEL_PROJECT_PRODUCTION_URL)`);
    expect(log).toContain(`analytics: Vercel Web Analytics (${VERCEL_ANALYTICS_SRC}`);
  });
});

describe('the default build (no settings)', () => {
  it('says once that it loads no analytics script and that its address is a placeholder', () => {
    const log = stripVTControlCharacters(readFileSync(path.join(SITES_DIR, 'embedded-build.log'), 'utf8')).replace(/\s+/g, ' ');
    expect(log.match(/analytics: none\. /g)).toHaveLength(1);
    expect(log.match(/site URL: none set, so canonical and social links use the placeholder/g)).toHaveLength(1);
  });
});

describe('a production build (REQUIRE_BACKEND=1) with backend settings but no address', () => {
  it('fails before doing any work, and says to set SITE_URL', async () => {
    const started = Date.now();
    const build = buildSite({
      outDir: path.join(SITES_DIR, 'no-address'),
      logFile: path.join(SITES_DIR, 'no-address-build.log'),
      env: { REQUIRE_BACKEND: '1', GATSBY_SUPABASE_URL: 'https://abcd.supabase.co', GATSBY_SUPABASE_ANON_KEY: 'anon-key' },
    });
    await expect(build).rejects.toThrow(/gatsby build failed/);
    const log = stripVTControlCharacters(readFileSync(path.join(SITES_DIR, 'no-address-build.log'), 'utf8')).replace(/\s+/g, ' ');
    expect(log).toContain(SITE_URL_REQUIRED.replace(/\s+/g, ' '));
    // Before sourcing: the backend (which does not exist) was never asked.
    expect(log).not.toMatch(/source and transform nodes/);
    console.log(`e2e: the build without an address failed after ${Math.round((Date.now() - started) / 1000)} s`);
  }, 120_000);
});
