// The team's page (/team/, /id/team/): the staff sign-in, then the inbox. When the database refuses
// the session (it expired, or the member was removed), the page returns to the sign-in and says why;
// the member's place in the list is kept for when they are back.
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LANGUAGE_PAGES, otherLanguage, type Language } from '../content/languages';
import { TEAM_TEXT } from '../content/team';
import { useStaffSession } from '../hooks/useStaffSession';
import { useTeamInbox } from '../hooks/useTeamInbox';
import { createTeamApi } from '../lib/team-api';
import { StaffSignIn } from './StaffSignIn';
import { TeamInbox } from './TeamInbox';

export function TeamPage({ language }: { language: Language }) {
  const text = TEAM_TEXT[language];
  const session = useStaffSession();
  const signedIn = session.status === 'signedIn';
  const api = useMemo(() => (session.client ? createTeamApi(session.client) : null), [session.client]);
  const [ended, setEnded] = useState(false);
  const endedLine = useRef<HTMLParagraphElement>(null);
  const { expired } = session;
  const onExpired = useCallback(() => {
    setEnded(true);
    expired();
  }, [expired]);
  const inbox = useTeamInbox(api, text, signedIn, onExpired);

  useEffect(() => {
    if (signedIn) setEnded(false);
  }, [signedIn]);
  useEffect(() => {
    // The press that met the ended session is gone with the list: the sentence takes the focus.
    if (ended) endedLine.current?.focus();
  }, [ended]);

  const other = otherLanguage(language);
  return (
    <main lang={language} className="mx-auto min-h-screen max-w-5xl bg-paper p-5 [overflow-wrap:anywhere]">
      <header className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-brand-900">{text.title}</h1>
        <a
          className="text-sm font-semibold text-brand-800 underline"
          href={`${LANGUAGE_PAGES[other].path}team/`}
          hrefLang={other}
          lang={other}
        >
          {text.otherLanguage}
        </a>
      </header>
      <p className="mt-2 max-w-3xl text-ink-soft">{text.intro}</p>
      {session.status === 'unconfigured' ? (
        <p role="alert" className="mt-6 font-semibold text-red-700">
          {text.noBackend}
        </p>
      ) : null}
      <p ref={endedLine} role="alert" tabIndex={-1} className={`font-semibold text-red-700 ${ended && !signedIn ? 'mt-4' : ''}`}>
        {ended && !signedIn ? text.expired : ''}
      </p>
      <StaffSignIn session={session} text={text.signIn} />
      {signedIn ? <TeamInbox inbox={inbox} text={text} /> : null}
    </main>
  );
}
