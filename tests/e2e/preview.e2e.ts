// The editors' preview and its editor page, built against the local backend (global-setup.ts) and
// opened with a preview link: no content in the built HTML, drafts shown and marked, keyboard
// arranging in 25 px steps, undo and redo by both shortcuts, each move posted to the framing editor
// page for the site's own origin only, Save order writing the database, refused links explained,
// and none of it loaded by `/`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { TIMELINE } from '../../src/content/copy';
import { PREVIEW_TEXT } from '../../src/content/preview';
import { insertPreviewLink, type LinkState } from '../support/preview-links';
import { openPage, type TrackedPage } from './support/browser';
import { browserForTheFile } from './support/file-browser';
import { backendAtBuildPortForTheFile } from './support/backend-content';
import { publishedSeedContent, settledScrollLeft, waitFor } from './support/page-helpers';
import { SITES_DIR } from './support/site-build';

const TOKEN = 'e2e-preview-token-0123456789abcdefghijklmnopq';
const DRAFT = { title: 'Recycling credits for waste banks', period: 'Q2 2027' };
const site = () => process.env.E2E_BACKEND_SITE_URL ?? '';
const previewUrl = (token = TOKEN) => `${site()}/preview/#token=${token}`;
const editorUrl = (token = TOKEN) => `${site()}/preview/edit/#token=${token}`;
// Answers to refused links are the point of some tests, not problems of the page.
const rpc = (url: string) => url.includes('/rest/v1/rpc/');

const backend = backendAtBuildPortForTheFile();
const { browser, visit } = browserForTheFile();

const addLink = (token: string, state: LinkState = {}) => insertPreviewLink((sql, params) => backend().db.query(sql, params), token, state);

async function timelineIds(): Promise<string[]> {
  const { rows } = await backend().db.query<{ id: string }>('select id::text as id from public.timeline order by order_index, id');
  return rows.map((row) => row.id);
}

const open = (url: string): Promise<TrackedPage> => visit(url, { ignoreRequest: rpc });

beforeAll(async () => {
  await backend().db.query(
    `insert into public.timeline (period, title, description, status, icon, is_active, order_index)
     values ($1, $2, 'Not announced yet.', 'upcoming', 'Target', false, 35)`,
    [DRAFT.period, DRAFT.title],
  );
  await addLink(TOKEN);
}, 60_000);

const timelineItems = (scope: Page | Frame): Locator => scope.locator('#timeline li[data-item-id]');

async function shownTimeline(scope: Page | Frame): Promise<string[]> {
  return timelineItems(scope).evaluateAll((items) => items.map((item) => item.getAttribute('data-item-id') ?? ''));
}

/** The dragged item's translation in px, from its inline transform. */
async function translateX(item: Locator): Promise<number> {
  const transform = await item.evaluate((element) => (element as HTMLElement).style.transform);
  return Number(/translate3d\((-?[\d.]+)px/.exec(transform)?.[1] ?? 0);
}

it('builds /preview/ and /preview/edit/ with noindex, no-referrer and none of the content in their HTML', async () => {
  const { timeline, materials, inactiveNames } = await publishedSeedContent();
  const texts = [...timeline.map((item) => item.title), ...materials.map((item) => item.name), ...inactiveNames];
  for (const file of ['preview/index.html', 'preview/edit/index.html']) {
    const html = readFileSync(path.join(SITES_DIR, 'backend', file), 'utf8');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain('<meta name="referrer" content="no-referrer"');
    for (const text of texts) expect({ file, text, leaks: html.includes(text) }).toEqual({ file, text, leaks: false });
  }
  // The same search finds the content where it is.
  const landing = readFileSync(path.join(SITES_DIR, 'backend', 'index.html'), 'utf8');
  expect(landing).toContain(materials[0]?.name);
});

it("shows every row with the link, the inactive one marked as a draft in its place, and loads none of it on '/'", async () => {
  const { page } = await open(previewUrl());
  const draft = timelineItems(page).filter({ hasText: DRAFT.title });
  await draft.waitFor();
  await expect(draft.getAttribute('data-draft')).resolves.toBe('true');
  await expect(draft.getByText(PREVIEW_TEXT.draft, { exact: true }).isVisible()).resolves.toBe(true);
  expect(await shownTimeline(page)).toEqual(await timelineIds());
  await expect(page.getByText(PREVIEW_TEXT.banner).isVisible()).resolves.toBe(true);
  const previewScripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );

  const landing = await open(`${site()}/`);
  const landingScripts = await landing.page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );
  const previewOnly = previewScripts.filter((name) => !landingScripts.includes(name));
  expect(previewOnly.some((name) => name.includes('component---src-pages-preview-index-tsx'))).toBe(true);
  // dnd-kit names its live region and descriptions with these prefixes: no script of `/` has them.
  for (const url of landingScripts) {
    const text = await (await fetch(url)).text();
    expect({ url, dndKit: text.includes('DndLiveRegion') }).toEqual({ url, dndKit: false });
  }
});

