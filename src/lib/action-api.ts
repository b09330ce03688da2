// The /act/ page's two calls: reading what a link would do (POST /rest/v1/rpc/action_link_lookup,
// anon key; it changes nothing), and the press (the edge function, `{"act": token, "action"}`), the
// only call that acts. Plain fetch: the page needs no client library.
import type { ActionKind, AnsweredHow } from '../content/dictionaries/act';
import type { InquiryType } from '../content/types';
import { INQUIRY_FUNCTION } from '../../supabase/paths';
import { BackendCallFailed, DB_TIMEOUT_MS, type BackendSettings } from './backend-call';

/** The inquiry a link names, shown only while the link still has work to do. */
export interface ActionLinkInquiry {
  type: InquiryType;
  name: string;
  company: string | null;
  /** The requester's address, on the deck's link only. */
  email: string | null;
  received: string;
  due: string | null;
}

/**
 * What a link would do, and the state of its inquiry's two promises. `inquiry` is absent once the
 * link's action is done or the inquiry answered: a spent link shows nothing of the person.
 */
export interface ActionLinkView {
  action: ActionKind;
  answered_at: string | null;
  answered_how: AnsweredHow | null;
  deck_sent_at: string | null;
  inquiry?: ActionLinkInquiry;
}

/** What a press answered: done (now or before), or why nothing was done. */
export type PressOutcome =
  | { outcome: 'done'; how: AnsweredHow; at: string }
  | { outcome: 'invalid' | 'busy' | 'capped' | 'deck-missing' | 'not-sent' | 'unreachable' };

/** The token from the link's fragment (`/act/#<token>`), null when there is none or it is not valid percent-encoding. */
export function actionToken(hash: string): string | null {
  let token: string;
  try {
    token = decodeURIComponent(hash.replace(/^#/, '')).trim();
  } catch {
    // A cut or mangled link (`#%E0%A4%A`): decodeURIComponent throws URIError, which would leave the page blank.
    return null;
  }
  return token === '' ? null : token;
}

const headers = (settings: BackendSettings) => ({
  apikey: settings.anonKey,
  Authorization: `Bearer ${settings.anonKey}`,
  'Content-Type': 'application/json',
});

/** The link's inquiry, null for a wrong or expired token; BackendCallFailed when there is no answer. */
export async function lookUpAction(settings: BackendSettings, token: string): Promise<ActionLinkView | null> {
  let response: Response;
  try {
    response = await fetch(`${settings.url.replace(/\/+$/, '')}/rest/v1/rpc/action_link_lookup`, {
      method: 'POST',
      headers: headers(settings),
      body: JSON.stringify({ token }),
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(DB_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BackendCallFailed('action_link_lookup', 0, error instanceof Error ? error.message : String(error));
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new BackendCallFailed('action_link_lookup', response.status, '');
  return (await response.json()) as ActionLinkView;
}

export async function pressAction(settings: BackendSettings, token: string, action: ActionKind): Promise<PressOutcome> {
  try {
    const response = await fetch(`${settings.url.replace(/\/+$/, '')}/functions/v1/${INQUIRY_FUNCTION}`, {
      method: 'POST',
      headers: headers(settings),
      body: JSON.stringify({ act: token, action }),
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(DB_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { outcome?: string; how?: AnsweredHow; at?: string };
    if (body.outcome === 'answered') return { outcome: 'done', how: 'marked', at: body.at! };
    if (body.outcome === 'deck_sent') return { outcome: 'done', how: 'deck_sent', at: body.at! };
    if (body.outcome === 'done' && body.how && body.at) return { outcome: 'done', how: body.how, at: body.at };
    if (
      body.outcome === 'invalid' ||
      body.outcome === 'busy' ||
      body.outcome === 'capped' ||
      body.outcome === 'deck-missing' ||
      body.outcome === 'not-sent'
    ) {
      return { outcome: body.outcome };
    }
    // Anything else (the database or the function down) did nothing that will be retried.
    return { outcome: 'unreachable' };
  } catch {
    return { outcome: 'unreachable' };
  }
}
