// Calls 5 and 6 of docs/behaviour.md#the-calls-the-page-makes (the insert, then the notify call) as
// the browser makes them: submitInquiry (the modal's one path) on supabase-js against the local
// backend, whose notify function runs under Deno and mails a Resend stand-in. One insert without
// read-back, then one notify with the bearer key; nothing else.
import { TURNSTILE_DUMMY_TOKEN, TURNSTILE_TEST_SECRETS, type LocalBackend, type LoggedRequest } from 'local-supabase';
import { NOTIFY_FAILED_LOG, NOTIFY_SENT_LOG } from '../../src/content/modal';
import { submitFailureOf } from '../../src/lib/submit-failure';
import { submitInquiry, type InquiryFields } from '../../src/lib/submit-inquiry';
import { UUID_V4, callShape, siteCalls, siteBackendForTheBlock } from './support/site-backend';

let warn: jest.SpyInstance;
let debug: jest.SpyInstance;

beforeEach(() => {
  // The failure cases log a warning on purpose; one test reads it.
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  debug.mockRestore();
});
const typed: Omit<InquiryFields, 'id'> = {
  type: 'investor',
  language: 'id',
  name: 'Budi <b>Santoso</b>',
  email: 'budi@example.test',
  company: '',
  message: 'The deck, please.\nWe sort 20 t/day.',
};

/** A new draft: the modal makes one id per draft. */
const draft = (fields: Partial<InquiryFields> = {}): InquiryFields => ({ id: crypto.randomUUID(), ...typed, ...fields });

/** Fills the overall ceiling as a flood of others would: its window holds as many admissions as it allows. */
async function fillCeiling(backend: LocalBackend): Promise<void> {
  await backend.db.exec(`
    delete from private.inquiry_writes;
    insert into private.inquiry_writes (client)
      select '198.51.100.' || (i % 250) from generate_series(1, (select inserts_overall from private.inquiry_limits)) as i;`);
}

const insertsAndNotifies = (backend: LocalBackend): LoggedRequest[] =>
  siteCalls(backend).filter((r) => r.path === '/rest/v1/contact_submissions' || r.path.startsWith('/functions/'));

