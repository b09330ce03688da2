// The privacy notice in Chromium, in both languages: the line under the modal's form and its link,
// reached by keyboard, lead to the privacy page in the page's language, which states the retention
// the database applies (read from the migration), names the other language's page both ways, loads
// no script at all (gatsby-ssr.tsx), and passes axe-core. The footer links there too. The Vercel
// build with a backend names the processors it uses.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EN } from '../../src/content/dictionaries/en';
import { INDONESIAN } from '../../src/content/dictionaries/id';
import { LANGUAGE_PAGES, type Language } from '../../src/content/languages';
import { SUPABASE_PATHS } from '../support/database';
import { browserForTheFile } from './support/file-browser';
import { axeViolations, settled } from './support/page-helpers';
import { SITES_DIR } from './support/site-build';

const { visit } = browserForTheFile();
const DICTIONARIES = { en: EN, id: INDONESIAN } as const;
const RETENTION_WORDS = { en: 'months', id: 'bulan' } as const;

/** The retention the database applies by default, read from the migration itself. */
function databaseRetentionMonths(): number {
  const migration = readFileSync(path.join(SUPABASE_PATHS.migrations, '20261127000200_personal_data.sql'), 'utf8');
  const [, months] = /inquiry_retention interval not null default interval '(\d+) months'/.exec(migration) ?? [];
  return Number(months);
}

describe.each(['en', 'id'] as const)('%s', (language: Language) => {
  const words = DICTIONARIES[language];
  const site = () => `${process.env.E2E_EMBEDDED_URL}${LANGUAGE_PAGES[language].path}`;

  it('the notice under the form is reached by keyboard and opens the privacy page, which states the database retention and passes axe', async () => {
    const { page } = await visit(site(), { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', bypassCSP: true });
    await page.getByRole('button', { name: words.hero.chat, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.modal.contact.heading });
    await settled(dialog);
    await expect(dialog.getByText(words.form.notice.text).isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: words.modal.contact.button }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      href: document.activeElement?.getAttribute('href'),
    }));
    expect(focused).toEqual({ text: words.form.notice.link, href: LANGUAGE_PAGES[language].privacyPath });
    expect(await axeViolations(page)).toEqual([]);

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.resourceType() === 'fetch') scripts.push(request.url());
    });
    await Promise.all([page.waitForURL(`**${LANGUAGE_PAGES[language].privacyPath}`), page.keyboard.press('Enter')]);
    await page.waitForLoadState('networkidle');

    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    const text = await page.locator('main').innerText();
    expect(text).toContain(`${databaseRetentionMonths()} ${RETENTION_WORDS[language]}`);
    expect(text).toContain('hello@adasorter.id');
    const alternates = await page
      .locator('link[rel="alternate"]')
      .evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${new URL(link.getAttribute('href') ?? '').pathname}`));
    expect(alternates).toEqual(['en /privacy/', 'id /id/privasi/', 'x-default /privacy/']);
    const other = language === 'en' ? 'id' : 'en';
    expect(await page.getByRole('link', { name: LANGUAGE_PAGES[other].nativeName }).getAttribute('href')).toBe(
      LANGUAGE_PAGES[other].privacyPath,
    );
    expect(await page.getByRole('link', { name: new RegExp(`AdaSorter`) }).getAttribute('href')).toBe(LANGUAGE_PAGES[language].path);
    // Text and links only: no script, not even Gatsby's runtime, so no backend, analytics or third party.
    expect(scripts).toEqual([]);
    expect(await page.locator('script').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the footer links to the same page', async () => {
    const { page } = await visit(site(), { viewport: { width: 1440, height: 900 } });
    const link = page.getByRole('contentinfo').getByRole('link', { name: words.footer.privacy, exact: true });
    expect(await link.getAttribute('href')).toBe(LANGUAGE_PAGES[language].privacyPath);
  });
});

it('the Vercel build with a backend names Supabase, Resend, Vercel and its analytics; the demo build only its host', () => {
  const backend = readFileSync(path.join(SITES_DIR, 'backend', 'privacy', 'index.html'), 'utf8');
  for (const name of ['Supabase stores', 'Resend delivers', 'Vercel serves', 'Vercel Web Analytics counts'])
    expect(backend).toContain(name);
  // With a backend and analytics configured, still no script and no preload of one.
  expect(backend).not.toMatch(/<script|as="script"|as="fetch"/);
  const demo = readFileSync(path.join(SITES_DIR, 'embedded', 'id', 'privasi', 'index.html'), 'utf8');
  expect(demo).toContain('Penyedia hosting kami menayangkan');
  expect(demo).not.toMatch(/Supabase menyimpan|Resend/);
});
