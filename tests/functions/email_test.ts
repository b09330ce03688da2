// The notification's text, apart from the database: what the subject and reply-to do with odd input.
import assert from 'node:assert/strict';
import { renderDigest, renderNotification } from '../../supabase/functions/inquiry-notif-resend/email.ts';
import type { SubmissionRow } from '../../supabase/functions/inquiry-notif-resend/store.ts';

const ROW: SubmissionRow = {
  id: '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: null,
  message: 'Hello',
  type: 'contact',
  language: 'en',
  created_at: '2026-11-23T01:00:00+00:00',
  notified_at: null,
  attempts: 0,
};

Deno.test('the subject holds the name on one short line, whatever the visitor typed', () => {
  const { subject } = renderNotification({ ...ROW, name: 'Ada\r\nBcc: everyone@example.com\t' + 'x'.repeat(200) });
  assert.ok(!/[\r\n\t]/.test(subject), subject);
  assert.ok(subject.startsWith('New contact message from Ada Bcc: everyone@example.com x'), subject);
  assert.ok(subject.length <= 'New contact message from '.length + 80, subject);
});

Deno.test('no reply-to when the stored address is not one an email input accepts', () => {
  assert.equal(renderNotification(ROW).replyTo, 'ada@example.com');
  assert.equal(renderNotification({ ...ROW, email: 'ada@example.com, boss@example.com' }).replyTo, undefined);
});

Deno.test('a missing company reads as not given in both parts', () => {
  for (const company of [null, '', '   ']) {
    const { html, text } = renderNotification({ ...ROW, company });
    assert.ok(text.includes('Company: (not given)'), text);
    assert.ok(html.includes('(not given)'), html);
  }
});

Deno.test("the email names the visitor's language, and the subject too where it is not English", () => {
  const english = renderNotification(ROW);
  assert.ok(english.text.includes('Language: English'), english.text);
  assert.equal(english.subject, 'New contact message from Ada Lovelace');
  const indonesian = renderNotification({ ...ROW, language: 'id' });
  assert.ok(indonesian.text.includes('Language: Indonesian (Bahasa Indonesia)'), indonesian.text);
  assert.ok(indonesian.html.includes('Indonesian (Bahasa Indonesia)'), indonesian.html);
  assert.equal(indonesian.subject, 'New contact message (Indonesian (Bahasa Indonesia)) from Ada Lovelace');
});

Deno.test("the digest names each inquiry's language", () => {
  const { text } = renderDigest([ROW, { ...ROW, id: '7f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f', language: 'id' }]);
  assert.ok(text.includes('Language: English'), text);
  assert.ok(text.includes('Language: Indonesian (Bahasa Indonesia)'), text);
});
