// The team's action links: "Mark as answered" on every inquiry, "Send the deck to <address>" on
// investor requests. Each opens the site's /act/ page with a token in the fragment; only the page's
// button acts (public.inquiry_action_take), so a mail scanner that opens the link changes nothing.
//
// A token is minted by the database (public.inquiry_actions_mint): HMAC-SHA256 of the inquiry and
// the action under a random key that never leaves it, so it is the same on every retry of an email
// (Resend's Idempotency-Key needs the same payload) and in the reminder, and nobody can make one
// offline. The database keeps only its SHA-256, with an expiry.
import type { Action, InquiryType, TokenRegistry } from './store.ts';

export type { Action };

export const ACTIONS: readonly Action[] = ['answer', 'send_deck'];

/** The page the links open, under the site's address (Vault secret site_url). */
export const ACTION_PAGE = '/act/';

export interface ActionLink {
  action: Action;
  url: string;
}

/** The actions an inquiry offers: every one can be marked answered; an investor request can get the deck. */
export function actionsFor(type: InquiryType): Action[] {
  return type === 'investor' ? ['answer', 'send_deck'] : ['answer'];
}

/** Each row's links (none where the site's address is unknown: the email goes out without them). */
export async function actionLinks(
  registry: TokenRegistry,
  rows: Array<{ id: string; type: InquiryType }>,
): Promise<Map<string, ActionLink[]>> {
  // The sweep finds nothing most minutes: then no call at all.
  if (rows.length === 0) return new Map();
  const { site, tokens } = await registry.mintActions(
    rows.flatMap((row) => actionsFor(row.type).map((action) => ({ id: row.id, action }))),
  );
  const links = new Map<string, ActionLink[]>();
  if (!site || !URL.canParse(site)) return links;
  const page = new URL(ACTION_PAGE.slice(1), site.endsWith('/') ? site : `${site}/`).href;
  const minted = new Map(tokens.map(({ id, action, token }) => [`${id} ${action}`, token]));
  for (const row of rows) {
    for (const action of actionsFor(row.type)) {
      const token = minted.get(`${row.id} ${action}`);
      if (token) links.set(row.id, [...(links.get(row.id) ?? []), { action, url: `${page}#${token}` }]);
    }
  }
  return links;
}
