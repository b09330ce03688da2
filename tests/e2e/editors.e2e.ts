// The editing page (/id/edit/, built against the local backend) in Chromium: an editor signs in
// with the code from the local inbox, edits a timeline title in Indonesian, publishes a draft (the
// live line turns from live to pending), moves a row up, uploads a photo and attaches it, is told
// (in Indonesian, their text kept) when a photo is of the wrong type and when someone else changed
// the row; the audit names the editor. The preview opens from the signed-in page, with a link of
// the editor's own: drafts in place, arranging offered. The sign-in works from the keyboard alone at
// 390 px with a long address (no sideways scroll, axe clean at each step), keeps its session in the
// tab's sessionStorage only, and the page runs the site's own scripts only.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { EDIT_TEXT, fieldLabel } from '../../src/content/editing';
import { PREVIEW_TEXT } from '../../src/content/preview';
import { photoFile } from '../support/photos';
import { backendAtBuildPortForTheFile } from './support/backend-content';
import { screenshot } from './support/browser';
import { browserForTheFile } from './support/file-browser';
import { axeViolations } from './support/page-helpers';
import { SITES_DIR } from './support/site-build';
import { builtScriptPolicy, focusOf, recordScripts, scrollWidth } from './support/staff-pages';

const EDITOR = 'wulan@example.test';
// A long address with no hyphen (a line may break at one): it must wrap on a 390 px screen, not widen the page.
const LONG_EDITOR = 'kartika.wulandari.penyunting.konten.petajalan@jalurpemilahanjakarta.example.test';
const ID = EDIT_TEXT.id;
const site = () => process.env.E2E_BACKEND_SITE_URL ?? '';

const backend = backendAtBuildPortForTheFile();
const { visit, open } = browserForTheFile();

