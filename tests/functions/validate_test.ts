// The body's fields, apart from any request: which call a body is, and which field is named first
// when it is neither.
import assert from 'node:assert/strict';
import { MAX_TURNSTILE_TOKEN_LENGTH } from '../../supabase/functions/inquiry-notif-resend/turnstile.ts';
import { readCall } from '../../supabase/functions/inquiry-notif-resend/validate.ts';

const ID = '6F1C2D3E-4B5A-4C7D-8E9F-0A1B2C3D4E5F';
const INQUIRY = { id: ID, name: 'Ada', email: 'ada@example.com', company: null, message: 'Hello', type: 'contact' };

Deno.test('a sweep is `{"sweep": true}`; any other value of sweep is refused, whatever else is there', () => {
  assert.deepEqual(readCall({ sweep: true }), { kind: 'sweep' });
  assert.deepEqual(readCall({ ...INQUIRY, sweep: true }), { kind: 'sweep' });
  for (const sweep of [false, 'true', 1, null, undefined]) {
    assert.deepEqual(readCall({ ...INQUIRY, sweep }), { field: 'sweep', problem: 'must be true' }, String(sweep));
  }
});

Deno.test('a notify call keeps only the id, lower-cased, and a token that is not empty', () => {
  assert.deepEqual(readCall(INQUIRY), { kind: 'notify', id: ID.toLowerCase(), turnstileToken: undefined });
  assert.deepEqual(readCall({ ...INQUIRY, turnstileToken: '' }), { kind: 'notify', id: ID.toLowerCase(), turnstileToken: undefined });
  assert.deepEqual(readCall({ ...INQUIRY, turnstileToken: 'XXXX.DUMMY' }), {
    kind: 'notify',
    id: ID.toLowerCase(),
    turnstileToken: 'XXXX.DUMMY',
  });
});

Deno.test('the fields are checked in order and the first bad one is named', () => {
  // From an empty body, each valid field added moves the complaint on to the next one.
  const order = ['id', 'name', 'email', 'company', 'message', 'type'] as const;
  const body: Record<string, unknown> = { company: 7 };
  for (const field of order) {
    const result = readCall(body);
    assert.ok('field' in result, `${field}: ${JSON.stringify(result)}`);
    assert.equal(result.field, field);
    body[field] = INQUIRY[field];
  }
  assert.equal((readCall(body) as { kind: string }).kind, 'notify');
});

Deno.test("an email is what the form's email input accepts", () => {
  for (const email of ['ada@example.com', 'ada+site@localhost', "o'brien@example.co.id"]) {
    assert.equal((readCall({ ...INQUIRY, email }) as { kind: string }).kind, 'notify', email);
  }
  for (const email of ['ada', 'ada@', '@example.com', 'Ada <ada@example.com>', 'a@b.com, c@d.com', 'ada@exa mple.com']) {
    assert.deepEqual(readCall({ ...INQUIRY, email }), { field: 'email', problem: 'must be an email address' }, email);
  }
});

Deno.test('a Turnstile token is a string of at most 2048 characters', () => {
  assert.equal(MAX_TURNSTILE_TOKEN_LENGTH, 2048);
  const longest = 'x'.repeat(MAX_TURNSTILE_TOKEN_LENGTH);
  assert.deepEqual(readCall({ ...INQUIRY, turnstileToken: longest }), { kind: 'notify', id: ID.toLowerCase(), turnstileToken: longest });
  for (const turnstileToken of [`${longest}x`, 42, null, ['token']]) {
    const result = readCall({ ...INQUIRY, turnstileToken });
    assert.ok('field' in result && result.field === 'turnstileToken', JSON.stringify(result));
  }
});

Deno.test("the language is optional, and else one of the site's", () => {
  for (const language of ['en', 'id', undefined]) {
    assert.deepEqual(readCall({ ...INQUIRY, language }), { kind: 'notify', id: ID.toLowerCase(), turnstileToken: undefined });
  }
  for (const language of ['fr', '', null, 1]) {
    assert.deepEqual(readCall({ ...INQUIRY, language }), { field: 'language', problem: "must be 'en' or 'id'" }, String(language));
  }
  // A verified store keeps it, so the stored row says which language to answer in.
  const stored = readCall({ ...INQUIRY, language: 'id', store: true, turnstileToken: 'XXXX.DUMMY' });
  assert.equal('row' in stored && stored.row.language, 'id');
});

Deno.test('a store call is the whole row with `"store": true` and a token it cannot do without', () => {
  assert.deepEqual(readCall({ ...INQUIRY, store: true, turnstileToken: 'XXXX.DUMMY' }), {
    kind: 'store',
    row: { ...INQUIRY, id: ID.toLowerCase(), language: 'en' },
    turnstileToken: 'XXXX.DUMMY',
  });
  // An absent company is stored as null, as the browser stores an empty one.
  const { company: _company, ...withoutCompany } = INQUIRY;
  const call = readCall({ ...withoutCompany, store: true, turnstileToken: 'XXXX.DUMMY' });
  assert.equal('row' in call && call.row.company, null);
  for (const turnstileToken of [undefined, '']) {
    assert.deepEqual(readCall({ ...INQUIRY, store: true, turnstileToken }), {
      field: 'turnstileToken',
      problem: 'is required to store past the limit',
    });
  }
  for (const store of [false, 'true', 1, null]) {
    assert.deepEqual(readCall({ ...INQUIRY, store, turnstileToken: 'XXXX.DUMMY' }), { field: 'store', problem: 'must be true' });
  }
  assert.deepEqual(readCall({ ...INQUIRY, type: 'spam', store: true, turnstileToken: 'XXXX.DUMMY' }), {
    field: 'type',
    problem: "must be 'contact' or 'investor'",
  });
});

Deno.test('names and companies are one visible line, and a message hides no control, as the database requires', () => {
  const bad = [
    { name: 'Bob\r\nEmail: ceo@bank.example' },
    { name: 'Bob\u202Ex' },
    { name: '\u200B\u00A0' },
    { company: 'Bank\nEmail: x' },
    { company: '\u3000' },
    { message: 'Hi \u2066x' },
  ];
  for (const fields of bad) {
    const field = Object.keys(fields)[0]!;
    assert.equal((readCall({ ...INQUIRY, ...fields }) as { field?: string }).field, field, JSON.stringify(fields));
  }
  assert.equal((readCall({ ...INQUIRY, message: 'Line one\r\nLine two\n\tthree' }) as { kind?: string }).kind, 'notify');
});

Deno.test("the team's press is `{\"team_deck\": <id>}`: the id as text (an adopted table's may be a number's or any text's), one line", () => {
  assert.deepEqual(readCall({ team_deck: ID }), { kind: 'team_deck', id: ID });
  assert.deepEqual(readCall({ team_deck: '1042' }), { kind: 'team_deck', id: '1042' });
  for (const id of [42, null, '', '   ', 'x'.repeat(201), 'a\nb', 'a\u202Eb']) {
    assert.equal((readCall({ team_deck: id }) as { field?: string }).field, 'team_deck', JSON.stringify(id));
  }
});
