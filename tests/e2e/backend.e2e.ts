// The build made against the local backend (global-setup.ts): its content came over PostgREST from
// the backend, as the anonymous role, with the spec's filters and order; markup in a row is text.
import { readFileSync } from 'node:fs';
import { COVERAGE, SNAPSHOT, TIMELINE } from '../../src/content/copy';
import { SITE } from '../../src/content/site';
import { withRole } from 'gatsby-source-supabase-content/embedded-db';
import type { LoggedRequest } from 'local-supabase';
import {
  BACKEND_MATERIAL,
  HIDDEN_SEED_MATERIAL,
  RENAMED_FEATURE,
  RENAMED_TIMELINE,
  backendAtBuildPortForTheFile,
} from './support/backend-content';
import { browserForTheFile } from './support/file-browser';
import { backendBuildFiles } from './support/site-build';

const backend = backendAtBuildPortForTheFile();
const { visit } = browserForTheFile();

async function anonList(sql: string): Promise<string[]> {
  const rows = await withRole(backend().db, 'anon', async (tx) => (await tx.query<{ text: string }>(sql)).rows);
  return rows.map((row) => row.text);
}

it('read the content revision, then the three tables over PostgREST as anon, with the spec’s filters and order, and where pictures may come from, nothing else', () => {
  const requests = JSON.parse(readFileSync(backendBuildFiles('backend-build').requests, 'utf8')) as LoggedRequest[];
  // The pictures are tests/e2e/pictures.e2e.ts's matter.
  const calls = requests
    .filter((r) => !r.path.startsWith('/storage/'))
    .map((r) => ({
      call: `${r.method} ${r.path}${r.query.classification ? ` ${r.query.classification}` : ''}`,
      filters: [r.query.is_active, r.query.order],
      role: r.role,
      status: r.status,
      apikey: r.headers.apikey,
    }));
  const expected = (call: string) => ({
    call,
    filters: ['eq.true', 'order_index.asc'],
    role: 'anon',
    status: 200,
    apikey: backend().anonKey,
  });
  // The revision first: an edit made while the lists are read can only make the page re-read them.
  expect(calls[0]).toEqual({
    call: 'GET /rest/v1/rpc/content_revision',
    filters: [undefined, undefined],
    role: 'anon',
    status: 200,
    apikey: backend().anonKey,
  });
  expect(calls.slice(1)).toEqual(
    expect.arrayContaining([
      expected('GET /rest/v1/material_coverage'),
      expected('GET /rest/v1/timeline'),
      expected('GET /rest/v1/feature_cards eq.adasorter'),
      expected('GET /rest/v1/feature_cards eq.worker'),
      // Where the build may download pictures from (the database's own rule for picture links).
      { call: 'GET /rest/v1/rpc/picture_sources', filters: [undefined, undefined], role: 'anon', status: 200, apikey: backend().anonKey },
    ]),
  );
  expect(calls).toHaveLength(6);
});

it('shows the backend’s rows in order, markup as text, and not the row the backend hid', async () => {
  const { page } = await visit(`${process.env.E2E_BACKEND_SITE_URL}/`);
  const headings = (region: string) =>
    page.getByRole('region', { name: region, exact: true }).getByRole('heading', { level: 3 }).allInnerTexts();

  const materials = await headings(COVERAGE.title);
  expect(materials).toEqual(await anonList(`select name as text from material_coverage where is_active order by order_index, id`));
  expect(materials[0]).toBe(BACKEND_MATERIAL.name);
  expect(materials).not.toContain(HIDDEN_SEED_MATERIAL.name);
  expect(await page.getByRole('region', { name: COVERAGE.title, exact: true }).locator('em').count()).toBe(0);

  expect(await headings(TIMELINE.title)).toEqual(
    await anonList(`select title as text from timeline where is_active order by order_index, id`),
  );
  expect(await headings(TIMELINE.title)).toContain(RENAMED_TIMELINE.title);
  const worker = await page
    .getByRole('region', { name: SNAPSHOT.sectionLabel, exact: true })
    .getByRole('article', { name: SNAPSHOT.workerTitle })
    .getByRole('heading', { level: 3 })
    .allInnerTexts();
  expect(worker).toEqual(
    await anonList(`select title as text from feature_cards where is_active and classification = 'worker' order by order_index, id`),
  );
  expect(worker).toContain(RENAMED_FEATURE.title);
  expect(await page.title()).toBe(SITE.title);
});
