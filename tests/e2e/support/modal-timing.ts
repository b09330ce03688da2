// How fast the contact modal answers a tap on a slow phone, for `npm run bench` (a benchmark, never
// a timed test): the page runs with the CPU throttled 4x, the hero's "Chat with us" is tapped right
// after the first paint (before the page is interactive) or once the page has settled, and two
// figures are read in the page itself:
//   - the tap's event duration (Event Timing: from the input to the next paint after its handlers,
//     the longest of pointerdown, pointerup and click), what INP counts;
//   - the time from the tap until the dialog is visible (on screen at more than half its opacity).
import type { Browser } from 'playwright-core';
import { addPageScript } from './browser';

export interface ModalTiming {
  /** ms from navigation to the first paint. */
  firstPaintMs: number;
  /** ms from the first paint to the tap. */
  tapAfterPaintMs: number;
  eventDurationMs: number;
  dialogVisibleMs: number | null;
}

function recordInPage(): void {
  const w = window as unknown as { __tapAt: number | null; __dialogAt: number | null; __durations: number[] };
  w.__tapAt = null;
  w.__dialogAt = null;
  w.__durations = [];
  addEventListener('pointerdown', (event) => (w.__tapAt ??= event.timeStamp), true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (['pointerdown', 'pointerup', 'click'].includes(entry.name)) w.__durations.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const watch = () => {
    const dialog = document.querySelector('[role="dialog"]');
    if (dialog && w.__dialogAt === null && dialog.getBoundingClientRect().height > 0 && Number(getComputedStyle(dialog).opacity) > 0.5) {
      w.__dialogAt = performance.now();
    }
    if (w.__dialogAt === null) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

export async function modalTiming(browser: Browser, url: string, tap: 'first-paint' | 'settled', chatLabel: string): Promise<ModalTiming> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: false });
  try {
    await addPageScript(context, recordInPage);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 16 });
    if (tap === 'settled') await page.waitForTimeout(8000);
    const box = await page.getByRole('button', { name: chatLabel, exact: true }).boundingBox();
    if (!box) throw new Error(`no "${chatLabel}" button to tap`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page
      .waitForFunction(() => (window as unknown as { __dialogAt: number | null }).__dialogAt !== null, null, { timeout: 15_000 })
      .catch(() => undefined);
    // Event Timing reports an interaction once its frame is presented.
    await page.waitForTimeout(500);
    const figures = await page.evaluate(() => {
      const w = window as unknown as { __tapAt: number; __dialogAt: number | null; __durations: number[] };
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        tapAt: w.__tapAt,
        dialogAt: w.__dialogAt,
        duration: Math.max(0, ...w.__durations),
      };
    });
    return {
      firstPaintMs: Math.round(figures.firstPaint),
      tapAfterPaintMs: Math.round(figures.tapAt - figures.firstPaint),
      eventDurationMs: Math.round(figures.duration),
      dialogVisibleMs: figures.dialogAt === null ? null : Math.round(figures.dialogAt - figures.tapAt),
    };
  } finally {
    await context.close();
  }
}
