// Supabase Auth's one-time-code sign-in as a fetch, for the staff pages' tests on jsdom (which has no
// fetch and cannot run the local backend): the answers are Auth's own (tools/local-supabase/src/auth.ts
// answers the same), so supabase-js reads them as it reads the real ones. Installed as the global
// fetch with the backend settings the page reads; `restore()` takes both away.

export interface FakeAuth {
  /** Addresses that have an Auth user (a code is sent only to them). */
  users: Set<string>;
  /** The code the last email carried, and until when it works. */
  code: string;
  codeExpiresAt: number;
  /** Every request, as `METHOD /path?query` with its JSON body. */
  requests: { call: string; body: Record<string, unknown> }[];
  /** Answer every request with Auth's rate-limit refusal (429). */
  limited: boolean;
  /** Fail every request before an answer, as a dropped connection does. */
  down: boolean;
  restore(): void;
}

/** What a fetch answer needs to be for supabase-js. */
function answer(status: number, body?: unknown) {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: () => null },
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  };
}

const refusal = (status: number, errorCode: string, msg: string) => answer(status, { code: status, error_code: errorCode, msg });

// How long a code works: otp_expiry in supabase/config.toml, as Auth applies it.
const CODE_LIFETIME_MS = 3_600_000;
let sessions = 0;

function session(email: string) {
  sessions += 1;
  const now = Math.floor(Date.now() / 1000);
  return {
    access_token: `header.${btoa(JSON.stringify({ sub: 'u1', exp: now + 3600 }))}.signature`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    refresh_token: `refresh-token-${sessions}`,
    user: { id: 'u1', aud: 'authenticated', email, app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' },
  };
}

export function installFakeAuth(url = 'http://auth.test'): FakeAuth {
  const before = { fetch: globalThis.fetch, url: process.env.GATSBY_SUPABASE_URL, key: process.env.GATSBY_SUPABASE_ANON_KEY };
  process.env.GATSBY_SUPABASE_URL = url;
  process.env.GATSBY_SUPABASE_ANON_KEY = 'anon-key';
  const fake: FakeAuth = {
    users: new Set(),
    code: '',
    codeExpiresAt: 0,
    requests: [],
    limited: false,
    down: false,
    restore() {
      globalThis.fetch = before.fetch;
      // process.env turns undefined into the text 'undefined': an unset name is deleted instead.
      if (before.url === undefined) delete process.env.GATSBY_SUPABASE_URL;
      else process.env.GATSBY_SUPABASE_URL = before.url;
      if (before.key === undefined) delete process.env.GATSBY_SUPABASE_ANON_KEY;
      else process.env.GATSBY_SUPABASE_ANON_KEY = before.key;
    },
  };
  // supabase-js calls it with the URL as text and a JSON body.
  const fetch = (input: string, init?: { method?: string; body?: string }) => {
    const target = new URL(input);
    const route = target.pathname.replace(/^\/auth\/v1/, '');
    const body = (init?.body ? JSON.parse(init.body) : {}) as Record<string, unknown>;
    fake.requests.push({ call: `${init?.method ?? 'GET'} ${route}${target.search}`, body });
    if (fake.down) return Promise.reject(new TypeError('Failed to fetch'));
    if (fake.limited) return Promise.resolve(refusal(429, 'over_request_rate_limit', 'Request rate limit reached'));
    const email = typeof body.email === 'string' ? body.email : '';
    if (route === '/otp') {
      if (!fake.users.has(email)) return Promise.resolve(refusal(422, 'otp_disabled', 'Signups not allowed for otp'));
      // A new code each time, as Auth sends: the one before no longer works.
      fake.code = String(123456 + fake.requests.length);
      fake.codeExpiresAt = Date.now() + CODE_LIFETIME_MS;
      return Promise.resolve(answer(200, {}));
    }
    if (route === '/verify') {
      // Auth answers a wrong code and an expired one alike.
      if (body.token !== fake.code || fake.code === '' || Date.now() > fake.codeExpiresAt) {
        return Promise.resolve(refusal(403, 'otp_expired', 'Token has expired or is invalid'));
      }
      fake.code = '';
      return Promise.resolve(answer(200, session(email)));
    }
    if (route === '/logout') return Promise.resolve(answer(204));
    return Promise.resolve(refusal(400, 'unknown', `no fake for ${route}`));
  };
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return fake;
}
