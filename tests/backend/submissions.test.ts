// Calls 5 and 6 of docs/behaviour.md#the-calls-the-page-makes (the insert, then the notify call) as
// the browser makes them: submitInquiry (the modal's one path) on supabase-js against the local
// backend, whose notify function runs under Deno and mails a Resend stand-in. One insert without
// read-back, then one notify with the bearer key; nothing else.
import type { LocalBackend, LoggedRequest } from 'local-supabase';
import { NOTIFY_FAILED_LOG, NOTIFY_SENT_LOG } from '../../src/content/modal';
import { submitInquiry, type InquiryFields } from '../../src/lib/submit-inquiry';
import { forTheFile } from '../support/for-the-file';
import { UUID_V4, callShape, siteCalls, startSiteBackend } from './support/site-backend';

let warn: jest.SpyInstance;
let debug: jest.SpyInstance;

beforeEach(() => {
  // supabase-js warns once, on load, that Node 20 is deprecated; browsers never see it.
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  warn.mockRestore();
  debug.mockRestore();
});
afterAll(() => {
  delete process.env.GATSBY_SUPABASE_URL;
  delete process.env.GATSBY_SUPABASE_ANON_KEY;
});

const typed: InquiryFields = {
  type: 'investor',
  name: 'Budi <b>Santoso</b>',
  email: 'budi@example.test',
  company: '',
  message: 'The deck, please.\nWe sort 20 t/day.',
};

const siteBackendForTheBlock = (options?: Parameters<typeof startSiteBackend>[0]) =>
  forTheFile(
    'the local backend',
    () => startSiteBackend(options),
    (backend) => backend.stop(),
    60_000,
  );

const insertsAndNotifies = (backend: LocalBackend): LoggedRequest[] =>
  siteCalls(backend).filter((r) => r.path === '/rest/v1/contact_submissions' || r.path.startsWith('/functions/'));

describe('with a working backend', () => {
  const backend = siteBackendForTheBlock();

  beforeEach(async () => {
    backend().failWrites(false);
    backend().requests.length = 0;
    backend().emails.length = 0;
    await backend().sql(`delete from contact_submissions`);
  });

  it('inserts one row with a browser-made id and no read-back, then notifies with the same body and the bearer key', async () => {
    await submitInquiry(typed);

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
    expect(Object.keys(insert?.body as object)).toEqual(['id', 'name', 'email', 'company', 'message', 'type']);
    expect(notify).toEqual({
      method: 'POST',
      path: '/functions/v1/inquiry-notif-resend',
      query: {},
      headers: { apikey: backend().anonKey, authorization: `Bearer ${backend().anonKey}`, 'content-type': 'application/json' },
      body: insert?.body,
    });
    // Nothing else: no read-back, no second insert, no retry.
    expect(siteCalls(backend())).toHaveLength(2);

    const stored = await backend().sql(`select id, name, email, company, message, type from contact_submissions`);
    expect(stored).toEqual([insert?.body]);
    expect(backend().emails).toHaveLength(1);
    expect(debug).toHaveBeenCalledWith(NOTIFY_SENT_LOG, 200, { sent: true });
  });

  it('sends a Turnstile token with the notify call only, never into the stored row', async () => {
    await submitInquiry({ ...typed, turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' });
    const [insert, notify] = insertsAndNotifies(backend());
    expect(Object.keys(insert?.body as object)).toEqual(['id', 'name', 'email', 'company', 'message', 'type']);
    expect(notify?.body).toEqual({ ...(insert?.body as object), turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX' });
    // This backend's function has no TURNSTILE_SECRET_KEY: the token is ignored and the email goes out.
    expect(notify?.status).toBe(200);
  });

  it('notifies only after the insert has answered', async () => {
    await submitInquiry({ ...typed, company: 'Bank Sampah Maju' });
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
    await submitInquiry(typed);
    await submitInquiry(typed);
    const ids = insertsAndNotifies(backend())
      .filter((r) => r.path === '/rest/v1/contact_submissions')
      .map((r) => (r.body as { id: string }).id);
    expect(new Set(ids).size).toBe(2);
  });

  it('throws when the insert fails, and sends no notify', async () => {
    backend().failWrites(true);
    await expect(submitInquiry(typed)).rejects.toMatchObject({ name: 'BackendCallFailed', status: 500 });
    expect(insertsAndNotifies(backend()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /rest/v1/contact_submissions 500',
    ]);
    expect(await backend().sql(`select id from contact_submissions`)).toEqual([]);
  });

  it('throws when the database refuses the row (a constraint), and sends no notify', async () => {
    await expect(submitInquiry({ ...typed, email: 'not an address' })).rejects.toMatchObject({ status: 400 });
    expect(siteCalls(backend()).filter((r) => r.path.startsWith('/functions/'))).toEqual([]);
  });
});

describe('with the team’s mail service down', () => {
  // Nothing listens on the discard port: the function cannot reach Resend and answers 502.
  const backend = siteBackendForTheBlock({ functionEnv: { RESEND_API_URL: 'http://127.0.0.1:9' } });

  it('still resolves (the inquiry is stored) and only logs the failed notify', async () => {
    await expect(submitInquiry(typed)).resolves.toBeUndefined();
    const calls = insertsAndNotifies(backend());
    expect(calls.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /rest/v1/contact_submissions 201',
      'POST /functions/v1/inquiry-notif-resend 502',
    ]);
    expect(await backend().sql(`select id from contact_submissions`)).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(NOTIFY_FAILED_LOG, 502, expect.any(String));
  });
});
