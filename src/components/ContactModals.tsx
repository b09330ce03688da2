// Both modals, contact and investor, mounted together: the chunk ContactModalProvider loads on
// intent or on the first open. The provider decides which one is open.
import React, { useEffect } from 'react';
import { LazyMotion, MotionConfig, domAnimation } from 'framer-motion';
import type { InquiryType } from '../content/types';
import { testConnection } from '../lib/connection-test';
import { ContactModal } from './ContactModal';

export function ContactModals({ openType, onClose }: { openType: InquiryType | null; onClose: () => void }) {
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
