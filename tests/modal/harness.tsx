// Renders the provider the way the page does, with two opener buttons standing in for the page's
// Chat with us and investor links. Fake timers drive every wait (1500 ms simulation, 2000 ms close).
import React from 'react';
import { act, screen, within } from '@testing-library/react';
import { render } from '../support/page-language';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { ContactModalProvider, useContactModal } from '../../src/components/ContactModalProvider';
import { FORM_COPY, MODAL_COPY, type InquiryField } from '../../src/content/modal';
import type { Language } from '../../src/content/languages';
import type { InquiryType } from '../../src/content/types';

// framer-motion times animations with the real clock; under fake timers they would never end, so
// the exiting dialog would stay in the DOM. These tests are about behaviour, not motion.
MotionGlobalConfig.skipAnimations = true;

export const OPENER_NAMES: Record<InquiryType, string> = { contact: 'Chat with us', investor: 'Investor deck' };

function Openers() {
  const { open } = useContactModal();
  return (
    <main>
      <button type="button" onClick={() => open('contact')}>
        {OPENER_NAMES.contact}
      </button>
      <button type="button" onClick={() => open('investor')}>
        {OPENER_NAMES.investor}
      </button>
    </main>
  );
}

export function renderPage(language: Language = 'en') {
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = render(
    <ContactModalProvider>
      <Openers />
    </ContactModalProvider>,
    { language },
  );
  return { user, ...view };
}

export async function openModal(user: ReturnType<typeof userEvent.setup>, type: InquiryType) {
  await user.click(screen.getByRole('button', { name: OPENER_NAMES[type] }));
  return screen.findByRole('dialog', { name: MODAL_COPY[type].heading });
}

/**
 * Enters each value into the dialog's field of that label, as a visitor pasting it: one input
 * event a field. (Typing it key by key re-rendered the form for every character, about a
 * core-second of every run across these suites; the keys themselves are not what they test.)
 */
export async function enter(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values: Partial<Record<InquiryField, string>>,
  labels: Readonly<Record<InquiryField, string>> = FORM_COPY.labels,
): Promise<void> {
  for (const [field, value] of Object.entries(values) as Array<[InquiryField, string]>) {
    await user.click(within(dialog).getByRole('textbox', { name: labels[field] }));
    await user.paste(value);
  }
}

/**
 * Lets the browser paint the frame that answers an interaction: the page's `inert` and the focus
 * back on the opener follow it (ContactModalProvider).
 */
export const afterPaint = () =>
  act(async () => {
    jest.advanceTimersByTime(50);
  });
