// What the staff pages' browser tests (/edit/, /act/) check the same way: the page's width against
// the screen's, where the keyboard's focus is and whether it shows, and where the page's scripts
// come from (the built policy and the requests alike).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SITES_DIR } from './site-build';

/** The widest the page's content reaches: more than the viewport's width is a sideways scroll. */
export const scrollWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether `locator` holds the focus, and the outline it draws there (none: focus not shown). */
export const focusOf = (locator: Locator): Promise<{ focused: boolean; outline: string }> =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { focused: element === document.activeElement, outline: `${style.outlineStyle} ${style.outlineWidth}` };
  });

/** The script-src and frame-src a built page's policy allows (frame-src falls back to default-src). */
export function builtScriptPolicy(file: string): { scripts: string; frames: string } {
  const html = readFileSync(path.join(SITES_DIR, 'backend', file), 'utf8');
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const directive = (name: string) => policy.split(/;\s*/).find((d) => d.startsWith(`${name} `)) ?? '';
  return { scripts: directive('script-src'), frames: directive('frame-src') || directive('default-src') };
}

/** Records the address of every script the page requests from now on. */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}
