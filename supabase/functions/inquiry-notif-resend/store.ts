import { PostgrestClient } from '@supabase/postgrest-js';

export type InquiryType = 'contact' | 'investor';

/** What an action link does: mark the inquiry answered, or send the requester the deck. */
export type Action = 'answer' | 'send_deck';

/** What the database answered to the hashes of an email's links (public.inquiry_actions_store). */
export interface StoredActions {
  /** The site's address, null where Vault's site_url is not set. */
  site: string | null;
  /** The hashes given that the database holds, for their inquiry and action, unexpired: the only links to send. */
  live: string[];
}

export interface TokenRegistry {
  /** Stores the SHA-256 of the links' tokens (a hash already known keeps its first expiry). */
  storeActions(links: Array<{ id: string; action: Action; hash: string }>): Promise<StoredActions>;
}

/** The language of the page an inquiry was sent from. */
/** The languages an inquiry may name (the site's own list, src/content/languages.ts, is checked to agree). */
export const INQUIRY_LANGUAGES = ['en', 'id'] as const;

export type InquiryLanguage = (typeof INQUIRY_LANGUAGES)[number];

/** The contact form's five fields and the browser-made id, as the browser stores them (src/lib/backend-client.ts sends this very type). */
export interface InquiryRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  type: InquiryType;
  /** The language of the page it was sent from; a page from before the site had languages sends none. */
  language: InquiryLanguage;
}

/** A claimed contact_submissions row as the claim functions return it (timestamps as ISO 8601 text). */
export interface SubmissionRow extends InquiryRow {
  created_at: string;
  notified_at: string | null;
  /** Failed sends before this one. */
  attempts: number;
}

/** Why the fast path may not send a row now (see public.inquiry_notify_claim_one). */
export type Refusal = 'not-found' | 'already-notified' | 'failed' | 'busy' | 'too-old' | 'not-due' | 'capped';

/** A deck email claimed for sending (public.inquiry_action_take, inquiry_deck_claim_auto, inquiry_deck_claim_retry). */
export interface DeckClaim {
  outcome: 'claimed';
  claim: string;
  row: Pick<InquiryRow, 'id' | 'name' | 'email' | 'language'>;
  /** The signed URL an earlier attempt made, sent again as it was. */
  link: string | null;
  link_valid_seconds: number;
}

export type DeckOutcome = DeckClaim | { outcome: 'sent'; at: string } | { outcome: 'busy' } | { outcome: 'capped' };

/** What a press of an action link did or may do now. */
export type ActionOutcome =
  | DeckOutcome
  | { outcome: 'invalid' }
  | { outcome: 'done'; how: 'marked' | 'deck_sent'; at: string }
  | { outcome: 'answered'; at: string };

/** A waiting inquiry near its due time, as the reminder lists it. */
export interface ReminderRow extends Omit<InquiryRow, 'message'> {
  created_at: string;
  reply_due_at: string;
}

export type ClaimOne = { outcome: 'claimed'; claim: string; row: SubmissionRow } | { outcome: Refusal };

/** Rows claimed together under one token; no token when nothing was claimed. */
export interface Batch {
  claim: string | null;
  rows: SubmissionRow[];
}

/**
 * The function's only access to the database: the claim and report functions of migration
 * 20261124001000_inquiry_delivery.sql, and the verified store of 20261125001000_inquiry_limits_per_row.sql. They make every claim exclusive (of any number of callers,
 * one gets a row) and keep the hourly email cap; a claim holds for a lease, and each report names
 * the claim's token, so a sender that lost its lease cannot touch the row any more.
 */
