// A staff page's session (/edit/, /team/): the tab's Supabase client, who is signed in, and the two
// steps of the sign-in (the address, then the code from the email). Call it once per page and hand
// the result to StaffSignIn and to whatever reads the database with `client`.
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SignInProblem } from '../content/staff';
import { backendSettings } from '../lib/backend';
import { sendCode as askForCode, staffClient, verifyCode as checkCode } from '../lib/staff-auth';

/**
 * `unconfigured`: the site was built without backend settings. `checking`: before the tab's stored
 * session is read (and while the page is rendered at build time).
 */
export type StaffSessionStatus = 'unconfigured' | 'checking' | 'signedOut' | 'signedIn';

export interface StaffSession {
  status: StaffSessionStatus;
  /** The signed-in address; null unless signed in. */
  email: string | null;
  /** The tab's client, signed in or not; null without backend settings and before the page runs. */
  client: SupabaseClient | null;
  /** Where the last code went: the code step is shown from then on. */
  sentTo: string | null;
  /** Step 1: emails a code to the address (trimmed, lower-cased); null once it is on its way. */
  sendCode: (address: string) => Promise<SignInProblem | null>;
  /** Step 2: signs in with the code sent to `sentTo`; null once signed in. */
  verifyCode: (code: string) => Promise<SignInProblem | null>;
  /** Ends this tab's session. */
  signOut: () => Promise<void>;
  /** For a page whose call the database refused for an expired session: the sign-in shows again. */
  expired: () => void;
}

export function useStaffSession(): StaffSession {
  const [client, setClient] = useState<SupabaseClient | null>(null);
  const [status, setStatus] = useState<StaffSessionStatus>('checking');
  const [email, setEmail] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentAt = useRef(0);

  useEffect(() => {
    const settings = backendSettings();
    if (!settings) {
      setStatus('unconfigured');
      return;
    }
    const created = staffClient(settings);
    setClient(created);
    // The first event is the session the tab holds (INITIAL_SESSION); later ones follow sign-in,
    // refresh and sign-out, also a refresh Auth refused (the person was removed).
    const { data } = created.auth.onAuthStateChange((_event, session) => {
      setEmail(session?.user.email ?? null);
      setStatus(session ? 'signedIn' : 'signedOut');
    });
    return () => data.subscription.unsubscribe();
  }, []);

  const sendCode = useCallback(
    async (address: string) => {
      if (!client) return 'unreachable';
      const to = address.trim().toLowerCase();
      const problem = await askForCode(client, to);
      if (!problem) {
        sentAt.current = Date.now();
        setSentTo(to);
      }
      return problem;
    },
    [client],
  );

  const verifyCode = useCallback(
    async (code: string) => {
      if (!client || !sentTo) return 'unreachable';
      const problem = await checkCode(client, sentTo, code, sentAt.current);
      if (!problem) setSentTo(null);
      return problem;
    },
    [client, sentTo],
  );

  const signOut = useCallback(async () => {
    // This tab's session only: another tab's work goes on.
    await client?.auth.signOut({ scope: 'local' });
    setEmail(null);
    setStatus('signedOut');
  }, [client]);

  const expired = useCallback(() => {
    setEmail(null);
    setStatus((now) => (now === 'signedIn' ? 'signedOut' : now));
  }, []);

  return useMemo(
    () => ({ status, email, client, sentTo, sendCode, verifyCode, signOut, expired }),
    [status, email, client, sentTo, sendCode, verifyCode, signOut, expired],
  );
}
