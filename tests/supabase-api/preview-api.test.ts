// The preview's two calls (src/lib/preview-api.ts) as the browser makes them, against the local
// backend: every row read with the drafts named and normalised as the build normalises the rest, one
// list's order written, and the database's refusals of a link told apart.
import { startLocalBackend, type LocalBackend } from 'local-supabase';
import { PreviewRefused, readPreview, saveOrder } from '../../src/lib/preview-api';
import { insertPreviewLink, type LinkState } from '../support/preview-links';

const TOKEN = 'backend-preview-token-abcdefghijklmnopqrstuvwxyz0';
let backend: LocalBackend;
const settings = () => ({ url: backend.url, anonKey: backend.anonKey });

const addLink = (token: string, state: LinkState = {}) => insertPreviewLink((sql, params) => backend.db.query(sql, params), token, state);

beforeAll(async () => {
  backend = await startLocalBackend();
  await addLink(TOKEN);
});

afterAll(async () => {
  await backend?.stop();
});

it('reads every row, names the drafts, and orders each list as the build would', async () => {
  const content = await readPreview(settings(), TOKEN);
  const inactive = await backend.db.query<{ id: string }>(
    `select id::text as id from material_coverage where not is_active
     union all select id::text from timeline where not is_active
     union all select id::text from feature_cards where not is_active`,
  );
  expect([...content.drafts].sort()).toEqual(inactive.rows.map((row) => row.id).sort());
  const { rows } = await backend.db.query<{ id: string }>('select id::text as id from timeline order by order_index, id');
  expect(content.lists.timeline).toEqual({ status: 'ready', items: expect.any(Array) as unknown });
  expect(content.lists.timeline.items.map((item) => item.id)).toEqual(rows.map((row) => row.id));
  // Exactly the published columns and their Indonesian twins, as the page's item types have them: no
  // is_active, no order_index.
  expect(Object.keys(content.lists.timeline.items[0]!).sort()).toEqual([
    'description',
    'description_ind',
    'icon',
    'id',
    'period',
    'period_ind',
    'status',
    'title',
    'title_ind',
  ]);
  expect(content.leftOut).toEqual({ coverage: [], timeline: [], adasorter: [], worker: [] });
  expect(content.label).toBe('test');
  expect(content.canArrange).toBe(true);
});

it('tells a read-only link that it cannot arrange, and the database refuses its save', async () => {
  const token = 'read-only-preview-token-abcdefghijklmnopqrstuvwxyz';
  await addLink(token, { readOnly: true });
  const content = await readPreview(settings(), token);
  expect(content.canArrange).toBe(false);
  const order = content.lists.worker.items.map((item) => item.id);
  await expect(saveOrder(settings(), token, 'worker', [...order].reverse())).rejects.toBeInstanceOf(Error);
  expect((await readPreview(settings(), token)).lists.worker.items.map((item) => item.id)).toEqual(order);
});

it('saves one list in a new order, drafts included, and reads it back so', async () => {
  const before = await readPreview(settings(), TOKEN);
  const reversed = before.lists.worker.items.map((item) => item.id).reverse();
  await expect(saveOrder(settings(), TOKEN, 'worker', reversed)).resolves.toBeGreaterThan(0);
  expect((await readPreview(settings(), TOKEN)).lists.worker.items.map((item) => item.id)).toEqual(reversed);
});

it.each([
  ['invalid', 'no-such-token', {}],
  ['revoked', 'revoked-preview-token-abcdefghijklmnopqrstuvwxyz', { revoked: true }],
  ['expired', 'expired-preview-token-abcdefghijklmnopqrstuvwxyz', { expired: true }],
] as const)('tells a link that is %s apart', async (refusal, token, link) => {
  if (token !== 'no-such-token') await addLink(token, link);
  await expect(readPreview(settings(), token)).rejects.toEqual(new PreviewRefused(refusal));
  await expect(saveOrder(settings(), token, 'worker', [])).rejects.toMatchObject({ refusal });
});
