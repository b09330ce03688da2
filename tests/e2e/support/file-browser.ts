// One browser for a test file, and the pages its tests open that must stay free of problems.
import type { Browser } from 'playwright-core';
import { forTheFile } from '../../support/for-the-file';
import { launchBrowser, openPage, type TrackedPage } from './browser';

export interface FileBrowser {
  /** The file's browser, for a page a test watches itself (kept across tests, or with problems it expects). */
  browser: () => Browser;
  /** Opens a page that is closed after the test, which fails on any problem the page saw. */
  visit: (url: string, options?: Parameters<typeof openPage>[2]) => Promise<TrackedPage>;
  /** Opens a page that is closed after the test, whose problems the test judges itself (some it expects). */
  open: (url: string, options?: Parameters<typeof openPage>[2]) => Promise<TrackedPage>;
}

/** Call at the top of a test file: it registers the hooks that start and stop the browser and check the pages. */
export function browserForTheFile(): FileBrowser {
  const browser = forTheFile('the browser', launchBrowser, (started) => started.close(), 60_000);
  const visited: TrackedPage[] = [];
  const opened: TrackedPage[] = [];

  afterEach(async () => {
    // Every page a test visited must have stayed free of console errors, failed requests and 4xx/5xx.
    const problems = visited.flatMap((p) => p.problems);
    await Promise.all([...visited.splice(0), ...opened.splice(0)].map((p) => p.close()));
    expect(problems).toEqual([]);
  });

  const openInto =
    (pages: TrackedPage[]): FileBrowser['visit'] =>
    async (url, options = {}) => {
      const tracked = await openPage(browser(), url, options);
      pages.push(tracked);
      return tracked;
    };
  return { browser, visit: openInto(visited), open: openInto(opened) };
}
