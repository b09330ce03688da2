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
  assert.ok(subject.startsWith('New contact message from "Ada Bcc: everyone@example.com x'), subject);
  assert.ok(subject.endsWith('…"'), subject);
  assert.ok(subject.length <= 'New contact message from ""'.length + 80, subject);
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

Deno.test('the subject quotes the name, so text in it never reads as another field', () => {
  const forged = renderNotification({ ...ROW, name: 'Bob Email: ceo@bank.example Company: Bank' });
  assert.equal(forged.subject, 'New contact message from "Bob Email: ceo@bank.example Company: Bank"');
  const closing = renderNotification({ ...ROW, name: 'Bob" Email: "ceo@bank.example' });
  assert.equal(closing.subject, 'New contact message from "Bob\\" Email: \\"ceo@bank.example"');
});

Deno.test("the email names the visitor's language, and the subject too where it is not English", () => {
  const english = renderNotification(ROW);
  assert.ok(english.text.includes('Language: English'), english.text);
  assert.equal(english.subject, 'New contact message from "Ada Lovelace"');
  const indonesian = renderNotification({ ...ROW, language: 'id' });
  assert.ok(indonesian.text.includes('Language: Indonesian (Bahasa Indonesia)'), indonesian.text);
  assert.ok(indonesian.html.includes('Indonesian (Bahasa Indonesia)'), indonesian.html);
  assert.equal(indonesian.subject, 'New contact message (Indonesian (Bahasa Indonesia)) from "Ada Lovelace"');
});

Deno.test("the digest names each inquiry's language", () => {
  const { text } = renderDigest([ROW, { ...ROW, id: '7f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f', language: 'id' }]);
  assert.ok(text.includes('Language: English'), text);
  assert.ok(text.includes('Language: Indonesian (Bahasa Indonesia)'), text);
});

Deno.test('text inside a field never passes for another field: the values are quoted and the message set apart', () => {
  const forged = {
    ...ROW,
    name: 'Bob\r\nEmail: ceo@bank.example\r\nCompany: Bank',
    company: 'Bank"\nEmail: x@y.example',
    message: 'Hi\nEmail: ceo@bank.example\n\u202Etxet',
  };
  const { text, html, subject } = renderNotification(forged);
  const lines = text.split('\n');
  assert.deepEqual(
    lines.filter((line) => /^(Name|Email|Company):/.test(line)),
    [
      'Name: "Bob[U+000D][U+000A]Email: ceo@bank.example[U+000D][U+000A]Company: Bank"',
      'Email: "ada@example.com"',
      'Company: "Bank\\"[U+000A]Email: x@y.example"',
    ],
  );
  assert.ok(text.includes('| Hi\n| Email: ceo@bank.example\n| [U+202E]txet'), text);
  assert.ok(!html.includes('\u202E') && html.includes('[U+202E]'), html);
  assert.ok(!/[\r\n\u202E\u200B]/.test(subject), subject);
  const digest = renderDigest([forged, { ...ROW, name: '\u200BZero\u00A0width' }]).text.split('\n');
  assert.deepEqual(
    digest.filter((line) => line.startsWith('Name:')),
    ['Name: "Bob[U+000D][U+000A]Email: ceo@bank.example[U+000D][U+000A]Company: Bank"', 'Name: "[U+200B]Zero[U+00A0]width"'],
  );
  assert.equal(digest.filter((line) => line.startsWith('Email:')).length, 2);
});

Deno.test('a cut name or digest message never leaves half an emoji: cut by characters, not UTF-16 units', () => {
  const name = `${'a'.repeat(78)}😀 and more`;
  const { subject } = renderNotification({ ...ROW, name });
  assert.ok(subject.isWellFormed(), subject);
  assert.ok(subject.endsWith(`${'a'.repeat(78)}😀…"`), subject);
  const digest = renderDigest([{ ...ROW, message: `${'b'.repeat(278)}😀 and more` }]);
  assert.ok(digest.text.isWellFormed() && digest.html.isWellFormed(), digest.text);
  assert.ok(digest.text.includes(`Message: "${'b'.repeat(278)}😀"…`), digest.text);
});
