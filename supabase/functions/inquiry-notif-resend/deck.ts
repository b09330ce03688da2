// The investor deck: one PDF in the private Storage bucket investor-deck, emailed to the requester
// as a signed URL that expires (deck_link_valid), in the language of the page they wrote from, with
// the team as reply-to. Sent when the team presses "Send the deck" (or, with deck_auto_send, for a
// Turnstile-verified request), through the same path as the team's emails: a claim (the caps, one
// sender), Resend under an Idempotency-Key (deck-<id>: exactly once), the outcome recorded.
import { escapeHtml, type NotificationEmail } from './email.ts';
import { json } from './http.ts';
import { log } from './log.ts';
import { type SendResult, sendWithResend } from './resend.ts';
import type { Settings } from './settings.ts';
import type { DeckClaim, DeckOutcome, InquiryLanguage, SubmissionStore } from './store.ts';

export const DECK_BUCKET = 'investor-deck';
export const DECK_OBJECT = 'deck.pdf';

/** A signed URL for the deck, or why there is none: missing (no such object) or unavailable. */
export async function signDeckUrl(
  supabaseUrl: string,
  serviceRoleKey: string,
  validSeconds: number,
): Promise<{ url: string } | { problem: 'missing' | 'unavailable' }> {
  const base = `${supabaseUrl.replace(/\/+$/, '')}/storage/v1`;
  let response: Response;
  try {
    response = await fetch(`${base}/object/sign/${DECK_BUCKET}/${DECK_OBJECT}`, {
      method: 'POST',
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ expiresIn: validSeconds }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return { problem: 'unavailable' };
  }
  const body: unknown = await response.json().catch(() => null);
  // Storage answers a missing object (or bucket) with 400 or 404 and "not_found" in its body.
  if (response.status === 404 || (response.status === 400 && JSON.stringify(body).includes('not_found'))) return { problem: 'missing' };
  const signed = body && typeof body === 'object' && 'signedURL' in body && typeof body.signedURL === 'string' ? body.signedURL : null;
  if (!response.ok || !signed) return { problem: 'unavailable' };
  return { url: `${base}${signed.startsWith('/') ? '' : '/'}${signed}` };
}

const DECK_TEXT: Record<
  InquiryLanguage,
  { subject: string; greeting: (name: string) => string; body: string[]; link: string; close: string }
> = {
  en: {
    subject: 'The AdaSorter investor deck',
    greeting: (name) => `Dear ${name},`,
    body: [
      'Thank you for your interest in AdaSorter. Here is our investor deck, as you asked.',
      'The link below opens it; it works for 7 days. Reply to this email with any question: it reaches our team.',
    ],
    link: 'Open the investor deck (PDF)',
    close: 'The AdaSorter team, Jakarta',
  },
  id: {
    subject: 'Materi investor AdaSorter',
    greeting: (name) => `Yth. ${name},`,
    body: [
      'Terima kasih atas minat Anda pada AdaSorter. Berikut materi investor kami sesuai permintaan Anda.',
      'Tautan di bawah ini membukanya dan berlaku selama 7 hari. Balas email ini bila ada pertanyaan: balasan Anda langsung sampai ke tim kami.',
    ],
    link: 'Buka materi investor (PDF)',
    close: 'Tim AdaSorter, Jakarta',
  },
};

/** How long the link works, in the email's own words: whole days, or hours below one. */
function validFor(seconds: number, language: InquiryLanguage): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.max(1, Math.round(seconds / 3600));
  if (language === 'id') return days >= 1 ? `${days} hari` : `${hours} jam`;
  return days >= 1 ? `${days} ${days === 1 ? 'day' : 'days'}` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** The deck email for one requester, from the claimed row alone, so every retry is the same payload. */
export function renderDeckEmail(
  claim: Pick<DeckClaim, 'row' | 'link_valid_seconds'>,
  link: string,
  teamAddress: string,
): NotificationEmail {
  const words = DECK_TEXT[claim.row.language] ?? DECK_TEXT.en;
  const body = words.body.map((line) => line.replace(/7 (days|hari)/, validFor(claim.link_valid_seconds, claim.row.language)));
  const html = `<!doctype html><html lang="${claim.row.language}"><body style="font-family:system-ui,sans-serif;color:#111">` +
    `<p>${escapeHtml(words.greeting(claim.row.name))}</p>` +
    body.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.link)}</a></p>` +
    `<p>${escapeHtml(words.close)}</p></body></html>`;
  const text = [words.greeting(claim.row.name), '', ...body, '', `${words.link}: ${link}`, '', words.close, ''].join('\n');
  return { subject: words.subject, html, text, to: [claim.row.email], replyTo: teamAddress };
}

export type DeckResult =
  | { sent: true; at: string }
  | { sent: false; problem: 'missing' | 'unavailable' | 'resend' | 'lost'; status?: SendResult };

/** Sends one claimed deck email and records the outcome under the claim. */
export async function sendDeck(
  store: SubmissionStore,
  settings: Pick<Settings, 'resend' | 'supabaseUrl' | 'serviceRoleKey'>,
  claim: DeckClaim,
): Promise<DeckResult> {
  let link = claim.link;
  if (!link) {
    const signed = await signDeckUrl(settings.supabaseUrl, settings.serviceRoleKey, claim.link_valid_seconds);
    if ('problem' in signed) {
      await store.deckFailed(claim.claim, `storage:${signed.problem}`);
      log('warn', 'deck-not-sent', { id: claim.row.id, reason: `storage:${signed.problem}` });
      return { sent: false, problem: signed.problem };
    }
    link = await store.keepDeckLink(claim.claim, signed.url);
  }
  const email = renderDeckEmail(claim, link, settings.resend.to[0]!);
  const sent = await sendWithResend(settings.resend, email, `deck-${claim.row.id}`);
  if (!sent.ok) {
    await store.deckFailed(claim.claim, `resend:${sent.status}`);
    log('warn', 'deck-send-failed', { id: claim.row.id, resendStatus: String(sent.status) });
    return { sent: false, problem: 'resend', status: sent };
  }
  const at = await store.deckSent(claim.claim);
  log('info', 'deck-sent', { id: claim.row.id, emailId: sent.emailId });
  return at ? { sent: true, at } : { sent: false, problem: 'lost' };
}

/**
 * A person's press for the deck (on /act/ or /team/), answered from its claim: sent before, busy,
 * capped, or claimed and sent now. The outcome names the page's sentence; the status says whether
 * it went.
 */
export async function answerDeck(
  store: SubmissionStore,
  settings: Pick<Settings, 'resend' | 'supabaseUrl' | 'serviceRoleKey'>,
  outcome: DeckOutcome,
): Promise<Response> {
  switch (outcome.outcome) {
    case 'sent':
      return json(200, { outcome: 'done', how: 'deck_sent', at: outcome.at });
    case 'busy':
      return json(409, { outcome: 'busy' });
    case 'capped':
      return json(429, { outcome: 'capped' });
  }
  const result = await sendDeck(store, settings, outcome);
  if (result.sent) return json(200, { outcome: 'deck_sent', at: result.at });
  if (result.problem === 'missing') return json(409, { outcome: 'deck-missing' });
  return json(503, { outcome: 'not-sent' });
}