beforeAll(async () => {
  for (const editor of [EDITOR, LONG_EDITOR]) {
    const { rows } = await backend().db.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at) values ($1, now()) returning id::text`,
      [editor],
    );
    await backend().db.query(`insert into private.editors (email, user_id) values ($1, $2)`, [editor, rows[0]!.id]);
  }
}, 60_000);

/** The code of the last email the local inbox holds for `editor`. */
function lastCode(editor: string): string {
  const mail = backend()
    .emails.filter((email) => email.body.to.includes(editor))
    .at(-1);
  return /\b(\d{6})\b/.exec(mail?.body.text ?? '')?.[1] ?? '';
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel(ID.signIn.emailLabel).fill(EDITOR);
  await page.getByRole('button', { name: ID.signIn.sendCode }).click();
  await page.getByText(ID.signIn.codeSent(EDITOR)).waitFor();
  await page.getByLabel(ID.signIn.codeLabel).fill(lastCode(EDITOR));
  await page.getByRole('button', { name: ID.signIn.signIn, exact: true }).click();
  await page.getByText(ID.signIn.signedInAs(EDITOR)).waitFor();
}

const form = (page: Page, title: string) => page.locator('form').filter({ has: page.getByRole('heading', { name: title }) });

it('is built with noindex and none of the content in its HTML', () => {
  for (const file of ['edit/index.html', 'id/edit/index.html']) {
    const html = readFileSync(path.join(SITES_DIR, 'backend', file), 'utf8');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).not.toContain('Field study on Jakarta sorting lines');
  }
});

it("runs the site's own scripts only: no analytics, no Turnstile, by its policy and by its requests", async () => {
  for (const file of ['edit/index.html', 'id/edit/index.html']) {
    const { scripts, frames } = builtScriptPolicy(file);
    expect(scripts).toMatch(/^script-src 'self'( 'sha256-[^']+')+$/);
    expect(frames).toBe("default-src 'self'");
  }
  let requested: string[] = [];
  const { page } = await visit(`${site()}/id/edit/`, { beforeOpen: async (opened) => void (requested = recordScripts(opened)) });
  await signIn(page);
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((url) => !url.startsWith(`${site()}/`) || url.includes('/_vercel/'))).toEqual([]);
});

it('signs in from the keyboard alone at 390 px with a long address: focus shown and moved at each step, no sideways scroll, axe clean; the session stays in the tab', async () => {
  const EN = EDIT_TEXT.en.signIn;
  // axe is injected as an inline script, which the page's Content-Security-Policy rightly refuses.
  // `open`: the wrong code's 403 is a problem the page expects (checked at the end).
  const { page, problems } = await open(`${site()}/edit/`, {
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  const address = page.getByRole('textbox', { name: EN.emailLabel });
  await address.waitFor();
  expect(await axeViolations(page)).toEqual([]);
  // The language link, then the address: the order the page reads in.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(EDIT_TEXT.en.otherLanguage);
  await page.keyboard.press('Tab');
  expect(await focusOf(address)).toEqual({ focused: true, outline: 'solid 3px' });
  await page.keyboard.type(LONG_EDITOR);
  await page.keyboard.press('Enter');

  const code = page.getByRole('textbox', { name: EN.codeLabel });
  await page.getByText(EN.codeSent(LONG_EDITOR)).waitFor();
  expect(await focusOf(code)).toEqual({ focused: true, outline: 'solid 3px' });
  expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await code.getAttribute('inputmode')).toBe('numeric');
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  // A wrong code: the sentence says so and takes the focus; back to the field by keyboard.
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  const problem = page.getByRole('alert').filter({ hasText: EN.problems.wrongCode });
  await problem.waitFor();
  expect((await focusOf(problem)).focused).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  expect((await focusOf(code)).focused).toBe(true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(lastCode(LONG_EDITOR));
  await page.keyboard.press('Enter');

  await page.getByText(EN.signedInAs(LONG_EDITOR)).waitFor();
  await page.keyboard.press('Tab');
  expect(await focusOf(page.getByRole('button', { name: EN.signOut }))).toEqual({ focused: true, outline: 'solid 3px' });
  await page.getByRole('tab', { name: EDIT_TEXT.en.tables.timeline }).waitFor();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);

  // In this tab's sessionStorage, nowhere another page of the site could read it.
  const storage = (opened: Page) =>
    opened.evaluate(() => ({ session: JSON.stringify({ ...sessionStorage }), lasting: JSON.stringify({ ...localStorage }) }));
  const here = await storage(page);
  expect(here.session).toContain('refresh_token');
  expect(here.lasting).not.toContain('refresh_token');
  const otherTab = await page.context().newPage();
  await otherTab.goto(`${site()}/`);
  const there = await storage(otherTab);
  expect(there.session).not.toContain('refresh_token');
  expect(there.lasting).not.toContain('refresh_token');
  // The answer and the console line arrive in either order.
  expect(problems.map((problem) => `${problem.kind}: ${problem.text}`).sort()).toEqual([
    'console: Failed to load resource: the server responded with a status of 403 (Forbidden)',
    expect.stringMatching(/^http: 403 POST .*\/auth\/v1\/verify$/),
  ]);
});

it('signs in with the emailed code, saves an Indonesian title, publishes a draft, and the audit names the editor; the live line follows', async () => {
  const { page } = await visit(`${site()}/id/edit/`);
  await signIn(page);
  // The served build holds the backend's revision: the live site shows every saved edit.
  const liveLine = page.locator('[data-live-state]');
  await page.locator('[data-live-state="live"]').waitFor();
  expect(await liveLine.textContent()).toBe(ID.live.live);

  const { rows } = await backend().db.query<{ id: string; title: string }>(
    `select id::text, title from timeline where is_active order by order_index limit 1`,
  );
  const row = form(page, rows[0]!.title);
  await row.getByLabel(fieldLabel(ID, 'title_ind')).fill('Studi lapangan di jalur pemilahan');
  await row.getByRole('button', { name: ID.save }).click();
  await row.getByText(ID.saved).waitFor();
  const saved = await backend().db.query(`select title_ind from timeline where id = $1`, [rows[0]!.id]);
  expect(saved.rows[0]).toEqual({ title_ind: 'Studi lapangan di jalur pemilahan' });

  const drafts = await backend().db.query<{ id: string; title: string }>(
    `select id::text, title from timeline where not is_active limit 1`,
  );
  // Found by its title alone: the heading loses its draft mark as soon as the box is ticked.
  const draft = form(page, drafts.rows[0]!.title);
  await draft.getByRole('heading', { name: `${drafts.rows[0]!.title} · ${ID.draft}` }).waitFor();
  await draft.getByLabel(ID.published).check();
  await draft.getByRole('button', { name: ID.save }).click();
  await draft.getByText(ID.saved).waitFor();
  const published = await backend().db.query(`select is_active from timeline where id = $1`, [drafts.rows[0]!.id]);
  expect(published.rows[0]).toEqual({ is_active: true });

  // The page asks again every 15 s and whenever it becomes visible again: now, without a reload.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.locator('[data-live-state="pending"]').waitFor();
  expect(await liveLine.textContent()).toMatch(/^Menunggu pembangunan: situs menampilkan konten dari .+; \d+ suntingan sejak itu$/);
  // For people to look at: the page signed in, with its live line.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'edit-id-signed-in', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'edit-id-signed-in-390', { fullPage: false });

  const audit = await backend().db.query(
    `select editor_email, table_name, row_id, action from private.content_audit where editor_email is not null order by id`,
  );
  expect(audit.rows).toEqual([
    { editor_email: EDITOR, table_name: 'timeline', row_id: rows[0]!.id, action: 'update' },
    { editor_email: EDITOR, table_name: 'timeline', row_id: drafts.rows[0]!.id, action: 'update' },
  ]);
});

it('moves a row up, in the database and on the page, with the move in the audit', async () => {
  const { page } = await visit(`${site()}/id/edit/`);
  await signIn(page);
  const order = async () =>
    (await backend().db.query<{ id: string; title: string }>(`select id::text, title from timeline order by order_index, id`)).rows;
  const [first, second] = await order();
  const row = form(page, second!.title);
  await row.getByRole('button', { name: ID.moveUp }).click();
  await row.getByText(ID.moved).waitFor();
  expect((await order()).slice(0, 2).map((r) => r.id)).toEqual([second!.id, first!.id]);
  // The page shows the new order, and the top row cannot go higher.
  const headings = await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).allInnerTexts();
  expect(headings[0]).toContain(second!.title);
  expect(headings[1]).toContain(first!.title);
  expect(await row.getByRole('button', { name: ID.moveUp }).isDisabled()).toBe(true);
  const audit = await backend().db.query<{ row_id: string }>(
    `select row_id from private.content_audit where editor_email = $1 and table_name = 'timeline' order by id desc limit 2`,
    [EDITOR],
  );
  expect(audit.rows.map((r) => r.row_id).sort()).toEqual([first!.id, second!.id].sort());
});

it("opens the preview with a link of the editor's own: the drafts in place, arranging offered", async () => {
  const { page } = await visit(`${site()}/id/edit/`);
  await signIn(page);
  // A draft to look for (the first test published the seed's).
  const { rows } = await backend().db.query<{ id: string; title: string }>(
    `update timeline set is_active = false where id = (select id from timeline where is_active order by order_index desc limit 1)
     returning id::text, title`,
  );
  expect(rows).toHaveLength(1);
  try {
    await Promise.all([
      page.waitForURL(/\/preview\/#token=[A-Za-z0-9_-]{43}$/),
      page.getByRole('button', { name: ID.openPreview }).click(),
    ]);
    const draft = page.locator('[data-draft="true"]').filter({ hasText: rows[0]!.title });
    await draft.first().waitFor();
    await expect(draft.first().getByText(PREVIEW_TEXT.draft, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: PREVIEW_TEXT.arrange }).isVisible()).resolves.toBe(true);
    const { rows: links } = await backend().db.query<{ n: number }>(
      `select count(*)::int as n from private.preview_links where editor_email = $1 and revoked_at is null`,
      [EDITOR],
    );
    expect(links[0]!.n).toBe(1);
    await screenshot(page, 'edit-preview', { fullPage: false });
  } finally {
    await backend().db.query(`update timeline set is_active = true where id = $1`, [rows[0]!.id]);
  }
});

it('uploads a photo and attaches it, and refuses a file that is no photo with a message in Indonesian', async () => {
  const { page } = await visit(`${site()}/id/edit/`);
  await signIn(page);
  await page.getByRole('tab', { name: ID.tables.material_coverage }).click();
  const { rows } = await backend().db.query<{ id: string; name: string }>(
    `select id::text, name from material_coverage where is_active order by order_index limit 1`,
  );
  const row = form(page, rows[0]!.name);

  await row.getByLabel(ID.photo).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await row.getByText(ID.problems.photoType('')).waitFor();

  await row.getByLabel(ID.photo).setInputFiles(await photoFile(7));
  await row.getByText(ID.uploaded).waitFor();
  await row.getByRole('button', { name: ID.save }).click();
  await row.getByText(ID.saved).waitFor();
  const { rows: saved } = await backend().db.query<{ image: string }>(`select image from material_coverage where id = $1`, [rows[0]!.id]);
  expect(saved[0]!.image).toMatch(/\/storage\/v1\/object\/public\/site-pictures\/.+\.jpg$/);
  const served = await fetch(saved[0]!.image);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
});

it('tells the editor when someone else changed the row, keeps their text, and saves after a reload', async () => {
  // The refused save is a 409 that Chromium logs as a console error; it is the only problem allowed.
  const { page, problems } = await open(`${site()}/id/edit/`);
  await signIn(page);
  const { rows } = await backend().db.query<{ id: string; title: string }>(
    `select id::text, title from timeline where is_active order by order_index offset 2 limit 1`,
  );
  const row = form(page, rows[0]!.title);
  await row.getByLabel(fieldLabel(ID, 'description_ind')).fill('Teks saya');
  await backend().sql(`update timeline set description = 'Changed by someone else' where id = $1`, [rows[0]!.id]);
  await row.getByRole('button', { name: ID.save }).click();
  await row.getByText(ID.conflict).waitFor();
  await expect(row.getByLabel(fieldLabel(ID, 'description_ind')).inputValue()).resolves.toBe('Teks saya');

  await row.getByRole('button', { name: ID.reload }).click();
  await row.getByRole('button', { name: ID.save }).click();
  await row.getByText(ID.saved).waitFor();
  const { rows: saved } = await backend().db.query(`select description, description_ind from timeline where id = $1`, [rows[0]!.id]);
  expect(saved[0]).toEqual({ description: 'Changed by someone else', description_ind: 'Teks saya' });
  // The answer and the console line arrive in either order.
  expect(problems.map((problem) => `${problem.kind}: ${problem.text}`).sort()).toEqual([
    'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
    expect.stringMatching(/^http: 409 PATCH .*\/rest\/v1\/timeline\?id=eq\./),
  ]);
});
