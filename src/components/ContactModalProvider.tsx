// Gives every part of the page `useContactModal().open(type)` and mounts the two modals.
// The modal's code (form, dialog behaviour, motion) is fetched on intent (prefetchContactModal, from
// the buttons that open it) or on the first open: a visit that never opens it never downloads it.
import React, { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { InquiryType } from '../content/types';
import { INVESTOR_DECK_HASH, MODAL_LOAD_FAILED_LOG } from '../content/modal';
import { afterNextPaint } from '../lib/after-paint';
import { takeEarlyModalIntent } from '../lib/early-intent';

export interface ContactModalApi {
  open: (type: InquiryType) => void;
}

const ContactModalContext = createContext<ContactModalApi | null>(null);

type ContactModalsComponent = (typeof import('./ContactModals'))['ContactModals'];

const loadContactModals = () => import(/* webpackChunkName: "contact-modal" */ './ContactModals');

/** Starts fetching the modal's code (form, dialog, motion), so that a click finds it there. */
export function prefetchContactModal(): void {
  // A failure is left to the open itself, which loads the same chunk again and reports it.
  loadContactModals().catch(() => undefined);
}

/** For an element that opens a modal: a pointer over it, a touch or keyboard focus fetches the modal's code. */
export const PREFETCH_MODAL_ON_INTENT = {
  onPointerEnter: prefetchContactModal,
  onPointerDown: prefetchContactModal,
  onFocus: prefetchContactModal,
} as const;

export function useContactModal(): ContactModalApi {
  const api = useContext(ContactModalContext);
  if (!api) throw new Error('useContactModal() must be used inside <ContactModalProvider>');
  return api;
}

export function ContactModalProvider({ children }: { children: ReactNode }) {
  const [openType, setOpenType] = useState<InquiryType | null>(null);
  // Mounted from the first open on, and kept: closing must not drop a draft or a pending submit.
  const [mounted, setMounted] = useState(false);
  const [modals, setModals] = useState<{ Component: ContactModalsComponent } | null>(null);
  // The open modal as of the latest open() or close(), ahead of the state's next render.
  const showing = useRef<InquiryType | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const page = useRef<HTMLDivElement>(null);
  const openedByHash = useRef(false);

  const show = useCallback((type: InquiryType | null) => {
    showing.current = type;
    setOpenType(type);
  }, []);

  const open = useCallback(
    (type: InquiryType) => {
      const active = document.activeElement;
      // A second open() while a modal is showing must not make the first modal's field the opener.
      if (showing.current === null) {
        opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      }
      openedByHash.current = false;
      setMounted(true);
      show(type);
    },
    [show],
  );

  const close = useCallback(() => {
    openedByHash.current = false;
    show(null);
    if (window.location.hash === INVESTOR_DECK_HASH) {
      // Replace, not push: Back must not reopen the modal, and the hash can open it again.
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
  }, [show]);

  useEffect(() => {
    const openFromHash = () => {
      if (window.location.hash === INVESTOR_DECK_HASH) {
        open('investor');
        openedByHash.current = true;
      } else if (openedByHash.current) {
        // Back after following an #investor-deck link closes the modal, as on any phone dialog.
        openedByHash.current = false;
        show(null);
      }
    };
    openFromHash();
    // A tap on an opener made before the page was interactive.
    const early = takeEarlyModalIntent();
    if (early) open(early);
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, [open, show]);

  useEffect(
    () =>
      // `inert` keeps pointer, focus and screen readers out of the page behind the modal; set here
      // because React 18 does not know the attribute. It restyles the whole page, a long style
      // recalculation on a slow phone (66 ms at 4x CPU throttling), so it follows the frame that
      // answers the click instead of holding that frame up; the modal covers the page meanwhile.
      afterNextPaint(() => {
        page.current?.toggleAttribute('inert', openType !== null);
        if (openType === null && opener.current) {
          if (opener.current.isConnected) opener.current.focus();
          opener.current = null;
        }
      }),
    [openType],
  );

  useEffect(() => {
    if (!mounted || modals) return undefined;
    let active = true;
    loadContactModals().then(
      ({ ContactModals: Component }) => {
        // Rendered at once: as a lazy component's retry, React would first finish hydrating the
        // rest of the page, which on a slow phone opened the modal about half a second later.
        if (active) flushSync(() => setModals({ Component }));
      },
      (error: unknown) => {
        if (!active) return;
        // Offline for a moment, or a new deploy replaced the chunk: the next open tries again.
        console.error(MODAL_LOAD_FAILED_LOG, error);
        setMounted(false);
        show(null);
      },
    );
    return () => {
      active = false;
    };
  }, [mounted, modals, show]);

  const api = useMemo<ContactModalApi>(() => ({ open }), [open]);

  return (
    <ContactModalContext.Provider value={api}>
      <div ref={page}>{children}</div>
      {modals && <modals.Component openType={openType} onClose={close} />}
    </ContactModalContext.Provider>
  );
}
