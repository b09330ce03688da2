// What this project's Data API is asked, and so what the local backend serves by default: the calls
// the page makes (docs/behaviour.md, "The calls the page makes"), an editor's change of one content
// row, the team's list of inquiries, the database functions the notify function, the editors'
// preview and the team's page call, the content revision that the build and the page's refresh
// read, and the build's picture sources. Anything else is refused as an unknown
// shape, so that a new call in the site or the function fails a test.
import type { ShapeSpec } from './postgrest';

export interface ServedApi {
  /** The table requests served: method, table and the exact set of query keys. */
  shapes: ShapeSpec[];
  /** The database functions served at POST /rest/v1/rpc/<name>, each with what calls it. */
  functions: Record<string, string>;
  /**
   * Stable database functions served at GET /rest/v1/rpc/<name>, the URL's parameters as their
   * arguments (as PostgREST serves a function that is not volatile), each with what calls it.
   */
  readFunctions?: Record<string, string>;
}

const CONTENT_READ = ['is_active', 'order', 'select'];

/**
 * The team's page (/team/, signed in): one page of inquiries, newest first, as supabase-js sends
 * `.select(…).order(…).range(from, to)` with a filter; RLS shows the rows to team members only.
 */
const TEAM_PAGE = ['select', 'order', 'offset', 'limit'];
const TEAM_SHAPES: ShapeSpec[] = [
  // Open (`answered_at=is.null`) and answered (`answered_at=not.is.null`) send the same keys.
  { name: "the team's open or answered inquiries", methods: ['GET'], table: 'contact_submissions', keys: ['answered_at', ...TEAM_PAGE] },
  {
    name: "the team's overdue inquiries",
    methods: ['GET'],
    table: 'contact_submissions',
    keys: ['answered_at', 'reply_due_at', ...TEAM_PAGE],
  },
  {
    name: "the team's inquiries due soon (due from now, before now + remind_before)",
    methods: ['GET'],
    table: 'contact_submissions',
    keys: ['answered_at', 'reply_due_at', 'reply_due_at', ...TEAM_PAGE],
  },
  { name: "the team's search by mailbox", methods: ['GET'], table: 'contact_submissions', keys: ['mailbox', ...TEAM_PAGE] },
];
const CONTENT_TABLES = ['material_coverage', 'timeline', 'feature_cards'];

export const SITE_SHAPES: ShapeSpec[] = [
  { name: 'the coverage read', methods: ['GET'], table: 'material_coverage', keys: CONTENT_READ },
  { name: 'the timeline read', methods: ['GET'], table: 'timeline', keys: CONTENT_READ },
  {
    name: 'the feature cards read, once per classification',
    methods: ['GET'],
    table: 'feature_cards',
    keys: ['classification', ...CONTENT_READ],
  },
  {
    name: "the modal's connection test: a count with limit 1",
    methods: ['HEAD', 'GET'],
    table: 'contact_submissions',
    keys: ['limit', 'select'],
  },
  { name: "the contact form's insert", methods: ['POST'], table: 'contact_submissions', keys: [] },
  { name: "the contact form's insert, naming its columns", methods: ['POST'], table: 'contact_submissions', keys: ['columns'] },
  // As supabase-js sends `.update(…).eq('id', …)`, with `.select()` when the editor wants the row back.
  ...CONTENT_TABLES.flatMap((table): ShapeSpec[] => [
    { name: `an editor's change of one ${table} row`, methods: ['PATCH'], table, keys: ['id'] },
    { name: `an editor's change of one ${table} row, read back`, methods: ['PATCH'], table, keys: ['id', 'select'] },
    // The editing page (/edit/), signed in: every row the editor may see, one row read again, a new
    // row read back, a row deleted.
    { name: `the editing page's list of ${table}`, methods: ['GET'], table, keys: ['order', 'select'] },
    { name: `the editing page's read of one ${table} row`, methods: ['GET'], table, keys: ['id', 'select'] },
    { name: `the editing page's new ${table} row`, methods: ['POST'], table, keys: ['select'] },
    { name: `the editing page's deletion of one ${table} row`, methods: ['DELETE'], table, keys: ['id'] },
  ]),
  ...TEAM_SHAPES,
];

