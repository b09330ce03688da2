// The contact modal (docs/behaviour.md#the-contact-modal): form → Sending... → success view that
// closes itself after 2 s. Loaded on demand by ContactModalProvider; nothing here is needed for the
// first paint.
import React, { useCallback, useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { AnimatePresence, LazyMotion, MotionConfig, domAnimation, m, useIsPresent } from 'framer-motion';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import FileText from 'lucide-react/icons/file-text';
import MessageCircle from 'lucide-react/icons/message-circle';
import X from 'lucide-react/icons/x';
import type { InquiryType } from '../content/types';
import { SUBMIT_FAILED_LOG, SUCCESS_AUTO_CLOSE_MS, type InquiryField, type SubmitFailure } from '../content/modal';
import { useModalDialog } from '../hooks/useModalDialog';
import { usePageLanguage } from '../hooks/usePageLanguage';
import { testConnection } from '../lib/connection-test';
import { mailtoHref, submitFailureOf } from '../lib/submit-failure';
import { submitInquiry } from '../lib/submit-inquiry';
import { turnstileSiteKey } from '../lib/turnstile';
import { ContactForm, EMPTY_CONTACT_FORM, type ContactFormValues } from './ContactForm';
import { TurnstileWidget } from './TurnstileWidget';

type Phase = 'form' | 'submitting' | 'sent';

interface ContactModalProps {
  type: InquiryType;
  isOpen: boolean;
  onClose: () => void;
}

// The form's state lives here, above the animated dialog, so that closing the modal without
// sending keeps the draft, and a submission still settles correctly if the modal was closed meanwhile.
export function ContactModal({ type, isOpen, onClose }: ContactModalProps) {
  const { language } = usePageLanguage();
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [phase, setPhase] = useState<Phase>('form');
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  // Turnstile, where configured: the widget's current token, and a counter that asks it for a
  // fresh one after each submission (a token is good once).
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const [turnstileRound, setTurnstileRound] = useState(0);
  // State updates are not synchronous: a second click in the same frame must still be refused.
  const inFlight = useRef(false);
  // One id per draft, made at its first submission and kept across retries (a lost answer must not
  // make a second row); the next draft, after success, gets a new one.
  const draftId = useRef<string | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const submit = useCallback(
    async (fromBot: boolean) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setPhase('submitting');
      setFailure(null);
      try {
        // A bot filled the honeypot: it sees the usual success and nothing is sent.
        draftId.current ??= crypto.randomUUID();
        if (!fromBot)
          await submitInquiry({ id: draftId.current, type, language, ...values, ...(turnstileToken ? { turnstileToken } : {}) });
        draftId.current = null;
        setPhase('sent');
      } catch (error) {
        console.error(SUBMIT_FAILED_LOG, error);
        setFailure(submitFailureOf(error));
        setPhase('form');
      } finally {
        inFlight.current = false;
        setTurnstileRound((round) => round + 1);
      }
    },
    [type, language, values, turnstileToken],
  );

  useEffect(() => {
    if (phase !== 'sent') return;
    if (!isOpen) {
      // Closed (by the timer, by hand, or before the submission settled): the inquiry is sent,
      // so the next opening starts from an empty form.
      setValues(EMPTY_CONTACT_FORM);
      setPhase('form');
      return;
    }
    const timer = setTimeout(() => onCloseRef.current(), SUCCESS_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, isOpen]);

  const change = useCallback((field: InquiryField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  return (
    <AnimatePresence>
      {isOpen && (
        <DialogLayer
          key="dialog"
          type={type}
          phase={phase}
          values={values}
          failure={failure}
          onChange={change}
          // submit settles every failure itself (logged, shown in the form): nothing awaits it.
          onSubmit={(fromBot) => void submit(fromBot)}
          onClose={onClose}
          turnstileRound={turnstileRound}
          onTurnstileToken={setTurnstileToken}
        />
      )}
    </AnimatePresence>
  );
}

interface DialogLayerProps {
  type: InquiryType;
  phase: Phase;
  values: ContactFormValues;
  failure: SubmitFailure | null;
  onChange: (field: InquiryField, value: string) => void;
  onSubmit: (fromBot: boolean) => void;
  onClose: () => void;
  turnstileRound: number;
  onTurnstileToken: (token: string | null) => void;
}

const TYPE_ICON = { contact: MessageCircle, investor: FileText } as const;

function DialogLayer(props: DialogLayerProps) {
  const { type, phase, values, failure, onChange, onSubmit, onClose, turnstileRound, onTurnstileToken } = props;
  const siteKey = turnstileSiteKey();
  const { modal, form } = usePageLanguage().dictionary;
  const copy = modal[type];
  const Icon = TYPE_ICON[type];
  const sent = phase === 'sent';
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
            {sent ? (
              <div ref={successRef} tabIndex={-1} className="py-6 text-center focus:outline-none sm:py-8">
                <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/60">
                  <CheckCircle2 aria-hidden="true" className="size-7" />
                </span>
                <h2 id={titleId} className="mt-5 text-2xl font-extrabold tracking-tight text-ink">
                  {copy.successTitle}
                </h2>
                <p id={textId} className="mx-auto mt-2 max-w-sm text-base leading-relaxed text-ink-soft">
                  {copy.successBody}
                </p>
              </div>
            ) : (
              <>
                <div className="mb-6 pr-12">
                  <span className="mb-4 flex size-11 items-center justify-center rounded-xl bg-accent-100 text-accent-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h2 id={titleId} className="text-2xl font-extrabold tracking-tight text-ink sm:text-[1.75rem]">
                    {copy.heading}
                  </h2>
                  <p id={textId} className="mt-2 text-base leading-relaxed text-ink-soft">
                    {copy.text}
                  </p>
                </div>
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
              </>
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

// Both modals, contact and investor, are mounted together; the provider decides which one is open.
export default function ContactModals({ openType, onClose }: { openType: InquiryType | null; onClose: () => void }) {
  useEffect(() => {
    if (openType !== null) void testConnection();
  }, [openType]);

  return (
    <LazyMotion features={domAnimation}>
      {/* reducedMotion="user": with prefers-reduced-motion the card only fades, no movement. */}
      <MotionConfig reducedMotion="user">
        <ContactModal type="contact" isOpen={openType === 'contact'} onClose={onClose} />
        <ContactModal type="investor" isOpen={openType === 'investor'} onClose={onClose} />
      </MotionConfig>
    </LazyMotion>
  );
}
