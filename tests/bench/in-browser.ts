// What a phone downloads and how fast the modal answers, in a real browser: the scripts a visit
// fetches with and without opening the modal, the modal's answer to a tap at 4x CPU, and a copy of
// the built pages without scripts for the LCP ratio.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../e2e/support/browser';
import { modalTiming, type ModalTiming } from '../e2e/support/modal-timing';
import { firstPaintMs, totalKb, watchScripts, type FetchedScript } from '../e2e/support/page-weight';
import { EN } from '../../src/content/dictionaries/en';
import { kb, log, median, PAGES, RUNS } from './config';

export interface ScriptFigure {
  src: string;
  gzipKb: number;
  module: string;
}

export interface JsFetched {
  withoutInteraction: { totalGzipKb: number; scripts: ScriptFigure[]; beforeFirstPaint: number };
  afterModal: { totalGzipKb: number; scripts: ScriptFigure[] };
}

export const scriptFigures = (scripts: readonly FetchedScript[]): ScriptFigure[] =>
  scripts.map((s) => ({ src: s.path, gzipKb: kb(s.gzipBytes), module: s.mainModule })).sort((a, b) => b.gzipKb - a.gzipKb);

/**
 * What a phone downloads (the budgets of docs/architecture.md): every script one visit fetches
 * until the network has been quiet for 2 s, with no interaction, then the same after opening the
 * contact modal; each file with the module that dominates it.
 */
export async function jsFetched(siteDir: string, url: string): Promise<JsFetched> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const watch = watchScripts(page, siteDir);
    await page.goto(url);
    const idle = await watch.settled();
    const paint = await firstPaintMs(page);
    await page.getByRole('button', { name: EN.hero.chat, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    const modal = await watch.settled();
    return {
      withoutInteraction: {
        totalGzipKb: totalKb(idle),
        scripts: scriptFigures(idle),
        beforeFirstPaint: paint === null ? 0 : idle.filter((s) => s.startMs < paint).length,
      },
      afterModal: { totalGzipKb: totalKb(modal), scripts: scriptFigures(modal) },
    };
  } finally {
    await browser.close();
  }
}

export type Tap = 'first-paint' | 'settled';
export type ModalTimings = Record<Tap, { eventDurationMs: number; dialogVisibleMs: number; runs: ModalTiming[] }>;

/** The modal's answer to a tap at 4x CPU, tapped right after the first paint and once settled (median of RUNS). */
export async function modalTimings(url: string, chatLabel: string): Promise<ModalTimings> {
  const browser = await launchBrowser();
  try {
    const result: Partial<ModalTimings> = {};
    for (const tap of ['first-paint', 'settled'] as const) {
      const runs: ModalTiming[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await modalTiming(browser, url, tap, chatLabel));
      log(
        `  tap at ${tap}: ${runs.map((r) => `${r.eventDurationMs} ms event, dialog after ${r.dialogVisibleMs ?? 'never'} ms`).join('; ')}`,
      );
      result[tap] = {
        eventDurationMs: median(runs.map((r) => r.eventDurationMs)),
        dialogVisibleMs: median(runs.map((r) => r.dialogVisibleMs ?? Infinity)),
        runs,
      };
    }
    return result as ModalTimings;
  } finally {
    await browser.close();
  }
}

/** A copy of the built pages with every script removed (and the preloads that only serve scripts). */
export function withoutScripts(siteDir: string, outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(siteDir, outDir, { recursive: true });
  for (const { path: pagePath } of PAGES) {
    const file = path.join(outDir, pagePath, 'index.html');
    const html = readFileSync(file, 'utf8')
      .replace(/<script\b[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*\bas="script"[^>]*>/g, '');
    if (/<script\b/.test(html)) throw new Error(`a script survived in the no-script copy of ${pagePath}`);
    writeFileSync(file, html);
  }
}
