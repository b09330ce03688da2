// The function keeps its own list of languages (it is deployed alone); it must be the site's.
import assert from 'node:assert/strict';
import { INQUIRY_LANGUAGES } from '../../supabase/functions/inquiry-notif-resend/store.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/content/languages.ts';

Deno.test("the function's languages are the site's, the default first", () => {
  assert.deepEqual([...INQUIRY_LANGUAGES].sort(), [...LANGUAGES].sort());
  assert.equal(INQUIRY_LANGUAGES[0], DEFAULT_LANGUAGE);
});
