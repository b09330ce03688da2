// The default build (embedded content, no backend settings), served like `npm run serve`, read in
// Chromium as a visitor reads it: every part and text of the spec, the flows, the keyboard, the
// forced light theme, layout at phone widths, accessibility, and no console errors anywhere.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { FOOTER, HERO, SNAPSHOT, COVERAGE, STATUS_LABELS, TIMELINE } from '../../src/content/copy';
import { SECTION_IDS, TIMELINE_STEP_PX } from '../../src/content/constants';
import {
  BACKEND_NOT_CONFIGURED_LOG,
  FIELD_MAX_LENGTH,
  FORM_COPY,
  INVESTOR_DECK_HASH,
  MESSAGE_ROWS,
  MODAL_COPY,
  SIMULATED_SUBMIT_DELAY_MS,
  SUCCESS_AUTO_CLOSE_MS,
} from '../../src/content/modal';
import { SITE } from '../../src/content/site';
import { materialStatusKey, materialStatusOpacity, timelineStatusOpacity } from '../../src/content/status';
import type { InquiryType } from '../../src/content/types';
import { injectScriptAtRunTime, screenshot, takeRefusals, type TrackedPage } from './support/browser';
import { browserForTheFile, type FileBrowser } from './support/file-browser';
import {
  axeViolations,
  countLayoutShifts,
  effectiveOpacity,
  faintestOpacity,
  layoutShift,
  publishedSeedContent,
  scrollThrough,
  settled,
  settledScrollLeft,
  waitFor,
  type PublishedContent,
} from './support/page-helpers';

const { browser, visit: visitUrl } = browserForTheFile();
let content: PublishedContent;
const site = () => `${process.env.E2E_EMBEDDED_URL}/`;

function visit(options: Parameters<FileBrowser['visit']>[1] = {}, url = site()): Promise<TrackedPage> {
  return visitUrl(url, options);
}

