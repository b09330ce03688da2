// A tap on "Chat with us" before the page's JavaScript has started (on a slow phone, the bundles
// arrive a while after the first paint) would otherwise do nothing and be lost. A small inline script
// in the page's head notes such a tap; the contact modal's provider takes the note when it starts and
// opens the modal then. The buttons that open a modal carry the attribute below with its type.
import type { InquiryType } from '../content/types';

export const OPENS_MODAL_ATTRIBUTE = 'data-opens-modal';

declare global {
  interface Window {
    /** Set by the inline script: takes the type of a modal tapped for before hydration, and stops noting. */
    __takeEarlyModalIntent?: () => string | null;
  }
}

/** The inline script's source (gatsby-ssr.tsx puts it in every page's head; the CSP allows it by hash). */
export const EARLY_INTENT_SCRIPT =
  `(function(w,d){var t=null;function n(e){var o=e.target&&e.target.closest&&e.target.closest('[${OPENS_MODAL_ATTRIBUTE}]');` +
  `if(o)t=o.getAttribute('${OPENS_MODAL_ATTRIBUTE}')}d.addEventListener('click',n,true);` +
  `w.__takeEarlyModalIntent=function(){d.removeEventListener('click',n,true);var r=t;t=null;return r}})(window,document);`;

/** The modal a visitor asked for before the page could open it, if any; from then on React's handlers answer. */
export function takeEarlyModalIntent(): InquiryType | null {
  const intent = window.__takeEarlyModalIntent?.() ?? null;
  return intent === 'contact' || intent === 'investor' ? intent : null;
}
