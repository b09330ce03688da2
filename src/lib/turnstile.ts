// Cloudflare Turnstile in the browser, only where GATSBY_TURNSTILE_SITE_KEY was set at build. The
// widget's script loads when a contact modal first opens, never for the page itself; its token goes
// with the notify call, and the notify function checks it (docs/backend.md). Without a token the
// inquiry is still stored and still reaches the team, in the digest.
import { siteEnv } from './environment';

/** Cloudflare's script, in explicit mode: the modal decides where and when the widget renders. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The part of Cloudflare's `window.turnstile` the modal uses. */
export interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      action?: string;
    },
  ): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** The site key the site was built with (./environment), or null without Turnstile. */
export function turnstileSiteKey(): string | null {
  return siteEnv().turnstileSiteKey || null;
}

let loading: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once; a failed load is forgotten, so the next opening tries again. */
export function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile);
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.addEventListener('load', () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile script loaded without window.turnstile')),
    );
    script.addEventListener('error', () => reject(new Error(`Turnstile script failed to load: ${TURNSTILE_SCRIPT_URL}`)));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