export interface SubmissionStore extends TokenRegistry {
  /**
   * The fast path: the row the browser just stored, if it may be emailed now. `verified` is the
   * outcome of the call's Turnstile check, null where Turnstile is not configured.
   */
  claimOne(id: string, maxAgeSeconds: number, verified: boolean | null): Promise<ClaimOne>;
  /**
   * The sweep: due rows for individual emails, oldest first, within the batch and the hourly cap;
   * with `verifiedOnly`, only rows whose browser call passed the Turnstile check.
   */
  claimBatch(verifiedOnly: boolean): Promise<Batch>;
  /** The sweep: the rows for a digest, when one is due (with `verifiedOnly`, the unverified too). */
  claimDigest(verifiedOnly: boolean): Promise<Batch>;
  /** The team was emailed about these rows. */
  markSent(claim: string, ids: string[]): Promise<number>;
  /** The email failed: count an attempt and schedule the retry (not before `retryAfterSeconds`). */
  recordFailure(claim: string, ids: string[], error: string, retryAfterSeconds: number | null): Promise<number>;
  /** Not tried after all: back to pending, no attempt counted. */
  release(claim: string, ids: string[]): Promise<number>;
  /**
   * Stores a row whose visitor passed Turnstile, past the overall ceiling but within the other
   * limits (a refusal is a StoreError with code PT429 or PT503). `headers` are the visitor's
   * request headers the database reads the client address from. `duplicate`: a row with this id
   * is already stored (a retry whose first answer was lost).
   */
  storeVerified(row: InquiryRow, headers: Record<string, string>): Promise<'stored' | 'duplicate'>;
  /** A press of an action link: the token and the action the page showed. */
  takeAction(token: string, action: Action): Promise<ActionOutcome>;
  /** deck_auto_send: the deck for a verified investor request, or 'off'. */
  claimDeckAuto(id: string): Promise<DeckOutcome | { outcome: 'off' }>;
  /** Keeps the first attempt's signed URL; answers the one kept. */
  keepDeckLink(claim: string, link: string): Promise<string>;
  /** The deck email was accepted: answers when (null if the claim was lost). */
  deckSent(claim: string): Promise<string | null>;
  /** The deck email failed: counted, and the sweep's next try set (none for a missing deck). */
  deckFailed(claim: string, error: string): Promise<number>;
  /** The sweep's deck retry: the oldest failed deck email whose time has come, or 'none'. */
  claimDeckRetry(): Promise<DeckOutcome | { outcome: 'none' }>;
  /** The inquiries to remind the team of, under one claim. */
  claimReminders(): Promise<{ claim: string | null; rows: ReminderRow[] }>;
  /** The reminder was sent, or is given back to the next minute's job. */
  reminded(claim: string, sent: boolean): Promise<number>;
}

export type StoreOperation = 'claim' | 'sent' | 'failed' | 'release' | 'store' | 'action' | 'deck' | 'remind';

/**
 * A failed database call. It keeps only PostgREST's error code: PostgreSQL's messages can quote
 * the values involved, and logs must never carry the visitor's text.
 */
export class StoreError extends Error {
  readonly code: string;
  constructor(readonly operation: StoreOperation, code: string) {
    // postgrest-js reports a network failure with an empty code.
    const known = code || 'network';
    super(`inquiry ${operation} failed (${known})`);
    this.name = 'StoreError';
    this.code = known;
  }
}

/** The database functions behind each operation, as PostgREST exposes them under /rest/v1/rpc/. */
export const STORE_FUNCTIONS = {
  claimOne: 'inquiry_notify_claim_one',
  claimBatch: 'inquiry_notify_claim_batch',
  claimDigest: 'inquiry_notify_claim_digest',
  markSent: 'inquiry_notify_sent',
  recordFailure: 'inquiry_notify_failed',
  release: 'inquiry_notify_release',
  storeVerified: 'inquiry_store_verified',
  storeActions: 'inquiry_actions_store',
  takeAction: 'inquiry_action_take',
  claimDeckAuto: 'inquiry_deck_claim_auto',
  keepDeckLink: 'inquiry_deck_keep_link',
  deckSent: 'inquiry_deck_sent',
  deckFailed: 'inquiry_deck_failed',
  claimDeckRetry: 'inquiry_deck_claim_retry',
  claimReminders: 'inquiry_remind_claim',
  reminded: 'inquiry_remind_done',
} as const;

/** Calls one database function with named arguments; its JSON result or a StoreError. */
export type CallFunction = (name: string, args: Record<string, unknown>, operation: StoreOperation) => Promise<unknown>;