describe('in the editor page', () => {
  let tracked: TrackedPage;
  let preview: Frame;
  let start: string[];

  const posted = () =>
    tracked.page.evaluate(() => (window as unknown as { __posted: { message: unknown; targetOrigin: unknown }[] }).__posted);

  beforeAll(async () => {
    start = await timelineIds();
    tracked = await openPage(browser(), editorUrl(), {
      ignoreRequest: rpc,
      // Scrolls are instant, as the site makes them for people who ask for less motion: a smooth
      // scroll still running when a keyboard drag steps (focus and the drag's start both scroll the
      // card into view) adds its distance to the step, which a busy machine saw as 43 px for 25.
      reducedMotion: 'reduce',
      // The preview's frame records each postMessage it sends the editor page, with its targetOrigin.
      // The wrapper is made in the frame, so the message still comes from the frame (its source is
      // the realm that calls postMessage, which the editor page checks).
      initScript: () => {
        if (window.top === window) return;
        const editor = window.parent as Window & { __posted?: { message: unknown; targetOrigin: unknown }[] };
        const recorded: { message: unknown; targetOrigin: unknown }[] = [];
        editor.__posted = recorded;
        const post = editor.postMessage.bind(editor);
        editor.postMessage = ((message: unknown, targetOrigin: string) => {
          recorded.push({ message, targetOrigin });
          post(message, targetOrigin);
        }) as typeof window.postMessage;
      },
    });
    const frame = tracked.page.frames().find((candidate) => candidate !== tracked.page.mainFrame());
    if (!frame) throw new Error('the editor page has no frame');
    preview = frame;
    await timelineItems(preview).first().waitFor();
    await preview.getByRole('button', { name: PREVIEW_TEXT.arrange }).click();
  }, 60_000);

  afterAll(async () => {
    const problems = tracked.problems;
    await tracked?.close();
    expect(problems).toEqual([]);
  });

  it("moves an item 25 px per arrow key, reorders past a neighbour, and posts the move for the site's origin only", async () => {
    const first = timelineItems(preview).first();
    const id = await first.getAttribute('data-item-id');
    await first.focus();
    // Focus scrolls the card into view, smoothly; a drag that starts mid-scroll counts the rest of the
    // scroll in the card's offset (a busy run saw 40 px after the first step).
    await settledScrollLeft(preview.getByRole('region', { name: TIMELINE.scrollRegionLabel, exact: true }));
    await preview.page().keyboard.press('Space');
    await expect(
      waitFor(
        () => first.getAttribute('aria-pressed'),
        (pressed) => pressed === 'true',
      ),
    ).resolves.toBe('true');
    // The first two steps: the first change each key makes is exactly 25 px.
    for (const step of [1, 2]) {
      await preview.page().keyboard.press('ArrowRight');
      await expect(
        waitFor(
          () => translateX(first),
          (x) => x !== (step - 1) * 25,
        ),
      ).resolves.toBe(step * 25);
    }
    // A card is 320 px wide: its middle passes the neighbour's after 7 steps (175 px).
    for (let step = 3; step <= 7; step += 1) {
      await preview.page().keyboard.press('ArrowRight');
      await waitFor(
        () => translateX(first),
        (x) => x === step * 25,
      );
    }
    // The screen reader hears the new place before the drop.
    const announced = () =>
      preview.locator('[id^="DndLiveRegion"]').evaluateAll((regions) => regions.map((region) => region.textContent).join(' '));
    await expect(waitFor(announced, (text) => text.includes('position 2 of'))).resolves.toContain('position 2 of');
    await preview.page().keyboard.press('Space');
    const expected = [start[1], start[0], ...start.slice(2)];
    await waitFor(
      () => shownTimeline(preview),
      (ids) => ids[1] === id,
    );
    expect(await shownTimeline(preview)).toEqual(expected);

    const origin = new URL(site()).origin;
    await expect(posted()).resolves.toEqual([{ message: { type: 'move', list: 'timeline', id, from: 0, to: 1 }, targetOrigin: origin }]);
    const pending = tracked.page.getByRole('list', { name: PREVIEW_TEXT.editor.pending }).getByRole('listitem');
    await expect(
      waitFor(
        () => pending.count(),
        (count) => count > 0,
      ),
    ).resolves.toBe(1);
  });

  it('undoes by Ctrl+Z and Cmd+Z, redoes by Ctrl+Y and Cmd+Shift+Z, posting each step', async () => {
    const moved = [start[1], start[0], ...start.slice(2)];
    const id = start[0];
    /** Presses `keys` and waits until the timeline starts with `first`. */
    const press = async (keys: string, first: string | undefined) => {
      await preview.page().keyboard.press(keys);
      await waitFor(
        () => shownTimeline(preview),
        (ids) => ids[0] === first,
      );
    };
    await press('Control+z', start[0]);
    await press('Control+y', moved[0]);
    await press('Meta+z', start[0]);
    await press('Meta+Shift+z', moved[0]);
    expect(await shownTimeline(preview)).toEqual(moved);

    const steps = (await posted()).slice(1).map(({ message }) => message);
    const back = { type: 'move', list: 'timeline', id, from: 1, to: 0 };
    const again = { type: 'move', list: 'timeline', id, from: 0, to: 1 };
    expect(steps).toEqual([back, again, back, again]);
  });

  it('saves the order through Save order, and the database has it', async () => {
    const moved = [start[1], start[0], ...start.slice(2)];
    await tracked.page.getByRole('button', { name: PREVIEW_TEXT.editor.save }).click();
    await tracked.page.getByText(PREVIEW_TEXT.editor.saved).waitFor();
    expect(await timelineIds()).toEqual(moved);
    await expect(tracked.page.getByText(PREVIEW_TEXT.editor.none).isVisible()).resolves.toBe(true);
    // The preview reloads in a new frame, in the saved order (the page must not close mid-load).
    const reloaded = tracked.page.frameLocator('iframe').locator('#timeline li[data-item-id]');
    const shown = () => reloaded.evaluateAll((items) => items.map((item) => item.getAttribute('data-item-id') ?? ''));
    expect(await waitFor(shown, (ids) => ids.length > 0)).toEqual(moved);
  });
});

