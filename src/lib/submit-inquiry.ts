// The one path a contact inquiry takes out of the page. The modal only knows this signature:
// resolve = stored, throw = not stored (the modal then keeps the text and asks to try again).
import type { Language } from '../content/languages';
import type { InquiryType } from '../content/types';
import { BACKEND_NOT_CONFIGURED_LOG, NOTIFY_FAILED_LOG, NOTIFY_SENT_LOG, SIMULATED_SUBMIT_DELAY_MS } from '../content/modal';
import { backendSettings, loadInquiryService } from './backend';
import type { InquiryService, NewInquiry } from './backend-client';
import { BAD_REQUEST, CEILING_CODE, TOO_MANY_REQUESTS } from './submit-failure';

/** PostgreSQL's unique violation: a row with this id is already stored. */
const DUPLICATE_CODE = '23505';

export interface InquiryFields {
  /**
   * The draft's id, made once per draft (crypto.randomUUID()) and kept across retries, so that a
   * retry whose first answer was lost finds its row stored instead of storing a second one.
   */
  id: string;
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

/** The row the browser stores: the draft's id (nothing is read back), an empty company as null. */
export function submissionRow(fields: InquiryFields): NewInquiry {
  return {
    id: fields.id,
    name: fields.name,
    email: fields.email,
    company: fields.company.trim() === '' ? null : fields.company,
    message: fields.message,
    type: fields.type,
    language: fields.language,
  };
}

export async function submitInquiry(fields: InquiryFields): Promise<void> {
  const loading = loadInquiryService();
  if (!loading) {
    console.warn(BACKEND_NOT_CONFIGURED_LOG);
    await new Promise<void>((resolve) => setTimeout(resolve, SIMULATED_SUBMIT_DELAY_MS));
    return;
  }
  const service = await loading;
  const row = submissionRow(fields);
  // The notify call (or the verified store's own email), only after the row is stored. Awaited so
  // that the team is told before the visitor sees success and closes the tab; its outcome is only
  // logged and never undoes the success.
  const notified =
    (await storeOrPassCeiling(service, row, fields.turnstileToken)) ?? (await service.notifyTeam(row, fields.turnstileToken));
  if (notified.ok) console.debug(NOTIFY_SENT_LOG, notified.status, notified.detail);
  else console.warn(NOTIFY_FAILED_LOG, notified.status, notified.detail);
}

/**
 * Stores the row; throws when it is not stored. Resolves null when the notify call is still to be
 * made, or with the function's answer when the verified store made it already.
 */
async function storeOrPassCeiling(service: InquiryService, row: NewInquiry, turnstileToken: string | undefined) {
  try {
    await service.insertSubmission(row);
    return null;
  } catch (error) {
    const { code } = error as { code?: unknown };
    // A retry of this draft whose first answer was lost: the row is stored; the notify function
    // emails about a row once, however often it is asked.
    if (code === DUPLICATE_CODE) return null;
    // Others filled the overall ceiling. A visitor who passed Turnstile goes through the function,
    // which checks the token before it stores; a refusal of the visitor's own (PT429, or a field it
    // refuses) is theirs to hear, any other leaves the ceiling's refusal standing (the modal offers
    // email instead).
    if (code !== CEILING_CODE || !turnstileToken) throw error;
    try {
      return await service.storeVerified(row, turnstileToken);
    } catch (verified) {
      const { status } = verified as { status?: unknown };
      throw status === TOO_MANY_REQUESTS || status === BAD_REQUEST ? verified : error;
    }
  }
}
