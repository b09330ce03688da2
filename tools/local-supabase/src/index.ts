// A local stand-in for a Supabase project, for developers (npm run backend) and for tests: the HTTP
// surface the site and its edge function use, backed by PGlite holding the project's bootstrap,
// migrations and seed (or another schema). Each request runs as the role its key maps to, so the
// migrations' grants, RLS and triggers decide every answer, as on Supabase. This file is the
// package's export list: the wiring is in start.ts, the options and defaults in options.ts.
export { freePort } from './edge-function';
export { replayNetCall, takeNetCalls, type NetCall } from './net';
export { describeEmail, inboxEmail, INBOX_PATH, linksIn, type InboxEmail } from './inbox';
export { PROJECT_SCHEMA } from './project';
export { AUTH_SETTINGS, CODE_LIFETIME_MS, VERIFY_BURST, VERIFY_REFILL_MS } from './auth';
export { htmlText, renderTemplate, signInCodeOf, signInEmail, SIGN_IN_SUBJECT, SIGN_IN_TEMPLATE_FILE } from './sign-in-email';
export { samplePdf, signedObjects, type SignedObjects } from './signed-objects';
export { startResendStandIn, type RecordedEmail, type ResendPayload, type ResendStandIn } from './resend';
export { SITE_API, SITE_SHAPES, type ServedApi } from './site-api';
export type { ShapeSpec } from './postgrest';
export {
  describeRequest,
  isLoopbackOrigin,
  type Answer,
  type ClientAddress,
  type GatewayRequest,
  type Intercept,
  type LoggedRequest,
  type LoseAnswer,
} from './gateway';
export { LOCAL_ALERT_WEBHOOK, type InquiryAlert, type SweepRun } from './sweep';
export {
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TEST_SECRETS,
  TURNSTILE_TEST_SITE_KEY,
  startSiteverifyStandIn,
  type SiteverifyRequest,
  type SiteverifyStandIn,
} from './siteverify';
export {
  DEFAULT_ANON_KEY,
  DEFAULT_JWT_SECRET,
  DEFAULT_SERVICE_KEY,
  NOTIFY_FROM,
  NOTIFY_TO,
  type BuildHook,
  type LocalBackend,
  type LocalBackendOptions,
} from './options';
export { startLocalBackend } from './start';
