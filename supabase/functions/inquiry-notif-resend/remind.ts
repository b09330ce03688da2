// The reminder (`{"remind": true}` with the service key, asked for by the pg_cron job
// inquiry-promises when inquiries near their due time): one email to the team listing every such
// inquiry with its action links, each inquiry in one reminder only.
import { actionLinks } from './actions.ts';
import { actionLinksHtml, actionLinksText, escapeHtml, type NotificationEmail } from './email.ts';
import { quoted } from './fields.ts';
import { json } from './http.ts';
import { log } from './log.ts';
import type { ActionLink } from './actions.ts';
import { rowsKey, sendWithResend } from './resend.ts';
import type { Settings } from './settings.ts';
import type { ReminderRow, SubmissionStore } from './store.ts';

const TYPE_LABELS = { contact: 'Contact message', investor: 'Investor deck request' } as const;

export function renderReminder(rows: ReminderRow[], links: Map<string, ActionLink[]>): NotificationEmail {
  const count = rows.length;
  const heading = `${count} ${count === 1 ? 'inquiry is' : 'inquiries are'} due for a reply soon`;
  const entries = rows.map((row) => ({
    row,
    fields: [
      ['Type', TYPE_LABELS[row.type]],
      ['Name', quoted(row.name)],
      ['Company', row.company?.trim() ? quoted(row.company) : '(not given)'],
      ['Received', row.created_at],
      ['Reply due', row.reply_due_at],
      ['Submission id', row.id],
    ] as Array<[string, string]>,
    links: links.get(row.id) ?? [],
  }));
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">` +
    `<h1 style="font-size:18px">${escapeHtml(heading)}</h1>` +
    entries.map(({ row, fields, links }, index) =>
      `<h2 style="font-size:16px;margin-top:24px">${index + 1}.</h2><table style="border-collapse:collapse">` +
      fields.map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`)
        .join('') +
      `</table>` + actionLinksHtml(links, row.email)
    ).join('') +
    `</body></html>`;
  const text = [
    heading,
    ...entries.flatMap(({ row, fields, links }, index) => [
      '',
      `${index + 1}.`,
      ...fields.map(([label, value]) => `${label}: ${value}`),
      ...actionLinksText(links, row.email),
    ]),
    '',
  ].join('\n');
  return { subject: `Reminder: ${heading}`, html, text };
}

export async function remind(store: SubmissionStore, settings: Pick<Settings, 'resend' | 'actionTokenKey'>): Promise<Response> {
  const { claim, rows } = await store.claimReminders();
  if (!claim || rows.length === 0) return json(200, { reminded: 0 });
  const links = await actionLinks(store, settings.actionTokenKey, rows);
  const key = await rowsKey('remind', rows.map((row) => row.id));
  const sent = await sendWithResend(settings.resend, renderReminder(rows, links), key);
  await store.reminded(claim, sent.ok);
  if (!sent.ok) {
    log('warn', 'remind-failed', { rows: rows.length, resendStatus: String(sent.status) });
    return json(502, { reminded: 0 });
  }
  log('info', 'reminded', { rows: rows.length, emailId: sent.emailId });
  return json(200, { reminded: rows.length });
}
