// The one path a contact inquiry takes out of the page. The modal only knows this signature:
// resolve = stored, throw = not stored (the modal then keeps the text and asks to try again).
import type { Language } from '../content/languages';
import type { InquiryType } from '../content/types';
import { BACKEND_NOT_CONFIGURED_LOG, NOTIFY_FAILED_LOG, NOTIFY_SENT_LOG, SIMULATED_SUBMIT_DELAY_MS } from '../content/modal';
import { backendSettings, loadBackend } from './backend';
import type { SubmissionRow } from './backend-client';

export interface InquiryFields {
  type: InquiryType;
  name: string;
  email: string;
  company: string;
  message: string;
  /** The language of the page the form was sent from. */
  language: Language;
  /** The Turnstile widget's token, where Turnstile is configured and the widget produced one. */
  turnstileToken?: string;
}

export function isBackendConfigured(): boolean {
  return backendSettings() !== null;
}

/** The row the browser stores: its own id (nothing is read back), an empty company as null. */
export function submissionRow(fields: InquiryFields): SubmissionRow {
  return {
    id: crypto.randomUUID(),
    name: fields.name,
    email: fields.email,
    company: fields.company.trim() === '' ? null : fields.company,
    message: fields.message,
    type: fields.type,
    language: fields.language,
  };
}

export async function submitInquiry(fields: InquiryFields): Promise<void> {
  const loading = loadBackend();
  if (!loading) {
    console.warn(BACKEND_NOT_CONFIGURED_LOG);
    await new Promise<void>((resolve) => setTimeout(resolve, SIMULATED_SUBMIT_DELAY_MS));
    return;
  }
  const backend = await loading;
  const row = submissionRow(fields);
  await backend.insertSubmission(row);
  // The notify call, only after the row is stored. Awaited so that the team is told before the
  // visitor sees success and closes the tab; its outcome is only logged and never undoes the success.
  const notified = await backend.notifyTeam(row, fields.turnstileToken);
  if (notified.ok) console.debug(NOTIFY_SENT_LOG, notified.status, notified.detail);
  else console.warn(NOTIFY_FAILED_LOG, notified.status, notified.detail);
}
