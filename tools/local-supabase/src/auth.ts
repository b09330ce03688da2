// Supabase Auth (/auth/v1) as far as editors sign in: a one-time code sent by email (no sign-ups:
// only users an operator made or invited get one), the session it opens (an access token signed
// with the project's JWT secret, which the Data API turns into the role `authenticated` and the
// request's claims, and a refresh token), the user, sign-out, the settings anyone may read (sign-ups
// and anonymous sign-ins off, as enforced here), and the admin API `npm run editors` uses. The code
// travels as an email (the project's template, sign-in-email.ts) through the Resend stand-in, so it
// lands in the local inbox. Users live in auth.users of the database, as on Supabase; codes, refresh
// tokens and the code checks' rate limit in memory.
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type { EmbeddedRole } from 'gatsby-source-supabase-content/embedded-db';
import { json, type RestResponse } from './postgrest';
import { signInEmail, type SignInEmail } from './sign-in-email';

export type Claims = Record<string, unknown>;

export interface AuthOptions {
  db: PGlite;
  /** The project's URL once known (the tokens' issuer). */
  url: () => string;
  jwtSecret: string;
  /** Seconds an access token lives (Supabase's default: 3600). */
  jwtExpirySeconds: number;
  serviceKey: string;
  /** Sends the one-time code's email (through the Resend stand-in). */
  sendEmail(to: string, email: SignInEmail): Promise<void>;
}

export interface AuthRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface AuthStandIn {
  /** The answer for a request under /auth/v1. */
  answer(request: AuthRequest): Promise<RestResponse>;
  /** The role and claims of a valid access token; an error answer (as PostgREST's) for a bad or expired one. */
  verify(token: string): { role: EmbeddedRole; claims: Claims } | RestResponse;
}

interface UserRow {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  invited_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

// One code per address, valid an hour (supabase/config.toml's otp_expiry), single use.
export const CODE_LIFETIME_MS = 3_600_000;

/**
 * What GET /auth/v1/settings reports, and what this stand-in enforces: supabase/config.toml's
 * enable_signup = false, and anonymous sign-ins off (Supabase's default). Email is the one way in.
 */
export const AUTH_SETTINGS: { signUps: boolean; anonymousSignIns: boolean } = { signUps: false, anonymousSignIns: false };

/**
 * The code check's limit, as Supabase's Auth has it. A wrong code does not burn the code (GoTrue's
 * isOtpValid in internal/api/verify.go; github.com/orgs/supabase/discussions/33745 is a feature
 * request for that), but every POST /verify takes a token from its client address's bucket, which
 * holds 30 and refills 30 per 5 minutes (GOTRUE_RATE_LIMIT_VERIFY, internal/api/apilimiter;
 * config.toml's auth.rate_limit.token_verifications; the docs' "Rate limits" page). An empty bucket
 * answers 429 over_request_rate_limit before the code is looked at. Over a code's hour that is at
 * most 390 guesses from one address.
 */
export const VERIFY_BURST = 30;
export const VERIFY_REFILL_MS = 300_000;
const USER_COLUMNS = 'id, email, email_confirmed_at, invited_at, last_sign_in_at, created_at, updated_at';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function signJwt(claims: Claims, secret: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** The claims of a token signed with `secret`, 'expired', or null when it is not one. */
export function readJwt(token: string, secret: string, now = Date.now()): Claims | 'expired' | null {
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: Claims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
  } catch {
    return null;
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return 'expired';
  return claims;
}

// Auth's errors: `code` (the HTTP status), `error_code` and `msg`, as auth-js reads them.
const authError = (status: number, errorCode: string, msg: string): RestResponse =>
  json(status, { code: status, error_code: errorCode, msg });

function bearer(headers: IncomingHttpHeaders): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
}

function parse(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const normalEmail = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** Whether `given` is `code`, in a time that does not depend on how much of it is right (digests of equal length). */
function sameCode(given: string, code: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(code));
}

/** Per-client token buckets: `take(client)` is false once that client has used up its burst. */
function tokenBuckets(burst: number, refillMs: number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(client: string): boolean {
      const time = Date.now();
      const held = buckets.get(client) ?? { tokens: burst, at: time };
      const tokens = Math.min(burst, held.tokens + ((time - held.at) * burst) / refillMs);
      const allowed = tokens >= 1;
      buckets.set(client, { tokens: allowed ? tokens - 1 : tokens, at: time });
      return allowed;
    },
  };
}

