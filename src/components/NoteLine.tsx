// The last word on a row or a table of the editing page: a confirmation, or a problem announced at once.
import React from 'react';
import type { Note } from '../lib/edited-rows';

export function NoteLine({ note, id }: { note: Note; id?: string }) {
  return (
    <p
      id={id}
      role={note?.kind === 'problem' ? 'alert' : 'status'}
      className={`mt-3 text-sm font-semibold ${note?.kind === 'problem' ? 'text-red-700' : 'text-brand-800'}`}
    >
      {note?.text ?? ''}
    </p>
  );
}
