// The function's secrets, read and checked apart from any request: what each missing or unusable
// one turns into, and the defaults of the optional ones.
import assert from 'node:assert/strict';
import { DEFAULT_RESEND_API_URL, DEFAULT_RESEND_TIMEOUT_MS } from '../../supabase/functions/inquiry-notif-resend/resend.ts';
import { MIN_ACTION_TOKEN_KEY_LENGTH, readSettings, REQUIRED_SETTINGS } from '../../supabase/functions/inquiry-notif-resend/settings.ts';
import { DEFAULT_TURNSTILE_VERIFY_URL } from '../../supabase/functions/inquiry-notif-resend/turnstile.ts';

const REQUIRED: Record<string, string> = {
  SUPABASE_URL: 'https://ref.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
  RESEND_API_KEY: 're_key',
  INQUIRY_NOTIFY_TO: 'team@example.com',
  INQUIRY_NOTIFY_FROM: 'Website <website@example.com>',
  ACTION_TOKEN_KEY: 'k'.repeat(MIN_ACTION_TOKEN_KEY_LENGTH),
};

const read = (env: Record<string, string | undefined>) => readSettings((name) => env[name]);

Deno.test('the six required settings, trimmed, with the optional ones at their defaults', () => {
  const padded = Object.fromEntries(Object.entries(REQUIRED).map(([name, value]) => [name, ` ${value}\n`]));
  assert.deepEqual(read(padded), {
    supabaseUrl: 'https://ref.supabase.co',
    serviceRoleKey: 'service-role-key',
    resend: {
      apiUrl: DEFAULT_RESEND_API_URL,
      apiKey: 're_key',
      from: 'Website <website@example.com>',
      to: ['team@example.com'],
      timeoutMs: DEFAULT_RESEND_TIMEOUT_MS,
    },
    actionTokenKey: 'k'.repeat(MIN_ACTION_TOKEN_KEY_LENGTH),
    anonKey: null,
    turnstile: null,
  });
  // The platform sets SUPABASE_ANON_KEY; a team member's call carries it when the caller sent no apikey.
  const withAnon = read({ ...REQUIRED, SUPABASE_ANON_KEY: ' anon-key ' });
  assert.ok('anonKey' in withAnon);
  assert.equal(withAnon.anonKey, 'anon-key');
});

Deno.test('INQUIRY_NOTIFY_TO is a comma-separated list; empty entries are dropped', () => {
  const settings = read({ ...REQUIRED, INQUIRY_NOTIFY_TO: ' team@example.com, ,founders@example.com,' });
  assert.ok('resend' in settings);
  assert.deepEqual(settings.resend.to, ['team@example.com', 'founders@example.com']);
});

Deno.test('every missing setting is named, in order; blank or only commas counts as missing', () => {
  assert.deepEqual(read({}), { missing: [...REQUIRED_SETTINGS] });
  assert.deepEqual(read({ ...REQUIRED, RESEND_API_KEY: '  ', INQUIRY_NOTIFY_FROM: '' }), {
    missing: ['RESEND_API_KEY', 'INQUIRY_NOTIFY_FROM'],
  });
  assert.deepEqual(read({ ...REQUIRED, INQUIRY_NOTIFY_TO: ' , ,' }), { missing: ['INQUIRY_NOTIFY_TO'] });
  assert.deepEqual(read({ ...REQUIRED, SUPABASE_URL: undefined, INQUIRY_NOTIFY_TO: ',' }), {
    missing: ['SUPABASE_URL', 'INQUIRY_NOTIFY_TO'],
  });
});

Deno.test('an unusable URL, timeout or action token key is named, the first one only', () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ RESEND_API_URL: 'not a url' }, 'RESEND_API_URL'],
    [{ SUPABASE_URL: 'ref.supabase.co' }, 'SUPABASE_URL'],
    [{ RESEND_API_URL: 'nope', SUPABASE_URL: 'nope' }, 'RESEND_API_URL'],
    [{ TURNSTILE_VERIFY_URL: 'siteverify' }, 'TURNSTILE_VERIFY_URL'],
    // A key short enough to guess would let anyone make the links it makes.
    [{ ACTION_TOKEN_KEY: 'k'.repeat(MIN_ACTION_TOKEN_KEY_LENGTH - 1) }, 'ACTION_TOKEN_KEY'],
    ...['0', '-5', '1.5', 'ten'].map((value): [Record<string, string>, string] => [{ RESEND_TIMEOUT_MS: value }, 'RESEND_TIMEOUT_MS']),
  ];
  for (const [overrides, invalid] of cases) {
    assert.deepEqual(read({ ...REQUIRED, ...overrides }), { invalid }, JSON.stringify(overrides));
  }
});

Deno.test('the optional settings, when given', () => {
  const settings = read({
    ...REQUIRED,
    RESEND_API_URL: 'http://127.0.0.1:9999',
    RESEND_TIMEOUT_MS: '500',
    TURNSTILE_SECRET_KEY: ' 0x-secret ',
    TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9998/siteverify',
  });
  assert.ok('resend' in settings);
  assert.equal(settings.resend.apiUrl, 'http://127.0.0.1:9999');
  assert.equal(settings.resend.timeoutMs, 500);
  assert.deepEqual(settings.turnstile, { secret: '0x-secret', verifyUrl: 'http://127.0.0.1:9998/siteverify' });

  const withSecretOnly = read({ ...REQUIRED, TURNSTILE_SECRET_KEY: '0x-secret' });
  assert.ok('turnstile' in withSecretOnly);
  assert.deepEqual(withSecretOnly.turnstile, { secret: '0x-secret', verifyUrl: DEFAULT_TURNSTILE_VERIFY_URL });
  const blankSecret = read({ ...REQUIRED, TURNSTILE_SECRET_KEY: '  ' });
  assert.ok('turnstile' in blankSecret);
  assert.equal(blankSecret.turnstile, null, 'a blank secret is no secret: no check');
});
