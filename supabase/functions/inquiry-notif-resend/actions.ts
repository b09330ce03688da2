// The team's action links: "Mark as answered" on every inquiry, "Send the deck to <address>" on
// investor requests. Each opens the site's /act/ page with a token in the fragment; only the page's
// button acts (public.inquiry_action_take), so a mail scanner that opens the link changes nothing.
//
// A token is HMAC-SHA256 under the service key of the inquiry id and the action: 256 bits nobody
// without the key can make, the same on every retry of an email (Resend's Idempotency-Key needs the
// same payload) and in the reminder. The database keeps only its SHA-256, with an expiry.
import type { Action, InquiryType, TokenRegistry } from './store.ts';

export type { Action };

export const ACTIONS: readonly Action[] = ['answer', 'send_deck'];

/** The page the links open, under the site's address (Vault secret site_url). */
export const ACTION_PAGE = '/act/';

export interface ActionLink {
  action: Action;
  url: string;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

/** The token for one inquiry's action: 43 base64url characters. */
export async function actionToken(serviceRoleKey: string, id: string, action: Action): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(serviceRoleKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`inquiry-action:v1:${id}:${action}`));
  return base64url(new Uint8Array(mac));
}

/** The actions an inquiry offers: every one can be marked answered; an investor request can get the deck. */
export function actionsFor(type: InquiryType): Action[] {
  return type === 'investor' ? ['answer', 'send_deck'] : ['answer'];
}

/** Each row's links (none where the site's address is unknown: the email goes out without them). */
export async function actionLinks(
  registry: TokenRegistry,
  serviceRoleKey: string,
  rows: Array<{ id: string; type: InquiryType }>,
): Promise<Map<string, ActionLink[]>> {
  // The sweep finds nothing most minutes: then no call at all.
  if (rows.length === 0) return new Map();
  const made = await Promise.all(
    rows.flatMap((row) =>
      actionsFor(row.type).map(async (action) => {
        const token = await actionToken(serviceRoleKey, row.id, action);
        return { id: row.id, action, token, hash: await sha256Hex(token) };
      })
    ),
  );
  const site = await registry.issueActions(made.map(({ id, action, hash }) => ({ id, action, hash })));
  const links = new Map<string, ActionLink[]>();
  if (!site || !URL.canParse(site)) return links;
  const page = new URL(ACTION_PAGE.slice(1), site.endsWith('/') ? site : `${site}/`).href;
  for (const { id, action, token } of made) {
    links.set(id, [...(links.get(id) ?? []), { action, url: `${page}#${token}` }]);
  }
  return links;
}