describe.each([
  ['expired', { expired: true }],
  ['revoked', { revoked: true }],
  ['invalid', null],
] as const)('a link that is %s', (refusal, link) => {
  it('shows why, and nothing of the content', async () => {
    const token = `e2e-${refusal}-token-abcdefghijklmnopqrstuvwxyz012345`;
    if (link) await addLink(token, link);
    // Opened from a working preview, so that the page has hydrated before the link changes.
    const tracked = await openPage(browser(), previewUrl(), { ignoreRequest: rpc });
    try {
      await tracked.page.goto(previewUrl(token));
      await tracked.page.reload();
      await tracked.page.getByRole('alert').filter({ hasText: PREVIEW_TEXT.refused[refusal] }).waitFor();
      await expect(timelineItems(tracked.page).count()).resolves.toBe(0);
      // The refusal itself is logged by the browser; the leaving of the first page aborts its downloads.
      const status = { expired: 410, revoked: 403, invalid: 401 }[refusal];
      const expected = (problem: { kind: string; text: string }) =>
        problem.text ===
          `Failed to load resource: the server responded with a status of ${status} (${
            { 410: 'Gone', 403: 'Forbidden', 401: 'Unauthorized' }[status]
          })` ||
        (problem.kind === 'requestfailed' && problem.text.endsWith('net::ERR_ABORTED'));
      expect(tracked.problems.filter((problem) => !expected(problem))).toEqual([]);
      expect(tracked.problems.some((problem) => problem.kind === 'console')).toBe(true);
    } finally {
      await tracked.close();
    }
  });
});
