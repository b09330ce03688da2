// What startLocalBackend takes and gives, and the keys and addresses it uses unless told otherwise.
import type { PGlite } from '@electric-sql/pglite';
import type { EmbeddedPaths } from 'gatsby-source-supabase-content/embedded-db';
import type { ClientAddress, Intercept, LoggedRequest, LoseAnswer } from './gateway';
import type { InboxEmail } from './inbox';
import type { RecordedEmail, ResendStandIn } from './resend';
import type { SignedObjects } from './signed-objects';
import type { ServedApi } from './site-api';
import type { SiteverifyStandIn } from './siteverify';
import type { InquiryAlert, SweepRun } from './sweep';

export const DEFAULT_ANON_KEY = 'local-anon-key';
export const DEFAULT_SERVICE_KEY = 'local-service-role-key';
/** Signs the access tokens of signed-in users (Supabase's JWT secret); at least 32 characters, as Supabase's. */
export const DEFAULT_JWT_SECRET = 'local-jwt-secret-for-signed-in-editors-only';
/** The function's ACTION_TOKEN_KEY, which derives the action links' tokens; at least 32 characters, as the function requires. */
export const DEFAULT_ACTION_TOKEN_KEY = 'local-action-token-key-for-this-machine-only';
export const NOTIFY_TO = 'team@example.test';
export const NOTIFY_FROM = 'AdaSorter site <site@example.test>';

export interface BuildHook {
  /** Where the rebuild trigger's calls go, e.g. `gatsby develop`'s /__refresh. */
  url: string;
  /** Sent as the Authorization header (`gatsby develop` compares it with GATSBY_REFRESH_TOKEN). */
  authorization?: string;
}

export interface LocalBackendOptions {
  /** 0 (default) picks a free port; a fixed port lets a build's baked-in URL meet a later backend. */
  port?: number;
  anonKey?: string;
  serviceKey?: string;
  /** Signs signed-in users' access tokens (DEFAULT_JWT_SECRET). */
  jwtSecret?: string;
  /** Seconds an access token lives (3600, as Supabase's default); a test of an expired session shortens it. */
  jwtExpirySeconds?: number;
  /** The schema to load (bootstrap, migrations, seed): the project's by default. */
  paths?: EmbeddedPaths;
  /** The requests and database functions served: the site's by default (site-api.ts). */
  api?: ServedApi;
  /** Extra environment for the edge function (overrides the defaults below). */
  functionEnv?: Record<string, string>;
  /**
   * Turnstile for the function: one of Cloudflare's test secrets (TURNSTILE_TEST_SECRETS), checked
   * by a siteverify stand-in that answers as Cloudflare does for it. Off when absent.
   */
  turnstileSecret?: string;
  /**
   * Runs the inquiry sweep, the alert job and the site watch this often, as pg_cron runs them every
   * minute on Supabase (off when absent: tests call runSweep(), runAlerts() and runSiteWatch()).
   */
  sweepIntervalMs?: number;
  /** The live site's address (Vault secret site_url), which the site watch reads; unset when absent. */
  siteUrl?: string;
  /** Sends the rebuild trigger's calls here after each write, as pg_net does (else they are only recorded). */
  buildHook?: BuildHook;
  /** Told of every request once it is answered (the command's log). */
  onRequest?: (request: LoggedRequest) => void;
  /** Told of every email the Resend stand-in accepts. */
  onEmail?: (email: RecordedEmail) => void;
  /** Told of every alert the alert job posts (recorded, never sent: LOCAL_ALERT_WEBHOOK). */
  onAlert?: (alert: InquiryAlert) => void;
  /** Told of every call sent to the build hook, with the hook's status (0: it could not be reached). */
  onBuildHookCall?: (status: number) => void;
  /** Also serves the database on this PostgreSQL port (0 picks a free one), for SUPABASE_DB_URL. */
  dbPort?: number;
}

export interface LocalBackend {
  url: string;
  port: number;
  /** The database's connection string when `dbPort` was given (npm run preview-link reads it). */
  dbUrl: string | null;
  anonKey: string;
  serviceKey: string;
  db: PGlite;
  /** Every request, in arrival order (also the edge function's own calls). */
  requests: LoggedRequest[];
  /** What the Resend stand-in accepted. */
  emails: RecordedEmail[];
  /** The Resend stand-in, for outages (failWith). */
  resend: ResendStandIn;
  /** The siteverify stand-in, when `turnstileSecret` was given: what the function asked it. */
  siteverify: SiteverifyStandIn | null;
  /** Every alert the alert job posted, in order. */
  alerts: InquiryAlert[];
  /**
   * One run of the scheduled job: the database queues its call (the job's own SQL, with the URL and
   * service key from Vault), and the call is sent to the function as pg_net would send it.
   */
  runSweep(): Promise<SweepRun>;
  /** One run of the alert job (private.send_inquiry_alerts()): the alerts it posted. */
  runAlerts(): Promise<InquiryAlert[]>;
  /**
   * One run of the site watch (private.watch_live_site()): the alert it posted, if any. The GET of
   * the live page data it queued is answered at once; the next run reads the answer, as with pg_net.
   */
  runSiteWatch(): Promise<InquiryAlert[]>;
  /** While on, every Data API read (GET/HEAD) answers 500. */
  failReads(on: boolean): void;
  /** While on, every Data API write (POST/PATCH) answers 500. */
  failWrites(on: boolean): void;
  /** While on, every request is accepted and never answered, like a backend stuck behind a dead proxy. */
  hang(on: boolean): void;
  /**
   * From now on `hook` sees every request first, and its answer, when it gives one, replaces the
   * backend's (an outage of one table, a body that is not JSON); null removes it.
   */
  intercept(hook: Intercept | null): void;
  /**
   * From now on every request `hook` returns true for is run, and its answer is never sent: the
   * connection is cut, as when an answer is lost on its way back; null removes it.
   */
  loseAnswer(hook: LoseAnswer | null): void;
  /** From now on `hook` says which address each request connected from, where it names one; null removes it. */
  clientAddress(hook: ClientAddress | null): void;
  /**
   * Serves `file` at `/storage/v1/object/public/<bucket>/<name>`, as Storage serves an object of a
   * public bucket; returns its URL. Any other object path answers 404 as Storage does.
   */
  putPublicObject(bucket: string, name: string, file: string, contentType: string): string;
  /**
   * Private objects, reached through signed URLs: the bucket investor-deck holds a sample deck.pdf
   * from the start (remove it to try a missing deck).
   */
  privateObjects: SignedObjects;
  /** Every email the Resend stand-in accepted, as GET <url>/local/emails lists them. */
  inbox(): InboxEmail[];
  /** One run of the promises job (private.keep_inquiry_promises()): its reminder call sent, its alerts recorded. */
  runPromises(): Promise<InquiryAlert[]>;
  /** Runs SQL as service_role (editing rows as an editor's tooling would). */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Deno's output for the edge function, for failure messages. */
  functionOutput(): string;
  /**
   * Starts the edge function under Deno now rather than at its first call, so that Deno's start
   * (seconds on a busy machine) is not counted against the page's notify timeout.
   */
  startFunction(): Promise<void>;
  stop(): Promise<void>;
}