export const NOTIFY_FUNCTIONS: Record<string, string> = {
  inquiry_notify_claim_one: 'notify function, fast path: claim the row the browser stored',
  inquiry_notify_claim_batch: 'notify function, sweep: claim due rows for individual emails',
  inquiry_notify_claim_digest: 'notify function, sweep: claim the rows for a digest',
  inquiry_notify_sent: 'notify function: report rows sent',
  inquiry_notify_failed: 'notify function: report a failed send (schedules the retry)',
  inquiry_notify_release: 'notify function: give untried rows back',
  inquiry_store_verified: 'notify function, verified path: store an inquiry past the overall ceiling once Turnstile passed',
  inquiry_actions_store: "notify function: keep the hashes of an email's action links (the function derives the tokens)",
  inquiry_action_take: 'notify function: a press on the /act/ page',
  inquiry_deck_claim_auto: 'notify function: the deck without a press (deck_auto_send)',
  inquiry_deck_keep_link: "notify function: keep the deck's signed URL for retries",
  inquiry_deck_sent: 'notify function: report the deck email sent',
  inquiry_deck_failed: "notify function: report a failed deck email (schedules the sweep's retry)",
  inquiry_deck_claim_retry: 'notify function, sweep: claim a failed deck email whose retry is due',
  inquiry_remind_claim: 'notify function: claim the inquiries for a reminder',
  inquiry_remind_done: 'notify function: report the reminder sent or not',
  team_deck_claim: "notify function, with a team member's session: claim the deck for a press on /team/",
};

/** The team's /act/ page (the token of an action link): what the link would do. */
export const ACTION_FUNCTIONS: Record<string, string> = {
  action_link_lookup: 'the /act/ page: the inquiry an action link names, read only',
};

/** The editors' preview (docs/preview.md): anon calls them with the token of a preview link. */
export const PREVIEW_FUNCTIONS: Record<string, string> = {
  preview_content: "the editors' preview: every row, drafts included",
  arrange_content: "the editors' editor page: one list's new order",
  preview_live_state: "the editors' preview: whether the live site shows every saved edit",
};

/** The editing page (docs/editors.md): a signed-in editor calls it with their session. */
export const EDITOR_FUNCTIONS: Record<string, string> = {
  editor_live_state: "the editors' editing page: whether the live site shows every saved edit",
  editor_preview_link: "the editors' editing page: a preview link of the editor's own, to see drafts and arrange",
};

/** The team's page (docs/team.md): a signed-in team member calls them with their session. */
export const TEAM_FUNCTIONS: Record<string, string> = {
  team_inbox_counts: "the team's page: the counts of each filter, and the database's clock and remind_before",
  team_mailbox: "the team's page: a searched address as the mailbox column holds it",
  team_mark_answered: "the team's page: mark an inquiry answered",
  team_set_hold: "the team's page: set or clear an inquiry's legal hold",
  team_export: "the team's page: one mailbox's rows, as npm run inquiries -- export prints them",
  team_erase: "the team's page: erase one mailbox once it is typed again",
  team_deck_claim: "notify function, with a team member's session: claim the deck email of an investor request",
};

export const REVISION_FUNCTIONS: Record<string, string> = {
  content_revision:
    'the content revision: the build (key in the headers) and each refresh round of the page (key as the apikey URL parameter)',
};

/** The build (its anon key): where it may download pictures from. */
export const PICTURE_FUNCTIONS: Record<string, string> = {
  picture_sources: "the build: the prefixes of the pictures it may download (the project's bucket, the listed hosts)",
};

export const SITE_API: ServedApi = {
  shapes: SITE_SHAPES,
  functions: { ...NOTIFY_FUNCTIONS, ...PREVIEW_FUNCTIONS, ...ACTION_FUNCTIONS, ...EDITOR_FUNCTIONS, ...TEAM_FUNCTIONS },
  readFunctions: { ...REVISION_FUNCTIONS, ...PICTURE_FUNCTIONS },
};

/** The tables an API serves: those its shapes name. */
export const servedTables = (api: ServedApi): string[] => [...new Set(api.shapes.map((shape) => shape.table))];
