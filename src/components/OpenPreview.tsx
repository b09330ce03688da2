// Opens the preview (/preview/) with a link of the editor's own: drafts in place, the lists arranged
// by dragging, saves recorded under the editor's name. The link lasts 12 hours and stops working
// when the editor is removed.
import React, { useState } from 'react';
import type { EditText } from '../content/editing';
import { previewPath } from '../content/preview';
import { EditRefused, type EditorApi } from '../lib/editor-api';
import { SECONDARY_BUTTON } from './staff-styles';

export function OpenPreview({ api, text, onExpired }: { api: EditorApi; text: EditText; onExpired: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const open = () => {
    setBusy(true);
    setProblem(null);
    api.previewLink().then(
      (token) => window.location.assign(previewPath(token)),
      (error: unknown) => {
        const expired = error instanceof EditRefused && error.refusal === 'expired';
        if (expired) onExpired();
        setProblem(expired ? text.expired : text.previewFailed);
        setBusy(false);
      },
    );
  };
  return (
    <div className="mt-4">
      <button type="button" className={SECONDARY_BUTTON} onClick={open} disabled={busy} aria-busy={busy}>
        {text.openPreview}
      </button>
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
