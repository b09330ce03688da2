// The team's inbox (/team/, built against the local backend) in Chromium at 390 px: a member signs
// in with the code from the local inbox; an inquiry 25 hours old shows as overdue, and its "Mark as
// answered" takes it out of the overdue filter and out of doctor's overdue replies; an investor
// request marked answered still gets its deck from the page (one email, to the requester); a mailbox
// is erased only once its address is typed again, all from the keyboard, Escape closing the step and
// giving the focus back; the record of the actions names the member. Long names, addresses and
// messages wrap (no sideways scroll), axe finds nothing at each step, the page is not for search
// engines and runs the site's own scripts only.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { TEAM_TEXT } from '../../src/content/team';
import { checkPromises } from '../../scripts/doctor/promises';
import { checkTeam } from '../../scripts/doctor/team';
import { backendAtBuildPortForTheFile } from './support/backend-content';
import { browserForTheFile } from './support/file-browser';
import { axeViolations } from './support/page-helpers';
import { SITES_DIR } from './support/site-build';
import { builtScriptPolicy, focusOf, recordScripts, scrollWidth } from './support/staff-pages';

const MEMBER = 'wulan-penjawab-pertanyaan@tim-adasorter.example.test';
const EN = TEAM_TEXT.en;
const site = () => process.env.E2E_BACKEND_SITE_URL ?? '';
const PHONE = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' as const, bypassCSP: true };

const backend = backendAtBuildPortForTheFile();
const { visit, open } = browserForTheFile();
// doctor's checks take a pg client; the local backend's PGlite answers query(text, params) alike.
const doctorDb = () => backend().db as unknown as Parameters<typeof checkPromises>[0];

beforeAll(async () => {
  const { rows } = await backend().db.query<{ id: string }>(
    `insert into auth.users (email, email_confirmed_at) values ($1, now()) returning id::text`,
    [MEMBER],
  );
  await backend().db.query(`insert into private.team_members (email, user_id) values ($1, $2)`, [MEMBER, rows[0]!.id]);
}, 60_000);

/** An inquiry as an operator stores it over the database, `hoursOld` hours ago (its reply due follows). */
async function inquiry(fields: {
  name: string;
  email: string;
  type: 'contact' | 'investor';
  hoursOld: number;
  message?: string;
  language?: string;
}) {
  const { rows } = await backend().db.query<{ id: string }>(
    `insert into public.contact_submissions (name, email, company, message, type, language, created_at, notified_at, notify_channel)
     values ($1, $2, 'Koperasi Pemilahan Sampah Terpadu Jabodetabek', $3, $4, $5, now() - make_interval(hours => $6), now(), 'email')
     returning id::text`,
    [fields.name, fields.email, fields.message ?? 'Halo', fields.type, fields.language ?? 'id', fields.hoursOld],
  );
  return rows[0]!.id;
}

/** The code of the last email the local inbox holds for the member. */
function lastCode(): string {
  const mail = backend()
    .emails.filter((email) => email.body.to.includes(MEMBER))
    .at(-1);
  return /\b(\d{6})\b/.exec(mail?.body.text ?? '')?.[1] ?? '';
}

/** Signs in from the keyboard alone: the language link, then the address field, then the code field. */
async function signIn(page: Page): Promise<void> {
  const address = page.getByRole('textbox', { name: EN.signIn.emailLabel });
  await address.waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focusOf(address)).toEqual({ focused: true, outline: 'solid 3px' });
  await page.keyboard.type(MEMBER);
  await page.keyboard.press('Enter');
  await page.getByText(EN.signIn.codeSent(MEMBER)).waitFor();
  expect((await focusOf(page.getByRole('textbox', { name: EN.signIn.codeLabel }))).focused).toBe(true);
  await page.keyboard.type(lastCode());
  await page.keyboard.press('Enter');
  await page.getByText(EN.signIn.signedInAs(MEMBER)).waitFor();
}

/** The page's polite live region, which says what each action did. */
const said = (page: Page) => page.locator('p[role="status"][tabindex="-1"]');

async function fitsAndPassesAxe(page: Page): Promise<void> {
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
}

