// The preview tells an editor whether the live site shows their saved edits: against the backend
// build served as a host serves it, a preview link opens with data-live-state="live"; an edit made
// with the service key turns the banner "pending" without a reload (its page data still carries the
// old revision); once the site has been behind longer than the rebuild's maximum wait, "stale".
// The page's clock is fake and moved on a round at a time, so the banner asks again at once rather
// than a quarter of a minute later; the answers themselves come from the backend in real time.
import type { Page } from 'playwright-core';
import { PREVIEW_TEXT } from '../../src/content/preview';
import { LIVE_STATE_INTERVAL_MS } from '../../src/hooks/useLiveState';
import { insertPreviewLink } from '../support/preview-links';
import { RENAMED_TIMELINE, backendAtBuildPortForTheFile } from './support/backend-content';
import { browserForTheFile } from './support/file-browser';
import { waitFor } from './support/page-helpers';

const TOKEN = 'e2e-live-state-token-0123456789abcdefghijklmno';
const previewUrl = () => `${process.env.E2E_BACKEND_SITE_URL ?? ''}/preview/#token=${TOKEN}`;
// Real time for a round's two requests to be answered, and for all the rounds a state may take.
const ANSWER_MS = 2_000;
const ROUNDS_TIMEOUT_MS = 30_000;

const backend = backendAtBuildPortForTheFile();
const { visit } = browserForTheFile();

beforeAll(async () => {
  await insertPreviewLink((sql, params) => backend().db.query(sql, params), TOKEN);
}, 60_000);

const banner = (page: Page) => page.getByRole('region', { name: PREVIEW_TEXT.title });
const liveState = (page: Page) => () => banner(page).getAttribute('data-live-state');

/** Moves the page's clock on a round at a time until the banner says `state`; returns the last state seen. */
async function roundsUntil(page: Page, state: string): Promise<string | null> {
  const deadline = Date.now() + ROUNDS_TIMEOUT_MS;
  for (;;) {
    await page.clock.runFor(LIVE_STATE_INTERVAL_MS);
    const seen = await waitFor(liveState(page), (s) => s === state, ANSWER_MS);
    if (seen === state || Date.now() > deadline) return seen;
  }
}

it('says live, then pending after an edit without a reload, then that the last build may have failed', async () => {
  // Before the page's scripts, so that the banner's timer is on the fake clock.
  const { page } = await visit(previewUrl(), { beforeOpen: (p) => p.clock.install() });
  expect(await waitFor(liveState(page), (state) => state === 'live', 20_000)).toBe('live');
  await expect(banner(page).getByRole('status').textContent()).resolves.toBe(PREVIEW_TEXT.live.live);
  // A reload would lose this mark.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const edited = await fetch(`${backend().url}/rest/v1/timeline?id=eq.${RENAMED_TIMELINE.id}`, {
    method: 'PATCH',
    headers: { apikey: backend().serviceKey, Authorization: `Bearer ${backend().serviceKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: 'Sachets on the live line, edited after the build' }),
  });
  expect(edited.status).toBe(204);
  expect(await roundsUntil(page, 'pending')).toBe('pending');
  const pending = await banner(page).getByRole('status').textContent();
  expect(pending).toMatch(/^Waiting for the build: the site shows the content of .+; 1 edit since$/);

  // The rebuild's maximum wait and the build's allowance, made short: the site has now been behind longer than both.
  await backend().db.query(`update private.site_rebuild set max_wait = interval '1 second', build_allowance = interval '0 seconds'`);
  expect(await roundsUntil(page, 'stale')).toBe('stale');
  const stale = await banner(page).getByRole('status').textContent();
  expect(stale).toContain(PREVIEW_TEXT.live.stale);
  expect(stale).toMatch(/The site shows the content of .+; 1 edit since$/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}, 90_000);
