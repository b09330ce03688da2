// Gives every part of the page `useContactModal().open(type)` and mounts the two modals.
// The modal's code (form, dialog behaviour, motion) is loaded when the browser is idle or on the
// first open, whichever comes first: it is never needed for the first paint.
import React, { Suspense, createContext, lazy, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { InquiryType } from '../content/types';
import { INVESTOR_DECK_HASH } from '../content/modal';
import { whenIdle } from '../lib/when-idle';

export interface ContactModalApi {
  open: (type: InquiryType) => void;
}

const ContactModalContext = createContext<ContactModalApi | null>(null);

const loadContactModals = () => import('./ContactModal');
const ContactModals = lazy(loadContactModals);

export function useContactModal(): ContactModalApi {
  const api = useContext(ContactModalContext);
  if (!api) throw new Error('useContactModal() must be used inside <ContactModalProvider>');
  return api;
}

export function ContactModalProvider({ children }: { children: ReactNode }) {
  const [openType, setOpenType] = useState<InquiryType | null>(null);
  // Mounted from the first open on, and kept: closing must not drop a draft or a pending submit.
  const [mounted, setMounted] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const page = useRef<HTMLDivElement>(null);
  const openedByHash = useRef(false);

  const open = useCallback((type: InquiryType) => {
    const active = document.activeElement;
    // A second open() while a modal is showing must not make the first modal's field the opener.
    if (!page.current?.hasAttribute('inert')) {
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    openedByHash.current = false;
    setMounted(true);
    setOpenType(type);
  }, []);

  const close = useCallback(() => {
    openedByHash.current = false;
    setOpenType(null);
    if (window.location.hash === INVESTOR_DECK_HASH) {
      // Replace, not push: Back must not reopen the modal, and the hash can open it again.
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, []);

  useEffect(() => {
    const openFromHash = () => {
      if (window.location.hash === INVESTOR_DECK_HASH) {
        open('investor');
        openedByHash.current = true;
      } else if (openedByHash.current) {
        // Back after following an #investor-deck link closes the modal, as on any phone dialog.
        openedByHash.current = false;
        setOpenType(null);
      }
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    const cancelPreload = whenIdle(() => void loadContactModals());
    return () => {
      window.removeEventListener('hashchange', openFromHash);
      cancelPreload();
    };
  }, [open]);

  useEffect(() => {
    // `inert` keeps pointer, focus and screen readers out of the page behind the modal; set here
    // because React 18 does not know the attribute.
    page.current?.toggleAttribute('inert', openType !== null);
    if (openType === null && opener.current) {
      if (opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [openType]);

  const api = useMemo<ContactModalApi>(() => ({ open }), [open]);

  return (
    <ContactModalContext.Provider value={api}>
      <div ref={page}>{children}</div>
      {mounted && (
        <Suspense fallback={null}>
          <ContactModals openType={openType} onClose={close} />
        </Suspense>
      )}
    </ContactModalContext.Provider>
  );
}