it('is built with noindex and no inquiry in its HTML, and runs the site’s own scripts only, in both languages', async () => {
  for (const file of ['team/index.html', 'id/team/index.html']) {
    const html = readFileSync(path.join(SITES_DIR, 'backend', file), 'utf8');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    const { scripts, frames } = builtScriptPolicy(file);
    expect(scripts).toMatch(/^script-src 'self'( 'sha256-[^']+')+$/);
    expect(frames).toBe("default-src 'self'");
  }
  expect(readFileSync(path.join(SITES_DIR, 'backend', 'id/team/index.html'), 'utf8')).toContain(TEAM_TEXT.id.title);
  let requested: string[] = [];
  const { page } = await visit(`${site()}/team/`, { beforeOpen: async (opened) => void (requested = recordScripts(opened)) });
  await signIn(page);
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((url) => !url.startsWith(`${site()}/`) || url.includes('/_vercel/'))).toEqual([]);
});

it('at 390 px: an inquiry 25 hours old is overdue; "Mark as answered" takes it out of the filter and doctor lists no overdue reply; the record names the member', async () => {
  const name = 'Raden Ayu Kusumawardhani Setyaningrum Prawirodirdjo Hadiningrat';
  const email = 'raden.ayu.kusumawardhani.setyaningrum.prawirodirdjo@koperasi-pemilahan-terpadu.example.test';
  const id = await inquiry({
    name,
    email,
    type: 'contact',
    hoursOld: 25,
    message: `Baris pertama <b>bukan tebal</b>\nBaris kedua: ${'sangatpanjangtanpaspasi'.repeat(8)}`,
  });
  const { page } = await visit(`${site()}/team/`, PHONE);
  await fitsAndPassesAxe(page);
  await signIn(page);

  await page.getByRole('button', { name: 'Overdue 1' }).click();
  const row = page.getByRole('article', { name });
  await row.getByText('1 h overdue').waitFor();
  expect(await page.getByRole('button', { name: 'Overdue 1' }).getAttribute('aria-pressed')).toBe('true');
  await fitsAndPassesAxe(page);

  const disclosure = row.getByRole('button', { name: EN.row.showMessage });
  const message = page.locator(`[id="${await disclosure.getAttribute('aria-controls')}"]`);
  expect(await message.isVisible()).toBe(false);
  await disclosure.click();
  expect(await row.getByRole('button', { name: EN.row.hideMessage }).getAttribute('aria-expanded')).toBe('true');
  expect(await message.innerText()).toContain('Baris pertama <b>bukan tebal</b>\nBaris kedua');
  expect(await message.locator('b').count()).toBe(0);
  await fitsAndPassesAxe(page);

  expect((await checkPromises(doctorDb()))[0]).toMatchObject({ name: 'replies overdue', status: 'FAIL' });
  await row.getByRole('button', { name: EN.actions.answer }).click();
  await said(page).getByText(EN.outcomes.answered(name)).waitFor();
  await page.getByText(EN.list.empty.overdue).waitFor();
  await page.getByRole('button', { name: 'Overdue 0' }).waitFor();
  expect((await focusOf(said(page))).focused).toBe(true);
  await fitsAndPassesAxe(page);

  // As `npm run doctor` reads it: no reply overdue; the team's row names the member and the action.
  expect((await checkPromises(doctorDb()))[0]).toEqual({ name: 'replies overdue', status: 'ok', detail: 'none; none due soon' });
  const { rows: record } = await backend().db.query(
    `select member_email, action, outcome, inquiry_id, mailbox_hmac is not null as hashed from private.team_actions where inquiry_id = $1`,
    [id],
  );
  expect(record).toEqual([{ member_email: MEMBER, action: 'mark_answered', outcome: 'answered', inquiry_id: id, hashed: true }]);
  const team = await checkTeam(doctorDb());
  expect(team.detail).toContain(`${MEMBER} mark_answered answered ${id}`);
  expect(team.detail).not.toContain(email);
});

