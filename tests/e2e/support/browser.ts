// Debian's Chromium driven by playwright-core (Playwright's own browser download is not reachable
// here). One browser per test file; each test gets a fresh page whose console errors, page errors
// and failed requests are collected, because "no console errors" is asserted on every page.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const chromePath = (): string => process.env.CHROME_PATH || '/usr/bin/chromium';

export const SCREENSHOT_DIR = path.join(__dirname, '..', '..', '..', 'artifacts', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), args: CHROME_ARGS });
}

export interface Problem {
  kind: 'console' | 'pageerror' | 'requestfailed' | 'http';
  text: string;
}

export interface TrackedPage {
  page: Page;
  /** Console errors, uncaught exceptions, failed requests and 4xx/5xx answers seen so far. */
  problems: Problem[];
  /** Every console message, for asserting on logs such as "backend is not configured". */
  messages: { type: string; text: string }[];
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  url: string,
  options: BrowserContextOptions & {
    ignoreRequest?: (url: string) => boolean;
    /** Runs in every document before the page's own scripts. */
    initScript?: () => void;
    /** Prepares the page before it is opened, e.g. routes that slow a request down. */
    beforeOpen?: (page: Page) => Promise<void>;
    /**
     * false: do not wait for hydrated buttons, for a page that may have none once its script ran
     * (the /act/ page when the work is done); the test waits for what the script shows instead.
     */
    waitForButtons?: boolean;
  } = {},
): Promise<TrackedPage> {
  const { ignoreRequest = () => false, initScript, beforeOpen, waitForButtons = true, ...contextOptions } = options;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...contextOptions });
  if (initScript) await addPageScript(context, initScript);
  const page = await context.newPage();
  const problems: Problem[] = [];
  const messages: { type: string; text: string }[] = [];
  page.on('console', (msg) => {
    messages.push({ type: msg.type(), text: msg.text() });
    if (msg.type() === 'error') problems.push({ kind: 'console', text: msg.text() });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: String(error) }));
  const answered = new WeakSet<Request>();
  page.on('requestfailed', (request) => {
    // Chromium reports every fetch() HEAD as aborted once its headers are in; the answer counts.
    if (request.method() === 'HEAD' && answered.has(request)) return;
    if (!ignoreRequest(request.url())) problems.push({ kind: 'requestfailed', text: `${request.url()} ${request.failure()?.errorText}` });
  });
  page.on('response', (response) => {
    answered.add(response.request());
    if (response.status() >= 400 && !ignoreRequest(response.url())) {
      problems.push({ kind: 'http', text: `${response.status()} ${response.request().method()} ${response.url()}` });
    }
  });
  if (beforeOpen) await beforeOpen(page);
  await page.goto(url, { waitUntil: 'load' });
  if (contextOptions.javaScriptEnabled !== false && waitForButtons) await hydrated(page);
  return { page, problems, messages, close: () => context.close() };
}

/**
 * Waits until React has hydrated the server-rendered page: before that, a click on a button is
 * lost (it has no handler yet), which would make a test flaky rather than find a bug. React marks
 * each hydrated element with its props under a `__reactProps$…` key. The page hydrates part by part
 * (src/components/LandingPage.tsx), so every button of the page is waited for.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const buttons = [...document.querySelectorAll('#___gatsby button')];
    return buttons.length > 0 && buttons.every((button) => Object.keys(button).some((key) => key.startsWith('__reactProps')));
  });
}

export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Takes the console errors that report a script the policy refused out of the page's problems, and returns them. */
export function takeRefusals(problems: Problem[]): Problem[] {
  const refusals = problems.filter((p) => p.kind === 'console' && /Content Security Policy/.test(p.text));
  for (const refusal of refusals) problems.splice(problems.indexOf(refusal), 1);
  return refusals;
}

/**
 * Adds an inline script element to the open page, as an injected script would, and resolves with
 * the policy directive that refused it (the script sets `window.__injected` if it runs instead).
 */
export function injectScriptAtRunTime(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true });
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true;';
        document.body.append(script);
      }),
  );
}

/**
 * Adds a function to run in every document of `context` before the page's own scripts. Under tsx
 * (npm run bench) a function keeps its inner names through esbuild's __name helper, which the page
 * lacks: without the stand-in the script would stop at its first named function, silently.
 */
export async function addPageScript(context: BrowserContext, script: () => void): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await context.addInitScript(script);
}
