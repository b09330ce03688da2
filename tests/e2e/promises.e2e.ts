// The promises end to end, on the site built against the local backend (global-setup.ts): an
// investor asks for the deck from /id/; the team's email (the backend's inbox, GET /local/emails)
// holds a link to the site's /act/ page; fetching it and opening it change nothing; the press sends
// one email, to the requester, in Indonesian, whose link downloads the PDF; a second press sends
// nothing more and the spent link shows no name; an investor request marked answered still gets its
// deck, once; a forged token or a mangled fragment gets one plain sentence. With a long address the
// page still fits a 390 px screen, passes axe, is used from the keyboard, and runs the site's own
// scripts only.
import { randomBytes } from 'node:crypto';
import { ACTION_PAGE_TEXT, fillIn } from '../../src/content/dictionaries/act';
import { INDONESIAN } from '../../src/content/dictionaries/id';
import { INVESTOR_DECK_HASH } from '../../src/content/modal';
import { NOTIFY_TO, type InboxEmail } from 'local-supabase';
import { insertInquiry, notifyTeam, visitorRow } from 'local-supabase/visitor';
import { A_PDF, download } from '../support/pdf';
import { backendAtBuildPortForTheFile } from './support/backend-content';
import { browserForTheFile } from './support/file-browser';
import { axeViolations } from './support/page-helpers';
import { builtScriptPolicy, focusOf, recordScripts, scrollWidth } from './support/staff-pages';

const site = () => process.env.E2E_BACKEND_SITE_URL ?? '';
const backend = backendAtBuildPortForTheFile();
// `open`: the page's answer to a forged token is a 404 it expects.
const { open, visit } = browserForTheFile();
const REQUESTER = 'investor@example.test';

async function inbox(): Promise<InboxEmail[]> {
  return (await (await fetch(`${backend().url}/local/emails`)).json()) as InboxEmail[];
}

async function waitForEmails(count: number): Promise<InboxEmail[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const emails = await inbox();
    if (emails.length >= count || Date.now() > deadline) return emails;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const answeredAt = async () =>
  (
    await backend().db.query<{ answered_at: Date | null }>('select answered_at from public.contact_submissions where email = $1', [
      REQUESTER,
    ])
  ).rows[0]?.answered_at ?? null;

it('an investor request from /id/: the team link opened changes nothing, the press sends the deck once, in Indonesian', async () => {
  await backend().db.query(`select vault.create_secret($1, 'site_url')`, [site()]);
  const { page } = await open(`${site()}/id/${INVESTOR_DECK_HASH}`);
  const copy = INDONESIAN.modal.investor;
  const dialog = page.getByRole('dialog', { name: copy.heading });
  await dialog.waitFor();
  await dialog.getByLabel(INDONESIAN.form.labels.name).fill('Sari Wijaya');
  await dialog.getByLabel(INDONESIAN.form.labels.email).fill(REQUESTER);
  await dialog.getByLabel(INDONESIAN.form.labels.company).fill('Modal Ventura');
  await dialog.getByLabel(INDONESIAN.form.labels.message).fill('Mohon kirimkan materi investor.');
  await dialog.getByRole('button', { name: copy.button }).click();
  // The dialog is named by its heading, which the success state replaces.
  await page.getByRole('dialog').getByText(copy.successTitle).waitFor();

  const [team] = await waitForEmails(1);
  expect(team?.to).toEqual([NOTIFY_TO]);
  const deckLine = team!.text.split('\n').find((line) => line.startsWith(`Send the deck to ${REQUESTER}: `));
  const deckLink = deckLine!.slice(deckLine!.indexOf(': ') + 2);
  expect(deckLink).toMatch(new RegExp(`^${site()}/act/#[A-Za-z0-9_-]{43}$`));

  // A mail scanner fetches the link; a person opens it: neither acts.
  expect((await fetch(deckLink)).status).toBe(200);
  const link = await open(deckLink);
  const en = ACTION_PAGE_TEXT.en;
  const button = link.page.getByRole('button', { name: fillIn(en.button.send_deck, { email: REQUESTER }) });
  await button.waitFor();
  expect(await link.page.getByText('Sari Wijaya').count()).toBe(1);
  expect(await answeredAt()).toBeNull();
  expect(await inbox()).toHaveLength(1);

  await button.click();
  await link.page.getByText(/^Done: the deck was sent on /).waitFor();
  const emails = await waitForEmails(2);
  expect(emails).toHaveLength(2);
  const deck = emails[1]!;
  expect(deck.to).toEqual([REQUESTER]);
  expect(deck.replyTo).toBe(NOTIFY_TO);
  expect(deck.subject).toBe('Materi investor AdaSorter');
  expect(await download(deck.links.find((url) => url.includes('/storage/v1/object/sign/'))!)).toEqual(A_PDF);
  // The deck is its own promise: the reply is still the team's to mark.
  expect(await answeredAt()).toBeNull();

  // Pressed again (the page reloaded, or the call repeated): it says what was done, sends nothing.
  const again = await open(deckLink, { waitForButtons: false });
  await again.page.getByText(/^Done: the deck was sent on /).waitFor();
  expect(await again.page.getByRole('button').count()).toBe(0);
  // A spent link shows what was done, never who asked.
  expect(await again.page.getByText('Sari Wijaya').count()).toBe(0);
  expect(await again.page.getByText(REQUESTER).count()).toBe(0);
  const repeat = await fetch(`${backend().url}/functions/v1/inquiry-notif-resend`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend().anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ act: deckLink.split('#')[1], action: 'send_deck' }),
  });
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
  expect(await repeat.json()).toEqual({ outcome: 'done', how: 'deck_sent', at: expect.any(String) });
  expect(await inbox()).toHaveLength(2);
}, 120_000);

