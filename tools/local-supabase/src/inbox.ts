// The local inbox, as `supabase start` has one: every email the Resend stand-in accepted, with the
// links in it, printed by `npm run backend` and listed as JSON at GET /local/emails.
import type { RecordedEmail } from './resend';

export const INBOX_PATH = '/local/emails';

export interface InboxEmail {
  from: string;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
}

export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

export function inboxEmail(email: RecordedEmail): InboxEmail {
  const { from, to, reply_to: replyTo, subject, text } = email.body;
  return { from, to, replyTo: replyTo ?? null, subject, text, links: linksIn(text) };
}

/** The lines `npm run backend` prints for one email. */
export function describeEmail(email: InboxEmail): string {
  return [`email to ${email.to.join(', ')}: ${email.subject}`, ...email.links.map((link) => `  link: ${link}`)].join('\n');
}
