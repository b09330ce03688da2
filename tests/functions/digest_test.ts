// The Idempotency-Key of the digest (and the reminder), apart from Resend: one key per set of rows,
// whatever their order.
import assert from 'node:assert/strict';
import { rowsKey } from '../../supabase/functions/inquiry-notif-resend/resend.ts';

const A = { id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f' };
const B = { id: '0b9e4c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c' };
const C = { id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f' };
const digestKey = (rows: Array<{ id: string }>) => rowsKey('digest', rows.map((row) => row.id));

Deno.test('the same rows in any order give the same key; other rows another', async () => {
  const key = await digestKey([A, B, C]);
  assert.match(key, /^digest-[0-9a-f]{64}$/);
  assert.equal(await digestKey([C, A, B]), key);
  assert.notEqual(await digestKey([A, B]), key);
  assert.notEqual(await digestKey([A, B]), await digestKey([A, C]));
});
