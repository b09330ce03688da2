// The team's search by mailbox: the address as a person's export and erasure compare it. What is not
// an address gets a sentence and leaves the list as it was; once searched, one button shows every
// inquiry again.
import React, { useId, useState } from 'react';
import type { TeamText } from '../content/team';
import type { TeamInbox } from '../hooks/useTeamInbox';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_INPUT } from './staff-styles';

export interface TeamSearchProps {
  inbox: Pick<TeamInbox, 'view' | 'search' | 'searchProblem' | 'showFilter'>;
  text: TeamText;
}

export function TeamSearch({ inbox, text }: TeamSearchProps) {
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const problem = inbox.searchProblem;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    await inbox.search(typed);
    setBusy(false);
  };

  return (
    // noValidate: the sentence below says what is wrong, in the page's language, not the browser's bubble.
    <form role="search" noValidate onSubmit={(event) => void submit(event)} className="mt-6 flex flex-wrap items-end gap-3">
      <label htmlFor={`${ids}-mailbox`} className="min-w-0 grow basis-64 text-sm font-semibold">
        {text.search.label}
        <input
          id={`${ids}-mailbox`}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={`${ids}-problem`}
          className={TEXT_INPUT}
        />
      </label>
      <button type="submit" className={PRIMARY_BUTTON} aria-busy={busy}>
        {text.search.button}
      </button>
      {'mailbox' in inbox.view ? (
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() => {
            setTyped('');
            inbox.showFilter('open');
          }}
        >
          {text.search.clear}
        </button>
      ) : null}
      <p id={`${ids}-problem`} role="status" className="basis-full text-sm font-semibold text-red-700">
        {problem ?? ''}
      </p>
    </form>
  );
}
