// The editing page (/edit/, /id/edit/): the staff sign-in, then every row of the three content
// tables in both languages, whether the live site shows the saves, and the way to the preview.
import React, { useMemo } from 'react';
import { EDIT_TEXT } from '../content/editing';
import { LANGUAGE_PAGES, otherLanguage, type Language } from '../content/languages';
import { useLiveState } from '../hooks/useLiveState';
import { useStaffSession } from '../hooks/useStaffSession';
import { createEditorApi } from '../lib/editor-api';
import { EditTables } from './EditTables';
import { LiveLine } from './LiveLine';
import { OpenPreview } from './OpenPreview';
import { StaffSignIn } from './StaffSignIn';

export function EditPage({ language }: { language: Language }) {
  const text = EDIT_TEXT[language];
  const session = useStaffSession();
  const signedIn = session.status === 'signedIn';
  const api = useMemo(() => (session.client ? createEditorApi(session.client) : null), [session.client]);

  // Asked only while signed in: the database answers editors alone.
  const readLive = useMemo(() => (api && signedIn ? (revision: string) => api.liveState(revision) : null), [api, signedIn]);
  const live = useLiveState(readLive);

  const other = otherLanguage(language);
  return (
    <main lang={language} className="mx-auto min-h-screen max-w-4xl bg-paper p-5">
      <header className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-extrabold text-brand-900">{text.title}</h1>
        <a
          className="text-sm font-semibold text-brand-800 underline"
          href={`${LANGUAGE_PAGES[other].path}edit/`}
          hrefLang={other}
          lang={other}
        >
          {text.otherLanguage}
        </a>
      </header>
      <p className="mt-2 text-ink-soft">{text.intro}</p>
      {session.status === 'unconfigured' ? (
        <p role="alert" className="mt-6 font-semibold text-red-700">
          {text.noBackend}
        </p>
      ) : null}
      <StaffSignIn session={session} text={text.signIn} />
      {live ? (
        <p role="status" className="mt-4 text-sm" data-live-state={live.state}>
          <LiveLine live={live} text={text.live} />
        </p>
      ) : null}
      {api && signedIn ? <OpenPreview api={api} text={text} onExpired={session.expired} /> : null}
      {api ? <EditTables api={api} text={text} signedIn={signedIn} onExpired={session.expired} /> : null}
      {signedIn ? null : <p className="mt-8 text-sm text-ink-soft">{text.preview}</p>}
    </main>
  );
}