beforeAll(async () => {
  content = await publishedSeedContent();
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const headingsIn = (page: Page, name: string) => region(page, name).getByRole('heading', { level: 3 }).allInnerTexts();

describe('content of the spec', () => {
  it('shows the hero, the two snapshot columns, coverage, timeline and footer with their texts', async () => {
    const { page } = await visit();
    await expectVisibleText(page, [HERO.headline.split(' ')[0] as string, HERO.pitch, HERO.chat, HERO.scrollDown, SITE.tagline]);
    expect((await page.getByRole('heading', { level: 1 }).innerText()).replace(/\s+/g, ' ')).toBe(HERO.headline);
    for (const claim of HERO.claims) await expectVisibleText(page, [claim.value, claim.label]);
    expect(HERO.claims.map((c) => c.value)).toEqual(['10x', 'Over 90%']);

    const snapshot = region(page, SNAPSHOT.sectionLabel);
    await expect(snapshot.getByRole('heading', { level: 2, name: SITE.productName, exact: true }).isVisible()).resolves.toBe(true);
    await expect(snapshot.getByRole('heading', { level: 2, name: SNAPSHOT.workerTitle }).isVisible()).resolves.toBe(true);
    await expect(snapshot.getByText(SNAPSHOT.workerSubtitle, { exact: true }).isVisible()).resolves.toBe(true);
    for (const alt of [SNAPSHOT.sorterImageAlt, SNAPSHOT.workerImageAlt]) {
      const image = snapshot.getByRole('img', { name: alt });
      await image.scrollIntoViewIfNeeded();
      // Loaded and drawn, not a broken or empty box.
      expect(
        await waitFor(
          () => image.evaluate((img) => (img as HTMLImageElement).naturalWidth),
          (w) => w > 0,
        ),
      ).toBeGreaterThan(0);
    }

    for (const title of [COVERAGE.title, TIMELINE.title]) {
      await expect(page.getByRole('heading', { level: 2, name: title }).isVisible()).resolves.toBe(true);
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(FOOTER.location).isVisible()).resolves.toBe(true);
    await expect(footer.getByRole('button', { name: FOOTER.chat, exact: true }).isVisible()).resolves.toBe(true);
    await expect(footer.getByRole('img').or(footer.locator('svg')).first().isVisible()).resolves.toBe(true);
  });

  it('lists every active row in order_index order and no inactive row', async () => {
    const { page } = await visit();
    const snapshot = region(page, SNAPSHOT.sectionLabel);
    const column = (name: string) =>
      snapshot.getByRole('article', { name, exact: true }).getByRole('heading', { level: 3 }).allInnerTexts();
    expect(await column(SITE.productName)).toEqual(content.adasorter.map((c) => c.title));
    expect(await column(SNAPSHOT.workerTitle)).toEqual(content.worker.map((c) => c.title));
    expect(await headingsIn(page, COVERAGE.title)).toEqual(content.materials.map((m) => m.name));
    expect(await headingsIn(page, TIMELINE.title)).toEqual(content.timeline.map((t) => t.title));
    for (const card of [...content.adasorter, ...content.worker]) if (card.subtitle) await expectVisibleText(snapshot, [card.subtitle]);

    const text = await page.locator('body').innerText();
    expect(content.inactiveNames.length).toBeGreaterThan(0);
    for (const name of content.inactiveNames) expect(text).not.toContain(name);
  });

  // The page may keep a faded card's text at full contrast and fade its surface (accessibility):
  // what is asserted is that the card is faded to exactly the spec's value and nothing in it fainter.
  it("shows each material's status label and opacity as the status table says", async () => {
    const { page } = await visit({ reducedMotion: 'reduce' });
    const cards = region(page, COVERAGE.title).getByRole('article');
    for (const [index, material] of content.materials.entries()) {
      const card = cards.nth(index);
      await card.scrollIntoViewIfNeeded();
      const expected = {
        label: STATUS_LABELS.material[materialStatusKey(material.status)],
        opacity: materialStatusOpacity(material.status),
      };
      expect(await card.getByRole('heading').innerText()).toBe(material.name);
      expect(await card.textContent()).toContain(expected.label);
      expect({
        name: material.name,
        opacity: await waitFor(
          () => faintestOpacity(card),
          (o) => o === expected.opacity,
        ),
      }).toEqual({
        name: material.name,
        opacity: expected.opacity,
      });
    }
  });

  it('fades upcoming milestones to 75% and keeps completed and current ones at full opacity', async () => {
    const { page } = await visit({ reducedMotion: 'reduce' });
    const cards = region(page, TIMELINE.title).getByRole('article');
    await cards.first().scrollIntoViewIfNeeded();
    for (const [index, item] of content.timeline.entries()) {
      const expected = timelineStatusOpacity(item.status);
      const card = cards.nth(index);
      expect(await card.getByRole('heading').innerText()).toBe(item.title);
      expect({
        title: item.title,
        opacity: await waitFor(
          () => faintestOpacity(card),
          (o) => o === expected,
        ),
      }).toEqual({
        title: item.title,
        opacity: expected,
      });
    }
  });

  it('has the head a search engine and a social card need', async () => {
    const { page } = await visit();
    expect(await page.title()).toBe(SITE.title);
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    expect(await meta('meta[name="description"]')).toBe(SITE.description);
    expect(await meta('meta[property="og:title"]')).toBeTruthy();
    expect(await meta('meta[property="og:image"]')).toMatch(/^https?:\/\//);
    expect(await meta('meta[name="twitter:card"]')).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('shows the first screen without JavaScript (nothing above the fold waits for it)', async () => {
    const { page } = await visit({ javaScriptEnabled: false });
    const headline = page.getByRole('heading', { level: 1 });
    expect(await headline.isVisible()).toBe(true);
    expect(await effectiveOpacity(headline)).toBe(1);
    expect(await effectiveOpacity(page.getByText(HERO.pitch))).toBe(1);
  });
});

describe('hero and timeline', () => {
  it('scrolls down to the product snapshot with the hero button and moves focus there', async () => {
    const { page } = await visit();
    await page.getByRole('button', { name: HERO.scrollDown }).click();
    const top = await waitFor(
      () => page.locator(`#${SECTION_IDS.snapshot}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      (y) => Math.abs(y) <= 80,
    );
    expect(Math.abs(top)).toBeLessThanOrEqual(80);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(SECTION_IDS.snapshot);
  });

  it('starts scrolled to the current milestone', async () => {
    const { page } = await visit();
    const scroller = region(page, TIMELINE.scrollRegionLabel);
    const current = content.timeline.findIndex((item) => item.status === 'current');
    expect(current).toBeGreaterThan(0);
    const max = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
    const expected = Math.min(current * TIMELINE_STEP_PX, max);
    expect(
      await waitFor(
        () => settledScrollLeft(scroller),
        (x) => Math.abs(x - expected) <= 1,
      ),
    ).toBeCloseTo(expected, 0);
    // The current milestone is actually in view, not just the number right.
    const card = scroller.getByRole('heading', { name: content.timeline[current]?.title }).first();
    const [box, frame] = await Promise.all([card.boundingBox(), scroller.boundingBox()]);
    expect(box && frame && box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1).toBe(true);
  });

  it('moves the timeline by 320 px per arrow press, both ways', async () => {
    const { page } = await visit({ viewport: { width: 390, height: 844 } });
    const scroller = region(page, TIMELINE.scrollRegionLabel);
    const start = await settledScrollLeft(scroller);
    expect(start).toBeGreaterThanOrEqual(TIMELINE_STEP_PX);
    await page.getByRole('button', { name: TIMELINE.previous }).click();
    expect(
      await waitFor(
        () => settledScrollLeft(scroller),
        (x) => x !== start,
      ),
    ).toBeCloseTo(start - TIMELINE_STEP_PX, 0);
    await page.getByRole('button', { name: TIMELINE.next }).click();
    expect(
      await waitFor(
        () => settledScrollLeft(scroller),
        (x) => x !== start - TIMELINE_STEP_PX,
      ),
    ).toBeCloseTo(start, 0);
  });
});

describe('contact modal (simulated submission on the embedded default)', () => {
  async function fillAndSend(page: Page, type: InquiryType) {
    const copy = MODAL_COPY[type];
    const dialog = page.getByRole('dialog', { name: copy.heading });
    await expect(dialog.getByText(copy.text).isVisible()).resolves.toBe(true);
    await dialog.getByLabel(FORM_COPY.labels.name).fill('Sari Wijaya');
    await dialog.getByLabel(FORM_COPY.labels.email).fill('sari@example.test');
    await dialog.getByLabel(FORM_COPY.labels.company).fill('Bank Sampah Bekasi');
    await dialog.getByLabel(FORM_COPY.labels.message).fill('We sort 20 tonnes a day. <b>Can we pilot?</b>');
    // When the success view came and when the dialog went, as the page saw them: seen from here,
    // on a busy machine, the success view may be noticed late and the auto-close look early.
    await page.evaluate((successTitle) => {
      const w = window as unknown as { __successAt?: number; __closedAt?: number };
      const observer = new MutationObserver(() => {
        const shown = document.querySelector('[role="dialog"]');
        if (w.__successAt === undefined && shown?.textContent?.includes(successTitle)) w.__successAt = performance.now();
        if (w.__successAt !== undefined && !shown) {
          w.__closedAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, copy.successTitle);
    const sentAt = Date.now();
    await dialog.getByRole('button', { name: copy.button }).click();
    const sending = dialog.getByRole('button', { name: FORM_COPY.sending });
    expect(await sending.isDisabled()).toBe(true);
    // The success view titles the dialog anew, so from here on it is found by role alone.
    const anyDialog = page.getByRole('dialog');
    await anyDialog.getByText(copy.successTitle).waitFor({ timeout: SIMULATED_SUBMIT_DELAY_MS + 3000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(SIMULATED_SUBMIT_DELAY_MS - 100);
    await expect(anyDialog.getByText(copy.successBody).isVisible()).resolves.toBe(true);
    await anyDialog.waitFor({ state: 'detached', timeout: SUCCESS_AUTO_CLOSE_MS + 3000 });
    // Hidden is detached for a locator; the element leaves the page once its exit has played.
    const closedAfter = await page.waitForFunction(
      () => {
        const w = window as unknown as { __successAt?: number; __closedAt?: number };
        return w.__successAt !== undefined && w.__closedAt !== undefined && { ms: w.__closedAt - w.__successAt };
      },
      null,
      // Only how long to wait for the page's own record (the measure is the ms it holds): a busy
      // machine's renderer took over 3 s to run the observer.
      { timeout: 15_000 },
    );
    expect(((await closedAfter.jsonValue()) as { ms: number }).ms).toBeGreaterThanOrEqual(SUCCESS_AUTO_CLOSE_MS);
  }

  // The two flows run side by side, each in a page of its own, so that they wait out the simulated
  // submit and the auto-close once between them rather than once each.
  it('sends a contact message (fields, Sending..., success texts, auto-close, focus back, form reset) and, from the discreet footer link, an investor-deck request with its own texts', async () => {
    await Promise.all([sendContactMessage(), sendInvestorRequest()]);
  });

  async function sendContactMessage() {
    const { page, messages } = await visit();
    const opener = page.getByRole('button', { name: HERO.chat, exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: MODAL_COPY.contact.heading });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    const name = dialog.getByLabel(FORM_COPY.labels.name);
    const email = dialog.getByLabel(FORM_COPY.labels.email);
    const company = dialog.getByLabel(FORM_COPY.labels.company);
    const message = dialog.getByLabel(FORM_COPY.labels.message);
    expect(await name.evaluate((el: HTMLInputElement) => [el.required, el.maxLength])).toEqual([true, FIELD_MAX_LENGTH.name]);
    expect(await email.evaluate((el: HTMLInputElement) => [el.required, el.type, el.maxLength])).toEqual([
      true,
      'email',
      FIELD_MAX_LENGTH.email,
    ]);
    expect(await company.evaluate((el: HTMLInputElement) => [el.required, el.maxLength])).toEqual([false, FIELD_MAX_LENGTH.company]);
    expect(await message.evaluate((el: HTMLTextAreaElement) => [el.required, el.rows, el.maxLength])).toEqual([
      true,
      MESSAGE_ROWS,
      FIELD_MAX_LENGTH.message,
    ]);

    // The browser's own check stops an empty form: no Sending..., still the form.
    await dialog.getByRole('button', { name: MODAL_COPY.contact.button }).click();
    expect(await name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    expect(await dialog.getByRole('button', { name: FORM_COPY.sending }).count()).toBe(0);

    await fillAndSend(page, 'contact');
    expect(messages.map((m) => m.text)).toContain(BACKEND_NOT_CONFIGURED_LOG);
    await page.waitForFunction((el) => el === document.activeElement, await opener.elementHandle(), { timeout: 2000 });

    await opener.click();
    const reopened = page.getByRole('dialog', { name: MODAL_COPY.contact.heading });
    await reopened.waitFor();
    expect(await reopened.getByLabel(FORM_COPY.labels.message).inputValue()).toBe('');
  }

  async function sendInvestorRequest() {
    const { page } = await visit();
    const link = page.getByRole('link', { name: FOOTER.investor });
    await link.click();
    await page.getByRole('dialog', { name: MODAL_COPY.investor.heading }).waitFor();
    await fillAndSend(page, 'investor');
    expect(await page.evaluate(() => window.location.hash)).toBe('');
  }

  // On a slow phone the bundles arrive a while after the first paint; a tap in between must open the
  // modal once they have (the early-intent script in the page's head keeps it).
  it('opens the contact modal for a tap made after the first paint, before the page was interactive', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
      // Holds React back, so that the tap surely lands before hydration.
      await page.route(/\/framework-[0-9a-f]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto(site(), { waitUntil: 'commit' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      const button = page.getByRole('button', { name: HERO.chat, exact: true });
      expect(await button.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')))).toBe(false);
      await button.click();

      const dialog = page.getByRole('dialog', { name: MODAL_COPY.contact.heading });
      await dialog.waitFor({ timeout: 15_000 });
      await expect(dialog.getByLabel(FORM_COPY.labels.name).isVisible()).resolves.toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens the investor modal from the #investor-deck hash', async () => {
    const { page } = await visit({}, `${site()}${INVESTOR_DECK_HASH}`);
    const dialog = page.getByRole('dialog', { name: MODAL_COPY.investor.heading });
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: MODAL_COPY.investor.button }).isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: FORM_COPY.close }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('keeps focus inside, closes on Escape and gives focus back to the button that opened it', async () => {
    const { page } = await visit();
    const opener = page.getByRole('contentinfo').getByRole('button', { name: FOOTER.chat, exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: MODAL_COPY.contact.heading });
    await dialog.waitFor();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The focus moves back once the frame that answers the key has been painted (ContactModalProvider).
    await page.waitForFunction((el) => el === document.activeElement, await opener.elementHandle(), { timeout: 2000 });
  });
});

describe('the page as a whole', () => {
  it('removes a dark marker present at load and again when the colour scheme changes', async () => {
    const { page } = await visit({
      colorScheme: 'dark',
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      await page.emulateMedia({ colorScheme });
      expect(
        await waitFor(
          () => page.evaluate(() => document.documentElement.classList.contains('dark')),
          (dark) => !dark,
        ),
      ).toBe(false);
    }
  });

  it('removes a dark class that is on the document before any of the page’s scripts run', async () => {
    const context = await browser().newContext();
    // As a theme script or a host toolbar would: on <html> as soon as it exists.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement) {
          document.documentElement.classList.add('dark');
          observer.disconnect();
        }
      }).observe(document, { childList: true });
    });
    const page = await context.newPage();
    try {
      await page.goto(site(), { waitUntil: 'load' });
      expect(
        await waitFor(
          () => page.evaluate(() => document.documentElement.classList.contains('dark')),
          (dark) => !dark,
        ),
      ).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('loads no analytics script outside Vercel (it would answer 404) and logs no errors on a full visit', async () => {
    const { page } = await visit();
    await scrollThrough(page);
    const sources = await page.evaluate(() => [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src') ?? ''));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((src) => src.includes('/_vercel/'))).toEqual([]);
  });

  it("refuses an injected script under the page's own policy, with _headers sending what a meta element cannot", async () => {
    const { page, problems } = await visit();
    const response = await page.request.get(site());
    expect(response.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toMatch(/script-src 'self' 'sha256-/);
    expect(await injectScriptAtRunTime(page)).toMatch(/^script-src/);
    expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
    // The refusal is logged as a console error, which is the point here; every other page of
    // these tests runs under the same policy and must log none.
    expect(takeRefusals(problems)).toHaveLength(1);
  });

  it.each([360, 390, 768, 1024, 1440])('has no horizontal overflow at %i px', async (width) => {
    const { page } = await visit({ viewport: { width, height: 800 } });
    await scrollThrough(page);
    const overflow = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      body: document.body.scrollWidth - document.documentElement.clientWidth,
    }));
    expect(overflow).toEqual({ document: 0, body: 0 });
  });

  it.each([360, 1440])('gives every button, link and field a touch target of at least 44 px at %i px, in the modal too', async (width) => {
    const { page } = await visit({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
    const small = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('a[href], button, input, textarea, select')]
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          // Hidden ones (a collapsed menu, a honeypot field kept off screen and out of the tab
          // order) are no target for anyone.
          .filter(
            ({ el, box }) =>
              box.width > 0 &&
              box.height > 0 &&
              box.right > 0 &&
              box.left < document.documentElement.clientWidth &&
              getComputedStyle(el).visibility !== 'hidden' &&
              (el as HTMLElement).tabIndex >= 0 &&
              !el.closest('[aria-hidden="true"]'),
          )
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(
            ({ el, box }) =>
              `${el.tagName} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`,
          ),
      );
    expect(await small()).toEqual([]);
    await page.getByRole('button', { name: HERO.chat, exact: true }).click();
    await settled(page.getByRole('dialog', { name: MODAL_COPY.contact.heading }));
    expect(await small()).toEqual([]);
  });

  it.each([390, 1440])('passes an axe-core scan at %i px, also with the modal open', async (width) => {
    // axe is injected as an inline script, which the site's Content-Security-Policy rightly refuses.
    const { page } = await visit({ viewport: { width, height: 900 }, reducedMotion: 'reduce', bypassCSP: true });
    await scrollThrough(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: HERO.chat, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: MODAL_COPY.contact.heading });
    await dialog.waitFor();
    // Mid-fade, colours are blends and axe would measure a contrast nobody reads.
    await settled(dialog);
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each([390, 1440])('does not move when its font arrives late, as on a slow phone (%i px)', async (width) => {
    const { page } = await visit({
      viewport: { width, height: 900 },
      initScript: countLayoutShifts,
      beforeOpen: async (p) => {
        await p.route('**/*.woff2', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await route.continue();
        });
      },
    });
    // The page was painted in the fallback font first; now the web font is in use.
    await page.waitForFunction(() => document.fonts.check('16px "Plus Jakarta Sans Variable"') && document.fonts.status === 'loaded');
    await page.waitForTimeout(300);
    // Without the metric-matched fallback faces the swap shifted 0.023 (390 px) and 0.004 (1440 px).
    expect(await layoutShift(page)).toBeLessThan(0.001);
  });

  it.each([390, 1440])('does not move when its HTML arrives in pieces, as on a slow network (%i px)', async (width) => {
    // The page's HTML is cut after the first of the hero's two claims, and the rest follows a second
    // later. A browser paints what it has parsed meanwhile; the claims are centred beside the
    // headline, so a half-parsed list would be drawn lower and jump up when the second claim came.
    const server = await servePageInPieces(site(), afterFirstClaim);
    try {
      const { page } = await visit({ viewport: { width, height: 900 }, initScript: countLayoutShifts }, `${server.url}/`);
      await page.waitForTimeout(300);
      expect(await layoutShift(page)).toBeLessThan(0.001);
    } finally {
      await server.stop();
    }
  });

  it('takes screenshots at 390 and 1440 px for people to look at', async () => {
    // Two pages of their own, side by side: most of each one's time is waiting.
    await Promise.all(
      [390, 1440].map(async (width) => {
        const { page } = await visit({ viewport: { width, height: width === 390 ? 844 : 900 } });
        await scrollThrough(page);
        await page.waitForTimeout(500);
        await screenshot(page, `landing-${width}`);
        await page.getByRole('button', { name: HERO.chat, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: MODAL_COPY.contact.heading });
        await dialog.waitFor();
        await settled(dialog);
        await screenshot(page, `modal-${width}`, { fullPage: false });
      }),
    );
  });
});

/** Where the hero's list of claims (`#top dl`) ends its first card; -1 when the page has no such list. */
function afterFirstClaim(html: string): number {
  const hero = html.indexOf('id="top"');
  const list = hero < 0 ? -1 : html.indexOf('<dl', hero);
  const firstCardEnd = list < 0 ? -1 : html.indexOf('</div>', list);
  return firstCardEnd < 0 ? -1 : firstCardEnd + '</div>'.length;
}

/**
 * Serves `origin` through a server of its own (same origin for the page's scripts and policy) that
 * sends the page's HTML in two pieces, cut where `cutAt` says, a second apart; everything else as is.
 */
async function servePageInPieces(origin: string, cutAt: (html: string) => number): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      const answer = await fetch(new URL(req.url ?? '/', origin));
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/octet-stream' });
      if (req.url !== '/') return res.end(body);
      const html = body.toString('utf8');
      const cut = cutAt(html);
      if (cut <= 0) throw new Error('servePageInPieces: no place to cut the page');
      res.write(html.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      res.end(html.slice(cut));
    })().catch((error: unknown) => res.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function expectVisibleText(scope: Page | ReturnType<Page['locator']>, texts: string[]): Promise<void> {
  for (const text of texts) {
    const visible = await scope.getByText(text, { exact: false }).first().isVisible();
    expect({ text, visible }).toEqual({ text, visible: true });
  }
}
