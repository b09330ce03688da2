// Calls the function's handler as the edge runtime would, with a real database behind its store and
// Resend replaced by the local backend's Resend stand-in (a recording server).
import assert from 'node:assert/strict';
import type { PGlite } from '@electric-sql/pglite';
import { type Dependencies, handler } from '../../../supabase/functions/inquiry-notif-resend/handler.ts';
import type { SubmissionStore } from '../../../supabase/functions/inquiry-notif-resend/store.ts';
import { clearSubmissions, newSubmission, openFunctionDatabase, pgliteStore, type SubmissionFields, submitAsVisitor } from './database.ts';
import { type ResendStandIn, startResendStandIn } from '../../../tools/local-supabase/src/resend.ts';
import { pgliteTeamStore } from './team.ts';

/** The project's public key, as the browser sends it. */
export const ANON_KEY = 'anon-key';

export const FUNCTION_URL = 'http://127.0.0.1:54321/functions/v1/inquiry-notif-resend';

export interface Harness {
  db: PGlite;
  resend: ResendStandIn;
  /** Every line the function wrote to the console, oldest first. */
  logs: string[];
  env: Record<string, string>;
  /** The (url, key) pairs the function opened its store with. */
  storeOpenings: Array<[string, string]>;
  /** The (url, apikey, bearer) the function opened a team member's way to the database with. */
  teamOpenings: Array<[string, string, string]>;
  deps(overrides?: { env?: Record<string, string | undefined>; store?: SubmissionStore }): Dependencies;
  /** Runs the handler; every answer must carry the CORS headers, whatever its status. */
  send(request: Request, deps?: Dependencies): Promise<Response>;
  /** POSTs a JSON body the way the browser does (bearer anon key), with any further headers. */
  post(body: unknown, deps?: Dependencies, headers?: Record<string, string>): Promise<Response>;
  /** A new submission, stored as the visitor's browser stores it, before the function hears of it. */
  stored(overrides?: Partial<SubmissionFields>): Promise<SubmissionFields>;
  /** The scheduled job's call: `{"sweep":true}` with a bearer token, by default the service key. */
  sweep(token?: string, deps?: Dependencies): Promise<Response>;
  /** Forgets what earlier tests left: submissions, the site's address, the Resend stand-in, the captured logs. */
  reset(): Promise<void>;
  /** Registers a Deno test that starts from reset(). */
  test(name: string, fn: () => Promise<void>): void;
}

let shared: Promise<Harness> | undefined;

/**
 * The harness of the isolate: every test file that asks gets the same one, since the test runner
 * loads all of them in one isolate (scripts/test.ts), and one database and one console capture
 * are enough for tests that run one at a time.
 */
export function startHarness(): Promise<Harness> {
  shared ??= createHarness();
  return shared;
}

async function createHarness(): Promise<Harness> {
  const db = await openFunctionDatabase();
  const resend = await startResendStandIn({ apiKey: 're_test_key' });
  const store = pgliteStore(db);
  const logs: string[] = [];
  const storeOpenings: Array<[string, string]> = [];
  const teamOpenings: Array<[string, string, string]> = [];
  const env: Record<string, string> = {
    SUPABASE_URL: 'http://127.0.0.1:54321',
    SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-for-tests',
    RESEND_API_KEY: resend.apiKey,
    RESEND_API_URL: resend.url,
    // Short, so that the timeout test waits a moment rather than Resend's real ten seconds; long
    // enough that a send on a busy machine (the Jest suites beside these) is not taken for one.
    RESEND_TIMEOUT_MS: '3000',
    INQUIRY_NOTIFY_TO: 'team@example.com',
    INQUIRY_NOTIFY_FROM: 'Website <inquiries@example.com>',
    ACTION_TOKEN_KEY: 'action-token-key-for-the-function-tests',
  };

  // The handler logs through console; keep its lines for the assertions (and out of the report).
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    console[level] = (...args: unknown[]) => {
      logs.push(args.map(String).join(' '));
    };
  }

  const harness: Harness = {
    db,
    resend,
    logs,
    env,
    storeOpenings,
    teamOpenings,
    deps(overrides = {}) {
      const chosen = overrides.env ?? env;
      return {
        env: (name) => chosen[name],
        openStore: (url, key) => {
          storeOpenings.push([url, key]);
          return overrides.store ?? store;
        },
        openTeamStore: (url, apikey, token) => {
          teamOpenings.push([url, apikey, token]);
          return pgliteTeamStore(db, { anon: ANON_KEY, service: env.SUPABASE_SERVICE_ROLE_KEY! }, token);
        },
      };
    },
    async send(request, deps = harness.deps()) {
      const response = await handler(request, deps);
      assert.equal(response.headers.get('access-control-allow-origin'), '*', `CORS on ${response.status}`);
      assert.match(response.headers.get('access-control-allow-headers') ?? '', /authorization/);
      return response;
    },
    post(body, deps, headers = {}) {
      return harness.send(
        postRequest(JSON.stringify(body), { 'content-type': 'application/json', authorization: `Bearer ${ANON_KEY}`, ...headers }),
        deps,
      );
    },
    async stored(overrides = {}) {
      const submission = newSubmission(overrides);
      await submitAsVisitor(db, submission);
      return submission;
    },
    sweep(token = env.SUPABASE_SERVICE_ROLE_KEY, deps) {
      return harness.send(
        postRequest(JSON.stringify({ sweep: true }), { 'content-type': 'application/json', authorization: `Bearer ${token}` }),
        deps,
      );
    },
    async reset() {
      await clearSubmissions(db);
      // The site's address: the promises' tests set it, and the other files' emails are without it.
      await db.exec(`delete from vault.secrets where name = 'site_url'`);
      resend.reset();
      logs.length = 0;
      storeOpenings.length = 0;
      teamOpenings.length = 0;
    },
    test(name, fn) {
      // The database, the Resend stand-in and the console capture live for the whole run; Deno's
      // per-test leak checks would count their connections against whichever test opened them.
      Deno.test({
        name,
        sanitizeOps: false,
        sanitizeResources: false,
        fn: async () => {
          await harness.reset();
          await fn();
        },
      });
    },
  };
  return harness;
}

/** A POST to the function, JSON by default and without a bearer token unless the headers carry one. */
export function postRequest(
  body: BodyInit,
  headers: HeadersInit = { 'content-type': 'application/json' },
): Request {
  return new Request(FUNCTION_URL, { method: 'POST', headers, body });
}

/** The JSON error of a refused request, asserting its status first. */
export async function errorOf(response: Response, status: number): Promise<string> {
  const body = await response.json();
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  assert.equal(typeof body.error, 'string');
  return body.error;
}
