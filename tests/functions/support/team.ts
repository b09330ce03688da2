// The team's sessions for the function's tests: access tokens signed as Supabase Auth signs them
// (HS256 under the project's JWT secret), and the Data API's part of a member's call as PostgREST
// plays it: the bearer checked and turned into a role and request.jwt.claims, the database function
// run in one transaction as that role, a refusal answered with PostgREST's status.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { withRole } from '../../../plugins/gatsby-source-supabase-content/embedded-db.ts';
import { functionTeamStore, type TeamStore } from '../../../supabase/functions/inquiry-notif-resend/team.ts';

export const JWT_SECRET = 'jwt-secret-for-the-function-tests-at-least-32-characters';

type Claims = Record<string, unknown>;

const encoder = new TextEncoder();
const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

async function signature(data: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data))));
}

export async function signJwt(claims: Claims, secret = JWT_SECRET): Promise<string> {
  const head = base64url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const body = base64url(encoder.encode(JSON.stringify(claims)));
  return `${head}.${body}.${await signature(`${head}.${body}`, secret)}`;
}

/** A signed-in user's access token, as Auth issues it after the one-time code; `expiresIn` in seconds. */
export function sessionToken(user: { sub: string; email: string }, expiresIn = 3600, secret = JWT_SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({
    sub: user.sub,
    email: user.email,
    role: 'authenticated',
    aud: 'authenticated',
    iat: now,
    exp: now + expiresIn,
    session_id: crypto.randomUUID(),
  }, secret);
}

/** The claims of a token signed with the secret, 'expired', or null when it is not one. */
async function readJwt(token: string): Promise<Claims | 'expired' | null> {
  const [head, body, signed] = token.split('.');
  if (!head || !body || !signed || signed !== (await signature(`${head}.${body}`, JWT_SECRET))) return null;
  let claims: Claims;
  try {
    claims = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(body.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0))),
    );
  } catch {
    return null;
  }
  return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() ? claims : 'expired';
}

type Role = 'anon' | 'authenticated' | 'service_role';

/**
 * The function's member store over PGlite, as PostgREST serves the call: the project's keys stand
 * for their roles, any other bearer must be a valid session (else 401), and 42501 is 401 for anon,
 * 403 for anyone else.
 */
export function pgliteTeamStore(db: PGlite, keys: { anon: string; service: string }, token: string): TeamStore {
  return functionTeamStore(async (name, args) => {
    let role: Role;
    let claims: Claims;
    if (token === keys.anon || token === keys.service) {
      role = token === keys.anon ? 'anon' : 'service_role';
      claims = { role };
    } else {
      const read = await readJwt(token);
      if (read === null || read === 'expired') return { data: null, error: { code: read ? 'PGRST303' : 'PGRST301' }, status: 401 };
      if (read.role !== 'authenticated' && read.role !== 'anon') return { data: null, error: { code: 'PGRST301' }, status: 401 };
      role = read.role;
      claims = read;
    }
    const names = Object.keys(args);
    try {
      const data = await withRole(db, role, async (tx: Transaction) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        const call = `public.${name}(${names.map((arg, index) => `${arg} => $${index + 1}`).join(', ')})`;
        const { rows } = await tx.query<{ result: unknown }>(`select to_jsonb(${call}) as result`, names.map((arg) => args[arg]));
        return rows[0]?.result;
      });
      return { data, error: null };
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? '');
      return { data: null, error: { code }, status: code === '42501' ? (role === 'anon' ? 401 : 403) : 400 };
    }
  });
}
