// The editors' sign-in email and code check, hosted and local alike: supabase/config.toml names the
// template that carries the six-digit code (which `npm run config:push` gives the hosted project, and
// which the pinned CLI reads where config.toml says), the local backend's Auth sends that same file
// rendered, and the code in the local inbox signs in. The check itself: a wrong code of any length
// is refused with Auth's answer and leaves the code usable, as on Supabase; 30 checks from one
// address, then Auth's 429 even for the right code, while another address still signs in. Auth's
// settings report what the stand-in enforces: no sign-ups, no anonymous sign-ins.
import { createClient } from '@supabase/supabase-js';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'smol-toml';
import {
  AUTH_SETTINGS,
  CODE_LIFETIME_MS,
  SIGN_IN_SUBJECT,
  SIGN_IN_TEMPLATE_FILE,
  VERIFY_BURST,
  VERIFY_REFILL_MS,
  renderTemplate,
  signInCodeOf,
  startLocalBackend,
  type InboxEmail,
  type LocalBackend,
} from 'local-supabase';
import { REPO_ROOT } from '../support/database';
import { forTheFile } from '../support/for-the-file';
import { scriptCommand } from '../support/package-script';

const run = promisify(execFile);

interface AuthConfig {
  enable_signup: boolean;
  email: {
    enable_signup: boolean;
    otp_length: number;
    otp_expiry: number;
    template: Record<string, { subject: string; content_path: string }>;
  };
  rate_limit: { token_verifications: number };
}
const auth = () => (parse(readFileSync(path.join(REPO_ROOT, 'supabase', 'config.toml'), 'utf8')) as unknown as { auth: AuthConfig }).auth;

