// The team's action links: "Mark as answered" on every inquiry, "Send the deck to <address>" on
// investor requests. Each opens the site's /act/ page with a token in the fragment; only the page's
// button acts (public.inquiry_action_take), so a mail scanner that opens the link changes nothing.
//
// A token is HMAC-SHA256 of the inquiry and the action under the function's secret ACTION_TOKEN_KEY,
// so it is the same on every retry of an email (Resend's Idempotency-Key needs the same payload) and
// in the reminder. The database keeps only its SHA-256 (public.inquiry_actions_store), with an
// expiry, and never the key: a dump or a backup of it cannot make a link.
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

const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The token of one inquiry and action: 43 base64url characters (256 bits). */
export async function actionToken(key: string, id: string, action: Action): Promise<string> {
  const hmac = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, encoder.encode(`inquiry-action:v1:${id}:${action}`)));
  return btoa(String.fromCharCode(...mac)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** What the database stores of a token: its SHA-256, as 64 hex digits. */
export async function tokenHash(token: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(token)));
}

/**
 * Each row's links: only those whose hash the database holds live, so that every link sent is one
 * the press can verify; none where the site's address is unknown (the email goes out without them).
 */
export async function actionLinks(
  registry: TokenRegistry,
  key: string,
  rows: Array<{ id: string; type: InquiryType }>,
): Promise<Map<string, ActionLink[]>> {
  // The sweep finds nothing most minutes: then no call at all.
  if (rows.length === 0) return new Map();
  const wanted = await Promise.all(
    rows.flatMap((row) =>
      actionsFor(row.type).map(async (action) => {
        const token = await actionToken(key, row.id, action);
        return { id: row.id, action, token, hash: await tokenHash(token) };
      })
    ),
  );
  const { site, live } = await registry.storeActions(wanted.map(({ id, action, hash }) => ({ id, action, hash })));
  const links = new Map<string, ActionLink[]>();
  if (!site || !URL.canParse(site)) return links;
  const page = new URL(ACTION_PAGE.slice(1), site.endsWith('/') ? site : `${site}/`).href;
  const kept = new Set(live);
  for (const { id, action, token, hash } of wanted) {
    if (kept.has(hash)) links.set(id, [...(links.get(id) ?? []), { action, url: `${page}#${token}` }]);
  }
  return links;
}
