// What the team's page hands to the member's own programs: a person's export as a JSON file, and a
// reply as a mailto: link. The file is named by the day, never by the address: a downloads folder
// shows its names to anyone who looks.
import { REPLY_SUBJECT } from '../content/team';
import { SITE } from '../content/site';
import type { Language } from '../content/languages';
import type { MailboxExport } from './team-api';

/** The export's file name: the product and the day it was made, in the member's time zone. */
export function exportFileName(exportedAt: string): string {
  const day = new Date(exportedAt);
  const at = Number.isNaN(day.getTime()) ? new Date() : day;
  const date = [at.getFullYear(), at.getMonth() + 1, at.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return `${SITE.productName.toLowerCase()}-mailbox-export-${date}.json`;
}

/** How many rows the export holds, over every table. */
export const exportedRecords = (exported: MailboxExport): number =>
  Object.values(exported.tables ?? {}).reduce((sum, rows) => sum + (Array.isArray(rows) ? rows.length : 0), 0);

/** Hands `exported` to the browser as a download named `file`. */
export function saveExport(exported: MailboxExport, file: string): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(exported, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A `mailto:` to the visitor, with a subject in the language of the page they wrote from. */
export function replyLink(email: string, language: Language): string {
  // The address keeps its @; anything else a mailto: URL reserves (?, #, %, &) is escaped.
  const to = encodeURIComponent(email.trim()).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(REPLY_SUBJECT[language])}`;
}
