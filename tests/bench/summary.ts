// What the console shows below the table, for finding the cause of a figure: the files and modules
// behind the JavaScript figures, what keeps Lighthouse below 100, and the open page's requests.
import path from 'node:path';
import { PAGES } from './config';
import type { ScriptFigure } from './in-browser';
import type { BenchResults } from './rows';

const files = (scripts: readonly ScriptFigure[]) => scripts.map((s) => `${path.basename(s.src)} ${s.gzipKb} KB (${s.module})`).join(', ');

export function printDetails({ fetched, pages, backendPage, refresh }: BenchResults): void {
  const { js } = pages['/'];
  console.log('first-load scripts (gzip):', js.scripts.map((s) => `${path.basename(s.src)} ${s.gzipKb} KB`).join(', '));
  for (const [variant, { withoutInteraction, afterModal }] of Object.entries(fetched)) {
    console.log(
      `${variant} build, JS without interaction: ${withoutInteraction.totalGzipKb} KB gzip: ${files(withoutInteraction.scripts)}`,
    );
    console.log(`${variant} build, JS after opening the modal: ${afterModal.totalGzipKb} KB gzip: ${files(afterModal.scripts)}`);
  }
  console.log('largest modules in them (minified):', js.largestModules.map((m) => `${m.name} ${m.kb} KB`).join(', '));
  for (const { path: pagePath } of PAGES) {
    const lh = pages[pagePath].page;
    console.log(`${pagePath} LCP element:`, lh.lcpElement);
    for (const [category, audits] of Object.entries(lh.failing))
      if (audits.length) console.log(`${pagePath} below 100 in ${category}:`, audits.join(', '));
    if (lh.warnings.length) console.log(`${pagePath} Lighthouse warnings:`, lh.warnings.join(' | '));
  }
  console.log(`backend build: ${backendPage.browserRequestsToBackend} browser requests reached the backend during its runs`);
  console.log(
    `an open page, 10 idle minutes: ${JSON.stringify(refresh.idle)}; the 10 minutes after one edit: ` +
      `${JSON.stringify({ ...refresh.afterEdit, scripts: refresh.afterEdit.scripts.map((s) => `${path.basename(s.src)} ${s.gzipKb} KB (${s.module})`) })}`,
  );
}
