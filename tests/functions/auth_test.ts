// Who may sweep: the bearer token against the service-role key, apart from any request.
import assert from 'node:assert/strict';
import { isServiceKey } from '../../supabase/functions/inquiry-notif-resend/auth.ts';

const KEY = 'service-role-key';

Deno.test('the service-role key as bearer token, in any case of "Bearer" and with spaces around it', async () => {
  for (const header of [`Bearer ${KEY}`, `bearer ${KEY}`, `BEARER   ${KEY} `]) {
    assert.equal(await isServiceKey(header, KEY), true, header);
  }
});

Deno.test('anything else is refused: another key, a prefix, a longer one, no scheme, no header', async () => {
  for (const header of ['Bearer anon-key', `Bearer ${KEY.slice(0, -1)}`, `Bearer ${KEY}x`, KEY, `Basic ${KEY}`, 'Bearer ', '', null]) {
    assert.equal(await isServiceKey(header, KEY), false, String(header));
  }
});

Deno.test('an empty token never matches, not even an empty key', async () => {
  assert.equal(await isServiceKey('Bearer ', ''), false);
  assert.equal(await isServiceKey(null, ''), false);
});
