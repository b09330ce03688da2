// The contact modal (docs/behaviour.md#the-contact-modal): form → Sending... → success view that
// closes itself after 2 s. Loaded on demand by ContactModalProvider, through ContactModals; nothing
// here is needed for the first paint.
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { AnimatePresence } from 'framer-motion';
import type { InquiryType } from '../content/types';
import { SUBMIT_FAILED_LOG, SUCCESS_AUTO_CLOSE_MS, type InquiryField, type SubmitFailure } from '../content/modal';
import { usePageLanguage } from '../hooks/usePageLanguage';
import { submitFailureOf } from '../lib/submit-failure';
import { submitInquiry } from '../lib/submit-inquiry';
import { EMPTY_CONTACT_FORM, type ContactFormValues } from './ContactForm';
import { ContactDialog, type ContactPhase } from './ContactDialog';

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
  const [phase, setPhase] = useState<ContactPhase>('form');
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
        <ContactDialog
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
