// The Turnstile challenge inside the contact form (only where a site key was built in). Renders
// Cloudflare's widget into its own box once the script has loaded, reports each token (and its
// expiry), and starts over whenever `round` changes: a token is good for one submission.
import React, { useEffect, useRef } from 'react';
import { TURNSTILE_LOAD_FAILED_LOG } from '../content/modal';
import { loadTurnstile } from '../lib/turnstile';

interface TurnstileWidgetProps {
  siteKey: string;
  /** Changes after each submission, so the next one gets a fresh token. */
  round: number;
  onToken: (token: string | null) => void;
}

export function TurnstileWidget({ siteKey, round, onToken }: TurnstileWidgetProps) {
  const box = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    onTokenRef.current(null);
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !box.current) return;
        widgetId = turnstile.render(box.current, {
          sitekey: siteKey,
          action: 'inquiry',
          callback: (token) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
          'error-callback': () => onTokenRef.current(null),
        });
      })
      // Without the widget the inquiry still goes out (to the digest): log it, do not block the form.
      .catch((error: unknown) => console.warn(TURNSTILE_LOAD_FAILED_LOG, error));
    return () => {
      cancelled = true;
      if (widgetId !== null) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, round]);

  // Cloudflare's widget is 65 px tall; the box keeps that room so the button does not jump.
  return <div ref={box} className="min-h-[65px] sm:col-span-2" />;
}