function userJson(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    phone: '',
    email_confirmed_at: user.email_confirmed_at,
    confirmed_at: user.email_confirmed_at,
    invited_at: user.invited_at,
    last_sign_in_at: user.last_sign_in_at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: false,
  };
}

// Every other way in Auth reports (settings.go's ProviderSettings): none is served here.
const OTHER_PROVIDERS = [
  ...['apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google', 'kakao', 'keycloak'],
  ...['linkedin', 'linkedin_oidc', 'notion', 'phone', 'slack', 'slack_oidc', 'snapchat', 'spotify', 'twitch', 'twitter', 'workos', 'zoom'],
];

/** GET /auth/v1/settings as Supabase's Auth answers it (internal/api/settings.go), from AUTH_SETTINGS. */
function settingsJson() {
  const off = Object.fromEntries(OTHER_PROVIDERS.map((name) => [name, false]));
  return {
    external: { ...off, anonymous_users: AUTH_SETTINGS.anonymousSignIns, email: true },
    disable_signup: !AUTH_SETTINGS.signUps,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

export function authStandIn(options: AuthOptions): AuthStandIn {
  const { db, jwtSecret } = options;
  const codes = new Map<string, { code: string; expiresAt: number }>();
  const refreshTokens = new Map<string, { userId: string; sessionId: string; used: boolean }>();
  const verifyLimit = tokenBuckets(VERIFY_BURST, VERIFY_REFILL_MS);

  const userBy = async (column: 'id' | 'email', value: string): Promise<UserRow | null> => {
    const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where ${column} = $1`, [value]);
    return rows[0] ?? null;
  };

  async function createUser(email: string, invited: boolean): Promise<UserRow | RestResponse> {
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (await userBy('email', email)) return authError(422, 'email_exists', 'A user with this email address has already been registered');
    const { rows } = await db.query<UserRow>(
      `insert into auth.users (email, invited_at, email_confirmed_at)
       values ($1, case when $2 then now() end, case when $2 then null else now() end) returning ${USER_COLUMNS}`,
      [email, invited],
    );
    return rows[0]!;
  }

  function session(user: UserRow, sessionId: string) {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + options.jwtExpirySeconds;
    const claims: Claims = {
      iss: `${options.url()}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      exp: expiresAt,
      iat: now,
      email: user.email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'otp', timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    };
    const refreshToken = randomBytes(24).toString('base64url');
    refreshTokens.set(refreshToken, { userId: user.id, sessionId, used: false });
    return {
      access_token: signJwt(claims, jwtSecret),
      token_type: 'bearer',
      expires_in: options.jwtExpirySeconds,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  function verify(token: string): { role: EmbeddedRole; claims: Claims } | RestResponse {
    const claims = readJwt(token, jwtSecret);
    if (claims === 'expired') return json(401, { code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
    const role = claims?.role;
    if (!claims || (role !== 'anon' && role !== 'authenticated' && role !== 'service_role')) {
      return json(401, { code: 'PGRST301', details: null, hint: null, message: 'No suitable key or wrong key type' });
    }
    return { role, claims };
  }

  /** The signed-in user of a request, or Auth's error. */
  async function signedIn(headers: IncomingHttpHeaders): Promise<{ user: UserRow; claims: Claims } | RestResponse> {
    const claims = readJwt(bearer(headers) ?? '', jwtSecret);
    if (claims === 'expired')
      return authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired');
    if (!claims || typeof claims.sub !== 'string') return authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const user = await userBy('id', claims.sub);
    if (!user) return authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, claims };
  }

  const isAdmin = (headers: IncomingHttpHeaders) => {
    const token = bearer(headers) ?? '';
    if (token === options.serviceKey) return true;
    const claims = readJwt(token, jwtSecret);
    return typeof claims === 'object' && claims?.role === 'service_role';
  };

  async function sendCode(email: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    codes.set(email, { code, expiresAt: Date.now() + CODE_LIFETIME_MS });
    await options.sendEmail(email, signInEmail(email, code));
  }

  async function answer(request: AuthRequest): Promise<RestResponse> {
    const { method, headers } = request;
    const route = request.path.replace(/^\/auth\/v1/, '');
    const body = parse(request.body);

    if (method === 'POST' && route === '/otp') {
      const email = normalEmail(body.email);
      const user = email ? await userBy('email', email) : null;
      // Sign-ups are off (supabase/config.toml): a code goes only to a user who exists.
      if (!user) return authError(422, 'otp_disabled', 'Signups not allowed for otp');
      await sendCode(email);
      return json(200, {});
    }
    if (method === 'POST' && route === '/verify') {
      // The address as the gateway passes it on (cf-connecting-ip), as Supabase's Auth limits by it.
      if (!verifyLimit.take(String(headers['cf-connecting-ip'] ?? ''))) {
        return authError(429, 'over_request_rate_limit', 'Request rate limit reached');
      }
      const email = normalEmail(body.email);
      const sent = codes.get(email);
      const user = email ? await userBy('email', email) : null;
      const given = typeof body.token === 'string' ? body.token.trim() : '';
      if (!user || !sent || sent.expiresAt < Date.now() || !sameCode(given, sent.code)) {
        return authError(403, 'otp_expired', 'Token has expired or is invalid');
      }
      codes.delete(email);
      const { rows } = await db.query<UserRow>(
        `update auth.users set last_sign_in_at = now(), email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
          where id = $1 returning ${USER_COLUMNS}`,
        [user.id],
      );
      return json(200, session(rows[0]!, randomUUID()));
    }
    if (method === 'POST' && route === '/token' && request.query.get('grant_type') === 'refresh_token') {
      const held = typeof body.refresh_token === 'string' ? refreshTokens.get(body.refresh_token) : undefined;
      const user = held && !held.used ? await userBy('id', held.userId) : null;
      if (!held || held.used || !user) return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      held.used = true;
      return json(200, session(user, held.sessionId));
    }
    if (method === 'GET' && route === '/settings') return json(200, settingsJson());
    if (method === 'POST' && route === '/signup') {
      // Auth's order: an anonymous sign-in (no address) is refused first when the provider is off.
      const anonymous = !body.email && !body.phone;
      if (anonymous && !AUTH_SETTINGS.anonymousSignIns) {
        return authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
      }
      if (!AUTH_SETTINGS.signUps) return authError(422, 'signup_disabled', 'Signups not allowed for this instance');
    }
    if (method === 'GET' && route === '/user') {
      const found = await signedIn(headers);
      return 'status' in found ? found : json(200, userJson(found.user));
    }
    if (method === 'POST' && route === '/logout') {
      const found = await signedIn(headers);
      if ('status' in found) return found;
      for (const held of refreshTokens.values()) {
        if (held.userId === found.user.id && (request.query.get('scope') !== 'local' || held.sessionId === found.claims.session_id)) {
          held.used = true;
        }
      }
      return { status: 204, headers: {} };
    }

    if (route === '/invite' || route.startsWith('/admin/')) {
      if (!isAdmin(headers)) return authError(403, 'not_admin', 'User not allowed');
      if (method === 'POST' && (route === '/invite' || route === '/admin/users')) {
        const email = normalEmail(body.email);
        const made = await createUser(email, route === '/invite');
        if ('status' in made) return made;
        // Supabase sends its invite template here (a link); nothing of this project invites (`npm run
        // editors` makes the user), and the code this sends is what /edit/ takes.
        if (route === '/invite') await sendCode(email);
        return json(200, userJson(made));
      }
      if (method === 'GET' && route === '/admin/users') {
        const perPage = Math.min(Number(request.query.get('per_page') ?? 50) || 50, 1000);
        const page = Math.max(Number(request.query.get('page') ?? 1) || 1, 1);
        const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users order by created_at, id limit $1 offset $2`, [
          perPage,
          (page - 1) * perPage,
        ]);
        return json(200, { users: rows.map(userJson), aud: 'authenticated' });
      }
      const one = /^\/admin\/users\/([0-9a-f-]{36})$/.exec(route);
      if (one?.[1] && method === 'DELETE') {
        const { rows } = await db.query(`delete from auth.users where id = $1 returning id`, [one[1]]);
        if (rows.length === 0) return authError(404, 'user_not_found', 'User not found');
        for (const held of refreshTokens.values()) if (held.userId === one[1]) held.used = true;
        return json(200, {});
      }
    }
    // As for the Data API: a call this stand-in was not given fails a test instead of being answered.
    return json(400, { code: 'LOCAL_UNKNOWN_SHAPE', message: `local backend: unknown request shape ${method} /auth/v1${route}` });
  }

  return { answer, verify };
}