/** The store over any way of calling the functions: PostgREST in production, SQL in tests. */
export function functionStore(call: CallFunction): SubmissionStore {
  const batch = async (name: string, verifiedOnly: boolean): Promise<Batch> => {
    const result = (await call(name, { p_verified_only: verifiedOnly }, 'claim')) as Batch;
    return { claim: result.claim, rows: result.rows };
  };
  return {
    claimOne: async (id, maxAgeSeconds, verified) =>
      (await call(
        STORE_FUNCTIONS.claimOne,
        { p_id: id, p_max_age_seconds: maxAgeSeconds, p_verified: verified },
        'claim',
      )) as ClaimOne,
    claimBatch: (verifiedOnly) => batch(STORE_FUNCTIONS.claimBatch, verifiedOnly),
    claimDigest: (verifiedOnly) => batch(STORE_FUNCTIONS.claimDigest, verifiedOnly),
    markSent: async (claim, ids) => Number(await call(STORE_FUNCTIONS.markSent, { p_claim: claim, p_ids: ids }, 'sent')),
    recordFailure: async (claim, ids, error, retryAfterSeconds) =>
      Number(
        await call(
          STORE_FUNCTIONS.recordFailure,
          { p_claim: claim, p_ids: ids, p_error: error, p_retry_after_seconds: retryAfterSeconds },
          'failed',
        ),
      ),
    release: async (claim, ids) => Number(await call(STORE_FUNCTIONS.release, { p_claim: claim, p_ids: ids }, 'release')),
    storeVerified: async (row, headers) => {
      const args = {
        p_id: row.id,
        p_name: row.name,
        p_email: row.email,
        p_company: row.company,
        p_message: row.message,
        p_type: row.type,
        p_language: row.language,
        p_headers: headers,
      };
      const result = (await call(STORE_FUNCTIONS.storeVerified, args, 'store')) as { outcome: 'stored' | 'duplicate' };
      return result.outcome;
    },
    storeActions: async (links) => (await call(STORE_FUNCTIONS.storeActions, { p_links: links }, 'action')) as StoredActions,
    takeAction: async (token, action) =>
      (await call(STORE_FUNCTIONS.takeAction, { p_token: token, p_action: action }, 'action')) as ActionOutcome,
    claimDeckAuto: async (id) => (await call(STORE_FUNCTIONS.claimDeckAuto, { p_id: id }, 'deck')) as DeckOutcome | { outcome: 'off' },
    keepDeckLink: async (claim, link) => String(await call(STORE_FUNCTIONS.keepDeckLink, { p_claim: claim, p_link: link }, 'deck')),
    deckSent: async (claim) => ((await call(STORE_FUNCTIONS.deckSent, { p_claim: claim }, 'deck')) as string | null) ?? null,
    deckFailed: async (claim, error) => Number(await call(STORE_FUNCTIONS.deckFailed, { p_claim: claim, p_error: error }, 'deck')),
    claimDeckRetry: async () => (await call(STORE_FUNCTIONS.claimDeckRetry, {}, 'deck')) as DeckOutcome | { outcome: 'none' },
    claimReminders: async () => (await call(STORE_FUNCTIONS.claimReminders, {}, 'remind')) as { claim: string | null; rows: ReminderRow[] },
    reminded: async (claim, sent) => Number(await call(STORE_FUNCTIONS.reminded, { p_claim: claim, p_sent: sent }, 'remind')),
  };
}

/**
 * The production store: PostgREST with the service-role key, the only key allowed to execute the
 * claim functions. postgrest-js is the query builder that supabase-js wraps; the function needs
 * nothing else of supabase-js.
 */
export function createPostgrestStore(supabaseUrl: string, serviceRoleKey: string): SubmissionStore {
  const client = new PostgrestClient(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
  });
  return functionStore(async (name, args, operation) => {
    const { data, error } = await client.rpc(name, args);
    if (error) throw new StoreError(operation, error.code);
    return data;
  });
}