it('an investor request marked answered still gets exactly one deck email through its link', async () => {
  await backend().db.query(
    `select vault.create_secret($1, 'site_url') where not exists (select from vault.secrets where name = 'site_url')`,
    [site()],
  );
  const row = { ...visitorRow({ type: 'investor' }), name: 'Budi Answered', email: 'answered-investor@example.test' };
  expect((await insertInquiry(backend().url, backend().anonKey, row)).status).toBe(201);
  expect((await notifyTeam(backend().url, backend().anonKey, row)).status).toBe(200);
  const team = (await inbox()).find((email) => email.text.includes(`Send the deck to ${row.email}: `))!;
  const [answerLink, deckLink] = team.links.filter((link) => link.startsWith(`${site()}/act/#`));
  const en = ACTION_PAGE_TEXT.en;

  const answer = await visit(answerLink!);
  await answer.page.getByRole('button', { name: en.button.answer }).click();
  await answer.page.getByText(/^Done: marked as answered on /).waitFor();

  // The deck's link still acts; the inquiry is answered, so the page no longer names the person.
  const deck = await visit(deckLink!);
  const button = deck.page.getByRole('button', { name: en.sendDeckHidden });
  await button.waitFor();
  await deck.page.getByText(/^This inquiry was marked as answered on /).waitFor();
  expect(await deck.page.getByText(row.name).count()).toBe(0);
  expect(await deck.page.getByText(row.email).count()).toBe(0);
  await button.click();
  await deck.page.getByText(/^Done: the deck was sent on /).waitFor();
  const deckEmails = async () => (await inbox()).filter((email) => email.to.includes(row.email));
  expect(await deckEmails()).toHaveLength(1);

  // Opened again, either link says what was done and sends nothing.
  const again = await visit(deckLink!, { waitForButtons: false });
  await again.page.getByText(/^Done: the deck was sent on /).waitFor();
  expect(await again.page.getByRole('button').count()).toBe(0);
  const answered = await visit(answerLink!, { waitForButtons: false });
  await answered.page.getByText(/^Done: marked as answered on /).waitFor();
  await answered.page.getByText(/^The deck was sent on /).waitFor();
  expect(await deckEmails()).toHaveLength(1);
}, 120_000);

it('a mangled fragment (not valid percent-encoding) gets the same sentence, not a blank page', async () => {
  const { page } = await visit(`${site()}/act/#%E0%A4%A`, { waitForButtons: false });
  await page.getByText(ACTION_PAGE_TEXT.en.invalid).waitFor();
  expect(await page.getByRole('button').count()).toBe(0);
});

it('a forged token gets one plain sentence', async () => {
  const { page } = await open(`${site()}/act/#forged-token-forged-token-forged-token-forge`, { waitForButtons: false });
  await page.getByText(ACTION_PAGE_TEXT.en.invalid).waitFor();
  expect(await page.getByRole('button').count()).toBe(0);
});

it('the page is not for search engines, in both languages', async () => {
  for (const [path, language] of [
    ['/act/', 'en'],
    ['/id/act/', 'id'],
  ] as const) {
    const html = await (await fetch(`${site()}${path}`)).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain(`lang="${language}"`);
    expect(html).toContain(ACTION_PAGE_TEXT[language].noScript);
  }
});

it("with a long address the page fits a 390 px screen, passes axe, is used from the keyboard, and runs the site's own scripts only", async () => {
  // A long address with no hyphen (a line may break at one): it must wrap, not widen the card.
  const long = 'investor.relations.southeastasia.fundpartners@ventureinvestmentpartners.example.test';
  const { rows } = await backend().db.query<{ id: string }>(
    `insert into public.contact_submissions (name, email, company, message, type)
     values ('Ayu Lestari Kusumawardhani', $1, 'Modal Ventura Nusantara', 'Mohon kirimkan materi investor.', 'investor') returning id::text`,
    [long],
  );
  // The function derives a link's token under its own key; the database keeps its SHA-256 alone,
  // so a link for this inquiry is a random token whose hash is stored as the function stores one.
  const token = randomBytes(32).toString('base64url');
  await backend().db.query(
    `insert into private.inquiry_action_tokens (token_hash, inquiry_id, action, expires_at)
     values (sha256(convert_to($1, 'UTF8')), $2, 'send_deck', now() + interval '1 day')`,
    [token, rows[0]!.id],
  );
  for (const width of [390, 1440]) {
    let scripts: string[] = [];
    // axe is injected as an inline script, which the page's Content-Security-Policy rightly refuses.
    const { page } = await visit(`${site()}/act/#${token}`, {
      viewport: { width, height: 844 },
      reducedMotion: 'reduce',
      bypassCSP: true,
      beforeOpen: async (opened) => void (scripts = recordScripts(opened)),
    });
    const button = page.getByRole('button', { name: fillIn(ACTION_PAGE_TEXT.en.button.send_deck, { email: long }) });
    await button.waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await focusOf(button)).toEqual({ focused: true, outline: 'solid 3px' });
    expect(scripts.filter((url) => !url.startsWith(`${site()}/`))).toEqual([]);
  }
  for (const file of ['act/index.html', 'id/act/index.html']) {
    const { scripts, frames } = builtScriptPolicy(file);
    expect(scripts).toMatch(/^script-src 'self'( 'sha256-[^']+')+$/);
    expect(frames).toBe("default-src 'self'");
  }
  // Opened, looked at, tabbed through: nothing was done.
  const { rows: after } = await backend().db.query(`select answered_at from public.contact_submissions where id = $1`, [rows[0]!.id]);
  expect(after).toEqual([{ answered_at: null }]);
});
