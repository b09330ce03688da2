// The contact modal's fixed copy and constants: its texts, fields, messages, console messages and
// timings (docs/behaviour.md#the-contact-modal). Components and tests import these; no modal text is
// typed anywhere else.
import type { InquiryType } from './types';

export interface InquiryModalCopy {
  heading: string;
  text: string;
  button: string;
  successTitle: string;
  successBody: string;
}

export const MODAL_COPY: Readonly<Record<InquiryType, InquiryModalCopy>> = {
  contact: {
    heading: 'Get in Touch',
    text: 'Connect with our team to explore partnership opportunities',
    button: 'Send Message',
    successTitle: 'Message Sent!',
    successBody: 'Our team will get back to you within 24 hours.',
  },
  investor: {
    heading: 'Request Investor Deck',
    text: 'Provide your details to receive our comprehensive investor presentation',
    button: 'Request Deck',
    successTitle: 'Request Sent!',
    successBody: "We'll send the investor deck to your email shortly.",
  },
};

export type InquiryField = 'name' | 'email' | 'company' | 'message';

// The database's length checks on contact_submissions; the inputs stop there so that a visitor
// never types something the insert would reject.
export const FIELD_MAX_LENGTH: Readonly<Record<InquiryField, number>> = {
  name: 200,
  email: 320,
  company: 200,
  message: 5000,
};

export const MESSAGE_ROWS = 4;

// docs/architecture.md: the spec only logs a failed submission; we also tell the visitor, keeping what they typed.
export const SUBMIT_FAILED_MESSAGE = 'Your message could not be sent. Please try again.';
// The backend refused the insert with HTTP 429: too many inquiries from this address in ten minutes
// (docs/backend.md). Trying again at once would fail the same way, so the text says to wait.
export const RATE_LIMITED_MESSAGE = 'You have sent several messages in a short time. Please wait a few minutes, then try again.';

/**
 * The backend refused the insert because the overall ceiling holds (HTTP 503, code PT503): others
 * sent too many, not this visitor (docs/backend.md). The text says so, and the link beside it opens
 * the visitor's mail program with their message filled in, so nothing typed is lost.
 */
export const BUSY_COPY = {
  message: 'We are receiving an unusual number of messages right now, so yours could not be saved. You can email it to us instead:',
  link: 'Email your message',
} as const;

/** Why a submission was not stored, as far as the visitor needs to know: for a refused field, which one. */
export type SubmitFailure = 'error' | 'rate-limited' | 'busy' | `invalid-${InquiryField}`;

export const SUBMIT_FAILURE_MESSAGES: Readonly<Record<SubmitFailure, string>> = {
  error: SUBMIT_FAILED_MESSAGE,
  'rate-limited': RATE_LIMITED_MESSAGE,
  busy: BUSY_COPY.message,
  // The database's rules refused a field (docs/backend.md): names and companies are one line of
  // visible text; a message may hold no hidden control characters.
  'invalid-name': 'Please check your full name: it must be one line of visible text, without hidden characters.',
  'invalid-email': 'Please check your email address.',
  'invalid-company': 'Please check the company name: it must be one line of visible text, without hidden characters.',
  'invalid-message': 'Please check your message: it holds hidden control characters. Remove them, then try again.',
};
export const SUBMIT_FAILED_LOG = 'Contact submission failed';

/**
 * The line under the form: what the details are for, and the way to the privacy notice. Not the
 * spec's words: an addition that Indonesia's PDP Law and the GDPR ask for (docs/architecture.md).
 */
export const PRIVACY_NOTICE_COPY = { text: 'We use these details only to answer you.', link: 'Privacy notice' } as const;

/** The form's English words, under the names the dictionary's `form` gives them (../dictionary.ts). */
export const FORM_COPY = {
  labels: { name: 'Full Name', email: 'Email Address', company: 'Company', message: 'Message' },
  optional: 'Optional',
  sending: 'Sending...',
  close: 'Close',
  failures: SUBMIT_FAILURE_MESSAGES,
  emailLink: BUSY_COPY.link,
  notice: PRIVACY_NOTICE_COPY,
} as const;

// Without a backend the submission is simulated and this is logged.
export const BACKEND_NOT_CONFIGURED_LOG =
  'Contact backend is not configured (GATSBY_SUPABASE_URL / GATSBY_SUPABASE_ANON_KEY were not set at build): the submission is simulated and not stored.';

// The connection test's and the notify call's outcomes are only logged, a failed notification too
// (docs/behaviour.md#the-calls-the-page-makes).
export const CONNECTION_TEST_LOG = 'Contact backend connection test:';
// The modal's code could not be fetched (offline for a moment, a new deploy): logged, and the next
// open tries again.
export const MODAL_LOAD_FAILED_LOG = 'The contact form could not be loaded; opening it again will retry:';
export const NOTIFY_SENT_LOG = 'Inquiry notification sent:';
export const NOTIFY_FAILED_LOG = 'Inquiry notification failed (the inquiry is stored):';
// Where Turnstile is configured and its script cannot load, inquiries still go out (in the digest).
export const TURNSTILE_LOAD_FAILED_LOG = 'Turnstile did not load; the inquiry will reach the team in the digest:';

// A field for bots, which fill every input they find: people never see it, screen readers never
// reach it, autofill and password managers leave it alone. A form sent with it filled shows
// success and sends nothing. The label is for bots that read labels; nobody else meets it.
export const HONEYPOT_FIELD = { name: 'website', label: 'Leave this field empty' } as const;

export const SUCCESS_AUTO_CLOSE_MS = 2000;
export const SIMULATED_SUBMIT_DELAY_MS = 1500;

// docs/architecture.md: the investor modal has no visible trigger in the spec; this URL hash opens it, so a
// link such as <a href="#investor-deck"> in an email or the footer works.
export const INVESTOR_DECK_HASH = '#investor-deck';
