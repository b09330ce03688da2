// Small waits and measurements the browser tests share. Waits poll real state (scroll position,
// computed style) instead of sleeping a guessed time, so slow machines only make them slower.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { openEmbeddedDatabase, withRole } from 'gatsby-source-supabase-content/embedded-db';
import { PROJECT_SCHEMA } from 'local-supabase';
import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../../../src/content/types';

/** Polls `read` until `done` holds for its value; returns the last value either way. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * An init script for openPage: sums the layout shifts from the first paint on, as Lighthouse
 * counts them (shifts right after input excluded). Read the sum with layoutShift(page).
 */
export function countLayoutShifts(): void {
  type Shift = { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
  const w = window as unknown as { __cls: number; __shifts: Shift[] };
  w.__cls = 0;
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Shift[]) {
      if (entry.hadRecentInput) continue;
      w.__cls += entry.value;
      w.__shifts.push(entry);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

export const layoutShift = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

/**
 * Each counted layout shift with what moved (tag, start of its text, its top before and after), so
 * that a check which expects none names the cause when it fails.
 */
export const layoutShifts = (page: Page): Promise<{ value: number; atMs: number; moved: string[] }[]> =>
  page.evaluate(() =>
    (
      window as unknown as {
        __shifts: {
          value: number;
          startTime: number;
          sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        }[];
      }
    ).__shifts.map((shift) => ({
      value: shift.value,
      atMs: Math.round(shift.startTime),
      moved: (shift.sources ?? []).map(
        (source) =>
          `${source.node?.nodeName ?? '?'} "${(source.node?.textContent ?? '').trim().slice(0, 40)}" y ${Math.round(source.previousRect.y)} → ${Math.round(source.currentRect.y)}`,
      ),
    })),
  );

/**
 * The layout shift of the shifts that moved something inside the element with this id (counted
 * by countLayoutShifts): one section's share, apart from a late web font moving the hero.
 */
export const layoutShiftWithin = (page: Page, id: string): Promise<number> =>
  page.evaluate((sectionId) => {
    const section = document.getElementById(sectionId);
    const shifts = (window as unknown as { __shifts: { value: number; sources?: { node?: Node | null }[] }[] }).__shifts;
    const inside = (node?: Node | null) => !!node && !!section?.contains(node);
    return shifts.filter((shift) => shift.sources?.some((source) => inside(source.node))).reduce((sum, shift) => sum + shift.value, 0);
  }, id);

/** The scroll position once smooth scrolling has stopped (unchanged over three samples). */
export async function settledScrollLeft(scroller: Locator): Promise<number> {
  const samples: number[] = [];
  const deadline = Date.now() + 10_000;
  for (;;) {
    samples.push(await scroller.evaluate((el) => el.scrollLeft));
    const last = samples.slice(-3);
    if ((last.length === 3 && last.every((v) => v === last[0])) || Date.now() > deadline) return samples[samples.length - 1] as number;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The opacity a visitor sees: the product of the element's and its ancestors' opacities. */
export function effectiveOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return Math.round(opacity * 100) / 100;
  });
}

/** The lowest effective opacity of any drawn element in the subtree (the element included). */
export function faintestOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((root) => {
    const effective = (el: Element) => {
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    };
    const drawn = [root, ...root.querySelectorAll('*')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    });
    return Math.round(Math.min(...drawn.map(effective)) * 100) / 100;
  });
}

/** Waits until an element has finished animating in: fully opaque and no longer moving. */
export async function settled(locator: Locator): Promise<void> {
  let previous = '';
  await waitFor(
    async () => {
      const now = JSON.stringify([await faintestOpacity(locator), await locator.boundingBox()]);
      const done = now === previous && now.startsWith('[1,');
      previous = now;
      return done;
    },
    (done) => done,
  );
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core (all its default rules: WCAG 2 A/AA and best practices) on the page as it is. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const already = await page.evaluate(() => 'axe' in window);
  if (!already) await page.addScriptTag({ path: path.join(require.resolve('axe-core'), '..', 'axe.min.js') });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
          ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
}

/** Scrolls through the whole page so that every in-view entrance animation has run and every lazy picture has loaded. */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => window.innerHeight / 2);
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(60);
  }
  // The pictures that load when they come near the screen have all been passed: let them finish.
  await page.waitForFunction(() => [...document.images].every((image) => image.loading !== 'lazy' || image.complete));
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

export interface PublishedContent {
  materials: MaterialCoverageItem[];
  timeline: TimelineItem[];
  adasorter: FeatureCard[];
  worker: FeatureCard[];
  inactiveNames: string[];
}

/**
 * What the embedded build must publish, read independently of the site's code: the seed as the
 * anonymous role sees it (RLS decides), plus the inactive rows that must never appear.
 */
export async function publishedSeedContent(): Promise<PublishedContent> {
  const db = await openEmbeddedDatabase(PROJECT_SCHEMA);
  try {
    const anon = <T>(sql: string) => withRole(db, 'anon', async (tx) => (await tx.query<T>(sql)).rows);
    const materials = await anon<MaterialCoverageItem>(
      `select id, name, description, image, status from material_coverage where is_active order by order_index, id`,
    );
    const timeline = await anon<TimelineItem>(
      `select id, period, title, description, status, icon from timeline where is_active order by order_index, id`,
    );
    const cards = await anon<FeatureCard>(
      `select id, classification, title, subtitle, icon, icon_color from feature_cards where is_active order by order_index, id`,
    );
    const inactive = await withRole(db, 'service_role', async (tx) =>
      (
        await tx.query<{ text: string }>(
          `select name as text from material_coverage where not is_active
           union all select title from timeline where not is_active
           union all select title from feature_cards where not is_active`,
        )
      ).rows.map((row) => row.text),
    );
    return {
      materials,
      timeline,
      adasorter: cards.filter((card) => card.classification === 'adasorter'),
      worker: cards.filter((card) => card.classification === 'worker'),
      inactiveNames: inactive,
    };
  } finally {
    await db.close();
  }
}
