// Invisible text, as the function judges and shows it, from the one table of cases the database's
// test reads too (tests/support/invisible-text-cases.json): names and companies with a hidden code
// point are refused, and a message's are written out as [U+XXXX] in the team's email.
import assert from 'node:assert/strict';
import { renderNotification } from '../../supabase/functions/inquiry-notif-resend/email.ts';
import type { SubmissionRow } from '../../supabase/functions/inquiry-notif-resend/store.ts';
import { readCall } from '../../supabase/functions/inquiry-notif-resend/validate.ts';

interface Case {
  field: 'name' | 'company' | 'message';
  text: string;
  valid: boolean;
  why: string;
  shown?: string;
}

const { cases } = JSON.parse(await Deno.readTextFile(new URL('../support/invisible-text-cases.json', import.meta.url))) as {
  cases: Case[];
};
const INQUIRY = {
  id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Ada',
  email: 'ada@example.com',
  company: null,
  message: 'Hello',
  type: 'contact',
};

Deno.test('names, companies and messages are accepted or refused as the table of cases says', () => {
  for (const { field, text, valid, why } of cases) {
    const call = readCall({ ...INQUIRY, [field]: text });
    assert.deepEqual('field' in call ? call.field : null, valid ? null : field, why);
  }
});

Deno.test("a message's hidden code points reach the team's email as [U+XXXX], in the text part and the HTML", () => {
  for (const { field, text, shown, why } of cases) {
    if (field !== 'message' || shown === undefined) continue;
    const row: SubmissionRow = {
      ...INQUIRY,
      type: 'contact',
      message: text,
      language: 'en',
      created_at: '2026-11-27T01:00:00+00:00',
      notified_at: null,
      attempts: 0,
    };
    const email = renderNotification(row);
    assert.ok(email.text.includes(`Message:\n${shown}\n`), `${why}: ${email.text}`);
    assert.ok(email.html.includes(shown.split('\n')[0]!.slice(2)), `${why}: ${email.html}`);
  }
});
