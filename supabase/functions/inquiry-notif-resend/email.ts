import type { ActionLink } from './actions.ts';
import { quoted, setApart, shortened, shown, subjectText } from './fields.ts';
import type { InquiryLanguage, InquiryType, SubmissionRow } from './store.ts';
import { isEmailAddress } from './validate.ts';

export interface NotificationEmail {
  subject: string;
  html: string;
  text: string;
  /** The visitor's address, so "reply" in the team's inbox answers them; absent if unusable. */
  replyTo?: string;
  /** The recipients when not the team (the deck email: the requester). */
  to?: string[];
}

// The team answers in the visitor's language: the email names it, and in the subject too where it
// is not English.
const LANGUAGE_LABELS: Record<InquiryLanguage, string> = {
  en: 'English',
  id: 'Indonesian (Bahasa Indonesia)',
};

export function languageLabel(language: InquiryLanguage): string {
  return LANGUAGE_LABELS[language];
}

const HEADINGS: Record<InquiryType, string> = {
  contact: 'New contact message',
  investor: 'New investor deck request',
};

export function escapeHtml(value: string): string {
  return shown(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const SUBJECT_NAME_LIMIT = 80;

/** The visitor's name as a subject fragment: one line (no header tricks), short, and quoted so that it never reads as more than a name. */
function subjectName(name: string): string {
  return `"${shortened(subjectText(name), SUBJECT_NAME_LIMIT).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** What an action link says: the deck's names the address it goes to. */
export function actionLabel(link: ActionLink, email: string): string {
  return link.action === 'answer' ? 'Mark as answered' : `Send the deck to ${shown(email)}`;
}

export function actionLinksHtml(links: ActionLink[], email: string): string {
  if (links.length === 0) return '';
  return `<p>` +
    links.map((link) => `<a href="${escapeHtml(link.url)}" style="margin-right:16px">${escapeHtml(actionLabel(link, email))}</a>`).join(
      '',
    ) +
    `</p>`;
}

export function actionLinksText(links: ActionLink[], email: string): string[] {
  return links.map((link) => `${actionLabel(link, email)}: ${link.url}`);
}

/**
 * The team's notification for one stored submission. Every value comes from the row; the action
 * links (none where the site's address is unknown) from its id.
 */
export function renderNotification(row: SubmissionRow, links: ActionLink[] = []): NotificationEmail {
  const heading = HEADINGS[row.type];
  const company = row.company?.trim() ? row.company : null;
  // Only the visitor's three values are quoted in the text part: the others are the server's own.
  const fields: Array<[label: string, value: string, fromVisitor: boolean]> = [
    ['Name', row.name, true],
    ['Email', row.email, true],
    ['Company', company ?? '(not given)', company !== null],
    ['Language', languageLabel(row.language), false],
    ['Received', row.created_at, false],
    ['Submission id', row.id, false],
  ];

  const htmlRows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${label}</th>` +
        `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">` +
    `<h1 style="font-size:18px">${heading}</h1>` +
    `<table style="border-collapse:collapse">${htmlRows}</table>` +
    `<h2 style="font-size:16px">Message</h2>` +
    `<p style="white-space:pre-wrap">${escapeHtml(row.message)}</p>` +
    actionLinksHtml(links, row.email) +
    `</body></html>`;

  const text = [
    heading,
    '',
    ...fields.map(([label, value, fromVisitor]) => `${label}: ${fromVisitor ? quoted(value) : value}`),
    '',
    'Message:',
    setApart(row.message),
    '',
    ...(links.length > 0 ? [...actionLinksText(links, row.email), ''] : []),
  ].join('\n');

  return {
    subject: `${heading}${row.language === 'en' ? '' : ` (${languageLabel(row.language)})`} from ${subjectName(row.name)}`,
    html,
    text,
    ...(isEmailAddress(row.email) ? { replyTo: row.email } : {}),
  };
}

/** How much of each message a digest shows: enough to triage, short enough to scan fifty. */
export const DIGEST_MESSAGE_START = 280;

const TYPE_LABELS: Record<InquiryType, string> = {
  contact: 'Contact message',
  investor: 'Investor deck request',
};

function messageStart(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  const start = shortened(oneLine, DIGEST_MESSAGE_START);
  // Quoted like the other fields; the ellipsis of a cut one stands outside the quotes.
  return start === oneLine ? quoted(oneLine) : `${quoted(start.slice(0, -1))}…`;
}

/**
 * One email listing inquiries that got none of their own (the hour's individual emails were spent):
 * each with its name, email, company, type and the start of its message. Written from the rows
 * alone and in their order, so a retry of the same rows sends the same payload.
 */
export function renderDigest(rows: SubmissionRow[]): NotificationEmail {
  const count = rows.length;
  const heading = `${count} ${count === 1 ? 'inquiry' : 'inquiries'} in this digest`;
  const intro = 'More inquiries arrived than the site emails one by one in an hour, so these are listed together. ' +
    'Each is stored in contact_submissions under its id.';
  const entries = rows.map((row) => ({
    row,
    fields: [
      ['Type', TYPE_LABELS[row.type]],
      ['Name', quoted(row.name)],
      ['Email', quoted(row.email)],
      ['Company', row.company?.trim() ? quoted(row.company) : '(not given)'],
      ['Language', languageLabel(row.language)],
      ['Received', row.created_at],
      ['Submission id', row.id],
      ['Message', messageStart(row.message)],
    ] as Array<[label: string, value: string]>,
  }));

  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">` +
    `<h1 style="font-size:18px">${heading}</h1><p>${intro}</p>` +
    entries
      .map(
        ({ fields }, index) =>
          `<h2 style="font-size:16px;margin-top:24px">${index + 1}.</h2><table style="border-collapse:collapse">` +
          fields
            .map(
              ([label, value]) =>
                `<tr><th align="left" style="padding:2px 12px 2px 0;vertical-align:top">${label}</th>` +
                `<td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
            )
            .join('') +
          `</table>`,
      )
      .join('') +
    `</body></html>`;

  const text = [
    heading,
    '',
    intro,
    ...entries.flatMap(({ fields }, index) => ['', `${index + 1}.`, ...fields.map(([label, value]) => `${label}: ${value}`)]),
    '',
  ].join('\n');

  return { subject: `Inquiry digest: ${heading}`, html, text };
}
