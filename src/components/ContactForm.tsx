import React, { useId, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import AlertCircle from 'lucide-react/icons/circle-alert';
import Loader2 from 'lucide-react/icons/loader-circle';
import { FIELD_MAX_LENGTH, HONEYPOT_FIELD, MESSAGE_ROWS, type InquiryField, type SubmitFailure } from '../content/modal';
import { usePageLanguage } from '../hooks/usePageLanguage';
import { PrivacyLink } from './PrivacyLink';

export type ContactFormValues = Record<InquiryField, string>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', company: '', message: '' };

interface ContactFormProps {
  values: ContactFormValues;
  submitLabel: string;
  submitting: boolean;
  /** Why the last submission was not stored; null while nothing failed. */
  failure: SubmitFailure | null;
  /** With the `busy` failure: a `mailto:` link carrying the visitor's message to the team. */
  emailHref: string | null;
  onChange: (field: InquiryField, value: string) => void;
  /** `fromBot`: the honeypot field was filled. */
  onSubmit: (fromBot: boolean) => void;
  /** The Turnstile challenge, where one is configured. */
  verification?: ReactNode;
}

const labelText = 'text-sm font-semibold text-ink';
const labelClass = `block ${labelText}`;
// text-base (16 px) keeps iOS Safari from zooming into the field on focus.
const fieldClass =
  'mt-1.5 block w-full rounded-xl border border-brand-200 bg-white px-4 text-base text-ink shadow-xs ' +
  'transition-colors hover:border-brand-300 focus:border-brand-600 focus:outline-none focus:ring-4 ' +
  'focus:ring-brand-500/20 read-only:bg-paper read-only:text-ink-soft';

export function ContactForm({ values, submitLabel, submitting, failure, emailHref, onChange, onSubmit, verification }: ContactFormProps) {
  // Both modals are mounted at once: ids must differ between them.
  const id = useId();
  const { dictionary } = usePageLanguage();
  const { labels, optional, sending, failures, emailLink, notice } = dictionary.form;
  const fieldId = (field: InquiryField) => `${id}-${field}`;

  // What ties each visible field to the form's state, its limit and its refusal: the same for all four.
  const bind = (field: InquiryField) => ({
    id: fieldId(field),
    name: field,
    'aria-invalid': failure === `invalid-${field}` || undefined,
    maxLength: FIELD_MAX_LENGTH[field],
    readOnly: submitting,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(field, event.target.value),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trap = event.currentTarget.elements.namedItem(HONEYPOT_FIELD.name);
    onSubmit(trap instanceof HTMLInputElement && trap.value !== '');
  };

  // No noValidate: required fields and the email type are checked by the browser
  // (docs/behaviour.md#the-contact-modal).
  return (
    <form onSubmit={submit} aria-busy={submitting} className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={fieldId('name')} className={labelClass}>
          {labels.name}
        </label>
        <input {...bind('name')} type="text" autoComplete="name" required className={`${fieldClass} h-12`} />
      </div>
      <div>
        <label htmlFor={fieldId('email')} className={labelClass}>
          {labels.email}
        </label>
        <input {...bind('email')} type="email" autoComplete="email" spellCheck={false} required className={`${fieldClass} h-12`} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={fieldId('company')} className={`flex items-baseline justify-between ${labelText}`}>
          {labels.company}
          {/* Hidden from assistive technology: the missing `required` already says it. */}
          <span aria-hidden="true" className="text-xs font-medium text-ink-soft">
            {optional}
          </span>
        </label>
        <input {...bind('company')} type="text" autoComplete="organization" className={`${fieldClass} h-12`} />
      </div>
      {/* The honeypot: off-screen rather than display:none, which bots recognise; aria-hidden and
          out of the tab order for people; uncontrolled, so it is read only when the form is sent. */}
      <div aria-hidden="true" className="absolute top-0 -left-[9999px] size-px overflow-hidden">
        <label htmlFor={`${id}-${HONEYPOT_FIELD.name}`}>{HONEYPOT_FIELD.label}</label>
        <input
          id={`${id}-${HONEYPOT_FIELD.name}`}
          name={HONEYPOT_FIELD.name}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
          data-1p-ignore=""
          data-lpignore="true"
          data-bwignore=""
          data-form-type="other"
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={fieldId('message')} className={labelClass}>
          {labels.message}
        </label>
        <textarea {...bind('message')} rows={MESSAGE_ROWS} required className={`${fieldClass} resize-y py-3 leading-relaxed`} />
      </div>
      {verification}
      {failure && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:col-span-2"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {failures[failure]}
            {emailHref && (
              <>
                {' '}
                <a href={emailHref} className="font-semibold underline underline-offset-2 hover:text-red-950">
                  {emailLink}
                </a>
              </>
            )}
          </span>
        </p>
      )}
      <button
        type="submit"
        disabled={submitting}
        className={
          'mt-2 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-brand-800 px-6 ' +
          'text-base font-bold text-white shadow-soft transition-colors hover:bg-brand-900 ' +
          'disabled:cursor-not-allowed disabled:bg-brand-700 sm:col-span-2'
        }
      >
        {submitting && <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />}
        {submitting ? sending : submitLabel}
      </button>
      <p className="text-center text-sm text-ink-soft sm:col-span-2">
        {notice.text}{' '}
        <PrivacyLink className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
          {notice.link}
        </PrivacyLink>
      </p>
    </form>
  );
}
