// The one path a contact inquiry takes out of the page. The modal only knows this signature:
// resolve = stored, throw = not stored (the modal then keeps the text and asks to try again).
import type { InquiryType } from '../content/types';
import { BACKEND_NOT_CONFIGURED_LOG, SIMULATED_SUBMIT_DELAY_MS } from '../content/modal';

export interface InquiryFields {
  type: InquiryType;
  name: string;
  email: string;
  company: string;
  message: string;
}

// Gatsby inlines GATSBY_* variables at build time; read at call time so tests can set them.
export function isBackendConfigured(): boolean {
  return Boolean(process.env.GATSBY_SUPABASE_URL && process.env.GATSBY_SUPABASE_ANON_KEY);
}

export async function submitInquiry(_fields: InquiryFields): Promise<void> {
  if (!isBackendConfigured()) {
    console.warn(BACKEND_NOT_CONFIGURED_LOG);
    await new Promise<void>((resolve) => setTimeout(resolve, SIMULATED_SUBMIT_DELAY_MS));
    return;
  }
  // Failing loudly beats pretending: a configured site must never silently drop an inquiry.
  throw new Error('Sending inquiries to the configured backend is not implemented yet');
}