it('sends the deck to an investor marked answered: one email, to the requester; the button then goes', async () => {
  const email = 'investor-tim@example.test';
  const id = await inquiry({ name: 'Bima Investor', email, type: 'investor', hoursOld: 3, language: 'en' });
  await backend().db.query(`update public.contact_submissions set answered_at = now(), answered_how = 'marked' where id = $1`, [id]);
  const { page } = await visit(`${site()}/team/`, PHONE);
  await signIn(page);
  await page.getByRole('button', { name: /^Answered \d+$/ }).click();
  const row = page.getByRole('article', { name: 'Bima Investor' });
  await row.getByRole('button', { name: EN.actions.deck }).click();
  await said(page)
    .getByText(/^The deck was sent to investor-tim@example\.test on /)
    .waitFor();
  await row.getByText(/^Deck sent on /).waitFor();
  expect(await row.getByRole('button', { name: EN.actions.deck }).count()).toBe(0);

  const deckEmails = backend().emails.filter((mail) => mail.body.to.includes(email));
  expect(deckEmails).toHaveLength(1);
  const { rows } = await backend().db.query<{ sent: boolean; answered_how: string }>(
    `select deck_sent_at is not null as sent, answered_how from public.contact_submissions where id = $1`,
    [id],
  );
  expect(rows).toEqual([{ sent: true, answered_how: 'marked' }]);
  const { rows: record } = await backend().db.query(`select member_email, action from private.team_actions where inquiry_id = $1`, [id]);
  expect(record).toEqual([{ member_email: MEMBER, action: 'deck' }]);
  await fitsAndPassesAxe(page);
});

it('erases a mailbox from the keyboard alone, only once the address is typed again; Escape closes the step and gives the focus back', async () => {
  const email = 'Hapus.Saya@Example.test';
  await inquiry({ name: 'Citra Hapus', email, type: 'contact', hoursOld: 2 });
  const kept = await inquiry({ name: 'Dimas Tetap', email: 'dimas@example.test', type: 'contact', hoursOld: 2 });
  // `open`: the database's refusal of what is not an address (400, 22023) is an answer the page expects.
  const { page, problems } = await open(`${site()}/team/`, PHONE);
  await signIn(page);
  await page.getByRole('article', { name: 'Dimas Tetap' }).waitFor();
  const listed = await page.getByRole('article').count();

  // The search: something that is not an address changes nothing; the address finds its one row.
  const search = page.getByRole('textbox', { name: EN.search.label });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focusOf(search)).toEqual({ focused: true, outline: 'solid 3px' });
  await page.keyboard.type('hapus saya');
  await page.keyboard.press('Enter');
  await page.getByText(EN.search.notAddress).waitFor();
  expect(await search.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByRole('article').count()).toBe(listed);
  expect(problems.map((problem) => problem.text)).toEqual([
    expect.stringMatching(/^400 POST .*\/rest\/v1\/rpc\/team_mailbox$/),
    expect.stringContaining('status of 400'),
  ]);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('hapus.saya@example.test');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: EN.search.showing('hapus.saya@example.test') }).waitFor();
  await page.getByRole('article', { name: 'Citra Hapus' }).waitFor();
  expect(await page.getByRole('article').count()).toBe(1);

  // Tab by Tab to the row's erase button, each stop showing its focus.
  const erase = page.getByRole('button', { name: EN.actions.erase });
  for (let presses = 0; presses < 30 && !(await focusOf(erase)).focused; presses += 1) {
    await page.keyboard.press('Tab');
    const shown = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(shown).toBe('solid 3px');
  }
  expect((await focusOf(erase)).focused).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: EN.erase.title });
  const typed = dialog.getByRole('textbox', { name: EN.erase.confirmLabel });
  expect((await focusOf(typed)).focused).toBe(true);
  await page.keyboard.type('hapus.saya@example.tes');
  await page.keyboard.press('Enter');
  await dialog.getByText(EN.erase.mismatch).waitFor();
  await fitsAndPassesAxe(page);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect((await focusOf(erase)).focused).toBe(true);
  const count = async () =>
    (
      await backend().db.query<{ n: number }>(
        `select count(*)::int as n from public.contact_submissions where mailbox = 'hapus.saya@example.test'`,
      )
    ).rows[0]!.n;
  expect(await count()).toBe(1);

  await page.keyboard.press('Enter');
  await typed.waitFor();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await said(page)
    .getByText(/^Erased \d+ records? of this mailbox\.$/)
    .waitFor();
  expect((await focusOf(said(page))).focused).toBe(true);
  expect(await count()).toBe(0);
  const { rows: others } = await backend().db.query(`select id::text from public.contact_submissions where id = $1`, [kept]);
  expect(others).toHaveLength(1);
  const { rows: record } = await backend().db.query(
    `select member_email, action, outcome from private.team_actions where action = 'erase' order by id`,
  );
  expect(record).toEqual([{ member_email: MEMBER, action: 'erase', outcome: 'erased' }]);
  await fitsAndPassesAxe(page);
  expect(problems).toHaveLength(2);
});
