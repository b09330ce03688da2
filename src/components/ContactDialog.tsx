// The contact modal's dialog layer: backdrop, card and focus handling around either the form or
// the success view. Mounted by ContactModal inside AnimatePresence, so that it can fade out.
import React, { useEffect, useId, useRef, type PointerEvent } from 'react';
import { m, useIsPresent } from 'framer-motion';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import FileText from 'lucide-react/icons/file-text';
import MessageCircle from 'lucide-react/icons/message-circle';
import X from 'lucide-react/icons/x';
import type { InquiryType } from '../content/types';
import type { InquiryField, SubmitFailure } from '../content/modal';
import { useModalDialog } from '../hooks/useModalDialog';
import { usePageLanguage } from '../hooks/usePageLanguage';
import { mailtoHref } from '../lib/submit-failure';
import { turnstileSiteKey } from '../lib/turnstile';
import { ContactForm, type ContactFormValues } from './ContactForm';
import { TurnstileWidget } from './TurnstileWidget';

/** Where a draft is: being edited, being sent, or sent (the success view). */
export type ContactPhase = 'form' | 'submitting' | 'sent';

export interface ContactDialogProps {
  type: InquiryType;
  phase: ContactPhase;
  values: ContactFormValues;
  failure: SubmitFailure | null;
  onChange: (field: InquiryField, value: string) => void;
  onSubmit: (fromBot: boolean) => void;
  onClose: () => void;
  turnstileRound: number;
  onTurnstileToken: (token: string | null) => void;
}

const TYPE_ICON = { contact: MessageCircle, investor: FileText } as const;

/** The heading's two looks: above the form, and the centred success view. */
const HEADING_LOOK = {
  form: {
    box: 'mb-6 pr-12',
    badge: 'mb-4 flex size-11 items-center justify-center rounded-xl bg-accent-100 text-accent-700',
    icon: 'size-5',
    title: 'text-2xl font-extrabold tracking-tight text-ink sm:text-[1.75rem]',
    text: 'mt-2 text-base leading-relaxed text-ink-soft',
  },
  sent: {
    box: 'py-6 text-center focus:outline-none sm:py-8',
    badge: 'mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/60',
    icon: 'size-7',
    title: 'mt-5 text-2xl font-extrabold tracking-tight text-ink',
    text: 'mx-auto mt-2 max-w-sm text-base leading-relaxed text-ink-soft',
  },
} as const;

export function ContactDialog(props: ContactDialogProps) {
  const { type, phase, values, failure, onChange, onSubmit, onClose, turnstileRound, onTurnstileToken } = props;
  const siteKey = turnstileSiteKey();
  const { modal, form } = usePageLanguage().dictionary;
  const copy = modal[type];
  const sent = phase === 'sent';
  const HeadingIcon = sent ? CheckCircle2 : TYPE_ICON[type];
  const look = HEADING_LOOK[sent ? 'sent' : 'form'];
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;

  // While fading out, the dialog is already closed: hidden from assistive technology, no clicks,
  // no keyboard trap, no scroll lock.
  const isPresent = useIsPresent();
  const panelRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  useModalDialog(panelRef, onClose, isPresent);

  useEffect(() => {
    // The submit button the focus was on is gone: move focus to the confirmation so it is read out
    // and Escape/Tab keep working from inside the dialog.
    if (sent) successRef.current?.focus();
  }, [sent]);

  // A click that starts inside the card and ends on the backdrop (selecting text) must not close.
  const pressStartedOnBackdrop = useRef(false);
  const onBackdropPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return (
    <div className={`fixed inset-0 z-50 ${isPresent ? '' : 'pointer-events-none'}`} aria-hidden={isPresent ? undefined : true}>
      <m.div
        aria-hidden="true"
        className="absolute inset-0 bg-brand-950/60 backdrop-blur-[3px]"
        initial={{ opacity: 0 }}
        animate={{ opacity: 1 }}
        exit={{ opacity: 0 }}
        transition={{ duration: 0.2, ease: 'easeOut' }}
      />
      {/* Scrolls on its own when the card is taller than the viewport (a phone with the keyboard up);
          the top padding keeps a strip of backdrop visible there, a sheet rather than a new page. */}
      <div className="absolute inset-0 overflow-y-auto overscroll-contain">
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a pointer shortcut: keyboards close with Escape or the close button */}
        <div
          className="flex min-h-full items-end justify-center pt-12 sm:items-center sm:p-6"
          onPointerDown={onBackdropPointerDown}
          onClick={onBackdropClick}
        >
          <m.div
            ref={panelRef}
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={textId}
            tabIndex={-1}
            className={
              'relative w-full max-w-lg rounded-t-2xl bg-white px-5 pt-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] ' +
              'shadow-[0_-8px_32px_-12px_rgb(4_33_30/0.35)] ring-1 ring-brand-950/5 focus:outline-none ' +
              'sm:rounded-2xl sm:p-8 sm:shadow-[0_32px_72px_-24px_rgb(4_33_30/0.55)]'
            }
            initial={{ opacity: 0, y: 24, scale: 0.98 }}
            animate={{ opacity: 1, y: 0, scale: 1 }}
            exit={{ opacity: 0, y: 12, scale: 0.98 }}
            transition={{ duration: 0.22, ease: [0.22, 1, 0.36, 1] }}
          >
            {/* The heading, in the form's look or the success view's (which takes the focus). */}
            <div ref={sent ? successRef : undefined} tabIndex={sent ? -1 : undefined} className={look.box}>
              <span className={look.badge}>
                <HeadingIcon aria-hidden="true" className={look.icon} />
              </span>
              <h2 id={titleId} className={look.title}>
                {sent ? copy.successTitle : copy.heading}
              </h2>
              <p id={textId} className={look.text}>
                {sent ? copy.successBody : copy.text}
              </p>
            </div>
            {sent ? null : (
              <ContactForm
                values={values}
                submitLabel={copy.button}
                submitting={phase === 'submitting'}
                failure={failure}
                emailHref={failure === 'busy' ? mailtoHref(copy.heading, form.labels, values) : null}
                onChange={onChange}
                onSubmit={onSubmit}
                verification={siteKey && <TurnstileWidget siteKey={siteKey} round={turnstileRound} onToken={onTurnstileToken} />}
              />
            )}
            {/* Last in the DOM so that focus lands on the first field, first in the corner for the eye. */}
            <button
              type="button"
              aria-label={form.close}
              onClick={onClose}
              className={
                'absolute top-3 right-3 flex size-11 items-center justify-center rounded-full text-ink-soft ' +
                'transition-colors hover:bg-brand-50 hover:text-ink sm:top-4 sm:right-4'
              }
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </m.div>
        </div>
      </div>
    </div>
  );
}
