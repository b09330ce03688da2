// Keyboard and scroll behaviour of a modal dialog while it is active: focus moves in, Tab and
// Shift+Tab cycle inside, Escape closes, the page behind does not scroll.
//
// Why our own ~50 lines rather than the native <dialog> with showModal() or focus-trap-react:
// - the dialog fades out with framer-motion's AnimatePresence; showModal()/close() hide the element
//   at once, so the exit animation would need extra state around the native API;
// - native modal dialogs let Tab leave the page for the browser's own UI instead of cycling;
// - jsdom has no showModal(), so tests would exercise a test-only polyfill instead of the code
//   that runs in browsers; focus-trap-react (+ focus-trap + tabbable) is ~3x this code.
// Inertness of the page behind is the provider's job (it owns the page wrapper).
import { useEffect, useRef, type RefObject } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function tabbables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE));
}

export function useModalDialog(dialogRef: RefObject<HTMLElement>, onClose: () => void, active: boolean): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!active || !dialog) return;

    if (!dialog.contains(document.activeElement)) {
      (tabbables(dialog)[0] ?? dialog).focus();
    }

    // On the document, not the dialog: focus can drop to <body> (a focused button that becomes
    // disabled while sending), and Escape and Tab must still work then.
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape while composing (an input method editor) cancels the composition, not the dialog.
      if (event.isComposing) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbables(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const index = items.indexOf(document.activeElement as HTMLElement);
      if (index === -1) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && index === 0) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && index === items.length - 1) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, dialogRef]);

  useEffect(() => {
    if (!active) return;
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Hiding the scrollbar widens the page; padding of the same width keeps the layout still.
    // clientWidth is 0 where there is no layout (jsdom): then there is nothing to compensate.
    const scrollbarWidth = documentElement.clientWidth > 0 ? window.innerWidth - documentElement.clientWidth : 0;
    if (scrollbarWidth > 0) {
      const padding = parseFloat(window.getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${padding + scrollbarWidth}px`;
    }
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
    };
  }, [active]);
}