describe('the template supabase/config.toml names', () => {
  it('is Auth magic_link template, the file the local backend sends, and it holds the code', () => {
    const template = auth().email.template.magic_link;
    expect(template?.subject).toBe(SIGN_IN_SUBJECT);
    // The CLI reads an email template's content_path from the project folder, supabase/'s parent.
    expect(path.resolve(REPO_ROOT, template?.content_path ?? '')).toBe(SIGN_IN_TEMPLATE_FILE);
    const file = readFileSync(SIGN_IN_TEMPLATE_FILE, 'utf8');
    expect(file).toContain('{{ .Token }}');
    // Plain and self-contained: no picture, stylesheet or script from elsewhere, nothing to click.
    expect(file).not.toMatch(/<(img|link|script|a)\b|url\(/i);
    expect(file).toMatch(/<html lang="en">/);
    expect(file).toMatch(/<div lang="id">/);
  });

  it('gives the figures the local Auth enforces: six digits, an hour, no sign-ups, 30 checks per 5 minutes', () => {
    const { email, enable_signup, rate_limit } = auth();
    expect({ otp_length: email.otp_length, otp_expiry: email.otp_expiry * 1000 }).toEqual({ otp_length: 6, otp_expiry: CODE_LIFETIME_MS });
    expect([enable_signup, email.enable_signup]).toEqual([AUTH_SETTINGS.signUps, AUTH_SETTINGS.signUps]);
    expect({ burst: rate_limit.token_verifications, refill: 300_000 }).toEqual({ burst: VERIFY_BURST, refill: VERIFY_REFILL_MS });
    // The template's words for the lifetime.
    expect(readFileSync(SIGN_IN_TEMPLATE_FILE, 'utf8')).toContain('within an hour');
  });

  it('is read by the pinned CLI, as `npm run config:push` reads it', async () => {
    const [program] = scriptCommand('supabase');
    expect(scriptCommand('config:push')).toEqual([program, 'config', 'push']);
    // Any command that loads config.toml reads the template first: a wrong path stops it there,
    // before it tries the (refused) database.
    const failed = await run(program, ['migration', 'list', '--db-url', 'postgresql://nobody:none@127.0.0.1:1/none'], {
      cwd: REPO_ROOT,
      timeout: 60_000,
    }).then(
      () => '',
      (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
    );
    expect(failed).not.toContain('Invalid config');
    expect(failed).toContain('failed to connect');
  });

  it('is rendered as Go templates render it: the code and the address filled in and escaped, nothing else', () => {
    expect(renderTemplate('<p>{{ .Token }} for {{.Email}}</p>', { Token: '012345', Email: 'a<b>&"c"@example.test' })).toBe(
      '<p>012345 for a&lt;b&gt;&amp;&#34;c&#34;@example.test</p>',
    );
    expect(() => renderTemplate('{{ .SiteURL }}', { Token: '1' })).toThrow('{{ .SiteURL }}');
    expect(() => renderTemplate('{{ if .Token }}x{{ end }}', { Token: '1' })).toThrow('{{ if .Token }}');
  });
});

describe('signing in on the local backend', () => {
  const EDITOR = 'sekar@example.test';
  const started = forTheFile(
    'the local backend',
    () => startLocalBackend(),
    (opened) => opened.stop(),
  );
  let backend: LocalBackend;
  let from = 1;
  beforeAll(async () => {
    backend = started();
    // Each test its own client address, as the gateway passes it on (the verify limit counts by it).
    backend.clientAddress((headers) => headers['x-test-client'] as string | undefined);
    const made = await fetch(`${backend.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: backend.serviceKey, Authorization: `Bearer ${backend.serviceKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: EDITOR, email_confirm: true }),
    });
    expect(made.status).toBe(200);
  });

  let address = '';
  beforeEach(() => {
    address = `127.0.1.${from++}`;
  });
  const client = (client = address) =>
    createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'x-test-client': client } },
    });
  /** POST /auth/v1/verify as auth-js sends it, from this test's address. */
  const verify = (token: string) =>
    fetch(`${backend.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', 'x-test-client': address },
      body: JSON.stringify({ email: EDITOR, token, type: 'email' }),
    });

  /** Asks for a code as /edit/ does; the email the local inbox (GET /local/emails) then holds for the editor. */
  async function askForCode(): Promise<InboxEmail> {
    const asked = await client().auth.signInWithOtp({ email: EDITOR, options: { shouldCreateUser: false } });
    expect(asked.error).toBeNull();
    const inbox = (await (
      await fetch(`${backend.url}/local/emails`, { headers: { Origin: 'http://localhost:8000' } })
    ).json()) as InboxEmail[];
    return inbox.filter((email) => email.to.includes(EDITOR)).at(-1)!;
  }
  const codeIn = (email: InboxEmail) => /\b(\d{6})\b/.exec(email.text)?.[1] ?? '';

  it('sends the template with the code, which signs in once', async () => {
    const email = await askForCode();
    const code = codeIn(email);
    expect(code).toMatch(/^\d{6}$/);
    expect(email.subject).toBe(SIGN_IN_SUBJECT);
    const sent = backend.emails.at(-1)!.body;
    expect(sent.html).toBe(renderTemplate(readFileSync(SIGN_IN_TEMPLATE_FILE, 'utf8'), { Token: code, Email: EDITOR }));
    expect(email.text).toContain(`Your sign-in code\nType this code on the page where you asked for it:\n${code}\nIt works once`);
    expect(email.text).toContain(`Kode masuk Anda\nKetikkan kode ini di halaman tempat Anda memintanya:\n${code}\n`);
    expect(email.text).toContain(
      `Jika Anda tidak meminta masuk sebagai ${EDITOR}, abaikan email ini: tanpa kode ini tidak ada yang terjadi.`,
    );
    expect(email.links).toEqual([]);
    // What `npm run backend` prints under the email.
    expect(signInCodeOf(email)).toBe(code);
    expect(signInCodeOf({ subject: 'New inquiry', text: 'Call 021 555 123456' })).toBeNull();

    const signedIn = await client().auth.verifyOtp({ email: EDITOR, token: code, type: 'email' });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.email).toBe(EDITOR);
    const again = await client().auth.verifyOtp({ email: EDITOR, token: code, type: 'email' });
    expect(again.data.session).toBeNull();
    expect({ status: again.error?.status, code: again.error?.code }).toEqual({ status: 403, code: 'otp_expired' });
  });

  it("refuses a wrong code of any length with Auth's answer, and the code still works after, as on Supabase", async () => {
    const code = codeIn(await askForCode());
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const guess of [wrong, '', '12345', '1234567', `${code}0`, 'abcdef']) {
      const refused = await verify(guess);
      expect({ guess, status: refused.status, body: (await refused.json()) as unknown }).toEqual({
        guess,
        status: 403,
        body: { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' },
      });
    }
    expect((await verify(` ${code} `)).status).toBe(200);
  });

  it("answers Auth's 429 after 30 checks from one address, even for the right code; another address signs in", async () => {
    const code = codeIn(await askForCode());
    const wrong = code === '000000' ? '000001' : '000000';
    for (let check = 0; check < VERIFY_BURST; check++) expect((await verify(wrong)).status).toBe(403);
    const limited = await client().auth.verifyOtp({ email: EDITOR, token: code, type: 'email' });
    expect(limited.data.session).toBeNull();
    expect({ status: limited.error?.status, code: limited.error?.code, message: limited.error?.message }).toEqual({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    const elsewhere = await client(`${address}0`).auth.verifyOtp({ email: EDITOR, token: code, type: 'email' });
    expect(elsewhere.error).toBeNull();
    expect(elsewhere.data.session?.user.email).toBe(EDITOR);
  });

  it('reports sign-ups and anonymous sign-ins off in its settings, and refuses both as Auth does', async () => {
    const settings = await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } });
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ disable_signup: true, external: { anonymous_users: false, email: true, google: false } });
    const anonymous = await client().auth.signInAnonymously();
    expect({ status: anonymous.error?.status, code: anonymous.error?.code }).toEqual({ status: 422, code: 'anonymous_provider_disabled' });
    const signUp = await client().auth.signUp({ email: 'stranger@example.test', password: 'a long enough password' });
    expect({ status: signUp.error?.status, code: signUp.error?.code }).toEqual({ status: 422, code: 'signup_disabled' });
    expect(backend.emails.filter((email) => email.body.to.includes('stranger@example.test'))).toEqual([]);
  });
});