describe('with a working backend', () => {
  const backend = siteBackendForTheBlock({}, { withFunction: true });
  beforeEach(async () => {
    backend().failWrites(false);
    backend().loseAnswer(null);
    backend().requests.length = 0;
    backend().emails.length = 0;
    await backend().sql(`delete from contact_submissions`);
    // Each test starts with the table's limits unspent.
    await backend().db.query(`delete from private.inquiry_writes`);
  });

  it('inserts one row with a browser-made id and no read-back, then notifies with the same body and the bearer key', async () => {
    await submitInquiry(draft());

    const calls = insertsAndNotifies(backend());
    expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /rest/v1/contact_submissions 201',
      'POST /functions/v1/inquiry-notif-resend 200',
    ]);
    const [insert, notify] = calls.map(callShape);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
    const row = { id: expect.stringMatching(UUID_V4), ...typed, company: null };
    expect(insert).toEqual({
      method: 'POST',
      path: '/rest/v1/contact_submissions',
      query: {},
      headers: {
        apikey: backend().anonKey,
        authorization: `Bearer ${backend().anonKey}`,
        'content-type': 'application/json',
        'content-profile': 'public',
        prefer: 'return=minimal',
      },
      body: row,
    });
    expect(Object.keys(insert?.body as object)).toEqual(['id', 'name', 'email', 'company', 'message', 'type', 'language']);
    expect(notify).toEqual({
      method: 'POST',
      path: '/functions/v1/inquiry-notif-resend',
      query: {},
      headers: { apikey: backend().anonKey, authorization: `Bearer ${backend().anonKey}`, 'content-type': 'application/json' },
      body: insert?.body,
    });
    // Nothing else: no read-back, no second insert, no retry.
    expect(siteCalls(backend())).toHaveLength(2);

    const stored = await backend().sql(`select id, name, email, company, message, type, language from contact_submissions`);
    expect(stored).toEqual([insert?.body]);
    // Sent from the Indonesian page: stored so, and the team's email says so.
    expect(stored[0]).toMatchObject({ language: 'id' });
    expect(backend().emails).toHaveLength(1);
    expect(JSON.stringify(backend().emails[0])).toContain('Indonesian');
    expect(debug).toHaveBeenCalledWith(NOTIFY_SENT_LOG, 200, { sent: true });
  });

  it('sends a Turnstile token with the notify call only, never into the stored row', async () => {
    await submitInquiry(draft({ turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' }));
    const [insert, notify] = insertsAndNotifies(backend());
    expect(Object.keys(insert?.body as object)).toEqual(['id', 'name', 'email', 'company', 'message', 'type', 'language']);
    expect(notify?.body).toEqual({ ...(insert?.body as object), turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' });
    // This backend's function has no TURNSTILE_SECRET_KEY: the token is ignored and the email goes out.
    expect(notify?.status).toBe(200);
  });

  it('notifies only after the insert has answered', async () => {
    await submitInquiry(draft({ company: 'Bank Sampah Maju' }));
    const calls = insertsAndNotifies(backend());
    expect(calls.map((r) => r.method + ' ' + r.path)).toEqual([
      'POST /rest/v1/contact_submissions',
      'POST /functions/v1/inquiry-notif-resend',
    ]);
    // The notify function claimed the row the insert had stored: it existed before the notify began.
    const functionLoad = backend().requests.findIndex(
      (r) => r.path === '/rest/v1/rpc/inquiry_notify_claim_one' && r.role === 'service_role',
    );
    expect(functionLoad).toBeGreaterThan(backend().requests.indexOf(calls[0] as LoggedRequest));
    expect((calls[0]?.body as { company: string }).company).toBe('Bank Sampah Maju');
  });

  it('gives every inquiry its own id', async () => {
    await submitInquiry(draft());
    await submitInquiry(draft());
    const ids = insertsAndNotifies(backend())
      .filter((r) => r.path === '/rest/v1/contact_submissions')
      .map((r) => (r.body as { id: string }).id);
    expect(new Set(ids).size).toBe(2);
  });

  it('a retry of one draft after its answer was lost stores no second row and sends no second email', async () => {
    const fields = draft();
    backend().loseAnswer((request) => request.method === 'POST' && request.path === '/rest/v1/contact_submissions');
    await expect(submitInquiry(fields)).rejects.toMatchObject({ name: 'BackendCallFailed' });
    backend().loseAnswer(null);
    // The visitor presses Send again: the same draft, the same id.
    await expect(submitInquiry(fields)).resolves.toBeUndefined();

    expect(insertsAndNotifies(backend()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /rest/v1/contact_submissions 0',
      'POST /rest/v1/contact_submissions 409',
      'POST /functions/v1/inquiry-notif-resend 200',
    ]);
    expect(await backend().sql(`select id from contact_submissions`)).toEqual([{ id: fields.id }]);
    expect(backend().emails).toHaveLength(1);
    // A third press (the success view lost too) still sends nothing more.
    await submitInquiry(fields);
    expect(await backend().sql(`select id from contact_submissions`)).toHaveLength(1);
    await backend().runSweep();
    expect(backend().emails).toHaveLength(1);
  });

  it('when others fill the overall ceiling, throws the ceiling’s refusal (not the visitor’s own) and stores nothing', async () => {
    await fillCeiling(backend());
    const refused: unknown = await submitInquiry(draft()).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'BackendCallFailed', status: 503, code: 'PT503' });
    expect(submitFailureOf(refused)).toBe('busy');
    expect(siteCalls(backend()).filter((r) => r.path.startsWith('/functions/'))).toEqual([]);
    expect(await backend().sql(`select id from contact_submissions`)).toEqual([]);
  });

  it('throws when the insert fails, and sends no notify', async () => {
    backend().failWrites(true);
    await expect(submitInquiry(draft())).rejects.toMatchObject({ name: 'BackendCallFailed', status: 500 });
    expect(insertsAndNotifies(backend()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /rest/v1/contact_submissions 500',
    ]);
    expect(await backend().sql(`select id from contact_submissions`)).toEqual([]);
  });

  it('throws when the database refuses the row (a constraint), and sends no notify', async () => {
    await expect(submitInquiry(draft({ email: 'not an address' }))).rejects.toMatchObject({ status: 400 });
    expect(siteCalls(backend()).filter((r) => r.path.startsWith('/functions/'))).toEqual([]);
  });
});

describe('with Turnstile configured, while others fill the overall ceiling', () => {
  const backend = siteBackendForTheBlock({ turnstileSecret: TURNSTILE_TEST_SECRETS.alwaysPasses }, { withFunction: true });
  beforeEach(async () => {
    backend().requests.length = 0;
    backend().emails.length = 0;
    await backend().sql(`delete from contact_submissions`);
    await fillCeiling(backend());
  });

  it('a visitor who passed the challenge gets through: the function verifies the token, stores the row once and emails once', async () => {
    const fields = draft({ turnstileToken: TURNSTILE_DUMMY_TOKEN });
    await expect(submitInquiry(fields)).resolves.toBeUndefined();
    expect(insertsAndNotifies(backend()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /rest/v1/contact_submissions 503',
      'POST /functions/v1/inquiry-notif-resend 200',
    ]);
    expect(siteCalls(backend()).find((r) => r.path.startsWith('/functions/'))?.body).toEqual({
      id: fields.id,
      name: typed.name,
      email: typed.email,
      company: null,
      message: typed.message,
      type: typed.type,
      language: typed.language,
      turnstileToken: TURNSTILE_DUMMY_TOKEN,
      store: true,
    });
    expect(backend().siteverify?.requests).toHaveLength(1);
    // Stored past the ceiling with the page's language, for the team to answer in.
    expect(await backend().sql(`select id, language, notify_verified_at is not null as verified from contact_submissions`)).toEqual([
      { id: fields.id, language: 'id', verified: true },
    ]);
    expect(backend().emails).toHaveLength(1);

    // Its answer lost, the visitor sends again: still one row, one email.
    await submitInquiry({ ...fields, turnstileToken: TURNSTILE_DUMMY_TOKEN });
    expect(await backend().sql(`select id from contact_submissions`)).toHaveLength(1);
    expect(backend().emails).toHaveLength(1);
  });

  it('without a token the ceiling’s refusal stands, and the function is not asked', async () => {
    const refused: unknown = await submitInquiry(draft()).catch((error: unknown) => error);
    expect(submitFailureOf(refused)).toBe('busy');
    expect(siteCalls(backend()).filter((r) => r.path.startsWith('/functions/'))).toEqual([]);
    expect(await backend().sql(`select id from contact_submissions`)).toEqual([]);
  });
});

describe('with the team’s mail service down', () => {
  // Nothing listens on the discard port: the function cannot reach Resend and answers 502.
  const backend = siteBackendForTheBlock({ functionEnv: { RESEND_API_URL: 'http://127.0.0.1:9' } }, { withFunction: true });

  it('still resolves (the inquiry is stored) and only logs the failed notify', async () => {
    await expect(submitInquiry(draft())).resolves.toBeUndefined();
    const calls = insertsAndNotifies(backend());
    expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /rest/v1/contact_submissions 201',
      'POST /functions/v1/inquiry-notif-resend 502',
    ]);
    expect(await backend().sql(`select id from contact_submissions`)).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(NOTIFY_FAILED_LOG, 502, expect.any(String));
  });
});
