// The demo content is credible and complete for the page: what a visitor sees (queried as anon, as
// the build does) covers every status and layout case, and every table keeps an unpublished draft.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, type Row, type TestDatabase } from '../../support/database';
import { SEED_IDS } from '../../support/seed-ids';

const KNOWN_TIMELINE_ICONS = ['CheckCircle', 'Clock', 'Target', 'Rocket'];

export function describeSeedContent(database: () => TestDatabase): void {
  // The page's list reads (calls 1-3 of docs/behaviour.md#the-calls-the-page-makes), as the anonymous visitor.
  const published = (sql: string, params?: unknown[]) =>
    database().rolledBack('anon', async (session) => (await session.query(sql, params)).rows);
  const everything = (sql: string) => database().rolledBack('postgres', async (session) => (await session.query(sql)).rows);

  const materials = () =>
    published('select id, name, image, status, order_index from public.material_coverage where is_active order by order_index');
  const timeline = () =>
    published('select id, period, status, icon, order_index from public.timeline where is_active order by order_index');
  const cards = (classification: string) =>
    published(
      `select id, title, icon, icon_color, order_index from public.feature_cards
        where classification = $1 and is_active order by order_index`,
      [classification],
    );

  test('at least 8 materials are published, covering live, development and coming-soon', async () => {
    const rows = await materials();
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['live', 'development', 'coming-soon']));
  });

  test('every published material image is an SVG under static/, small, 4:3 and self-contained', async () => {
    for (const row of await materials()) {
      expect(row.image).toMatch(/^\/images\/materials\/[a-z0-9-]+\.svg$/);
      const file = path.join(REPO_ROOT, 'static', String(row.image));
      expect(existsSync(file)).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg.length).toBeLessThan(4096);
      expect(svg).toContain('viewBox="0 0 320 240"');
      expect(svg).not.toMatch(/<script|href=|url\(/i);
    }
  });

  test('5 to 7 timeline milestones are published, exactly one of them current', async () => {
    const rows = await timeline();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.length).toBeLessThanOrEqual(7);
    expect(rows.filter((row) => row.status === 'current').map((row) => row.id)).toEqual([SEED_IDS.timeline.current]);
    for (const row of rows) {
      expect(KNOWN_TIMELINE_ICONS).toContain(row.icon);
      expect(row.period).toMatch(/^Q[1-4] 20\d\d$/);
    }
  });

  test('the timeline runs completed → current → upcoming in order', async () => {
    const statuses = (await timeline()).map((row) => row.status);
    const rank = { completed: 0, current: 1, upcoming: 2 } as Record<string, number>;
    const ranks = statuses.map((status) => rank[String(status)]);
    expect(ranks).toEqual([...ranks].sort());
  });

  test.each(['adasorter', 'worker'])(
    '3 or 4 %s feature cards are published, each with a short glyph and a hex colour',
    async (classification) => {
      const rows = await cards(classification);
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.length).toBeLessThanOrEqual(4);
      for (const row of rows) {
        // Grapheme-ish length: an emoji, or up to three characters such as "10×".
        expect([...String(row.icon)].length).toBeGreaterThanOrEqual(1);
        expect([...String(row.icon)].length).toBeLessThanOrEqual(3);
        expect(row.icon_color).toMatch(/^#[0-9a-f]{6}$/);
      }
    },
  );

  test('order_index gives one order: no ties among published rows', async () => {
    const lists: Row[][] = [await materials(), await timeline(), await cards('adasorter'), await cards('worker')];
    for (const rows of lists) {
      const indexes = rows.map((row) => row.order_index);
      expect(new Set(indexes).size).toBe(indexes.length);
    }
  });

  test.each([
    ['material_coverage', [SEED_IDS.material.inactive]],
    ['timeline', [SEED_IDS.timeline.inactive]],
    ['feature_cards', [SEED_IDS.featureCard.inactiveAdasorter, SEED_IDS.featureCard.inactiveWorker]],
  ])('%s holds inactive drafts, and none of them is published', async (table, drafts) => {
    const inactive = await everything(`select id from public.${table} where not is_active order by id`);
    expect(inactive.map((row) => row.id)).toEqual(drafts);
    const visible = (await published(`select id from public.${table}`)).map((row) => row.id);
    for (const draft of drafts) expect(visible).not.toContain(draft);
  });

  test('inactive drafts sit between published rows, so a leak would show in the middle of a list', async () => {
    const rows = await everything(
      `select (select count(*)::int from public.material_coverage a where a.is_active and a.order_index < d.order_index) as before,
              (select count(*)::int from public.material_coverage a where a.is_active and a.order_index > d.order_index) as after
         from public.material_coverage d where not d.is_active`,
    );
    for (const row of rows) {
      expect(row.before).toBeGreaterThan(0);
      expect(row.after).toBeGreaterThan(0);
    }
  });

  test('the seed fills no inquiries', async () => {
    await expect(everything('select id from public.contact_submissions')).resolves.toEqual([]);
  });
}
