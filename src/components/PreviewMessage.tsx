import React from 'react';
import { PREVIEW_TEXT, type Refusal } from '../content/preview';

export type PreviewProblem = 'loading' | 'no-backend' | 'no-token' | 'failed' | Refusal;

const TEXT: Record<PreviewProblem, string> = {
  loading: PREVIEW_TEXT.loading,
  'no-backend': PREVIEW_TEXT.noBackend,
  'no-token': PREVIEW_TEXT.noToken,
  failed: PREVIEW_TEXT.failed,
  ...PREVIEW_TEXT.refused,
};

// What the preview and the editor page show instead of the page: loading, or why there is nothing.
export function PreviewMessage({ problem, onRetry }: { problem: PreviewProblem; onRetry?: () => void }) {
  const loading = problem === 'loading';
  return (
    <main className="container-page grid min-h-[60vh] place-items-center py-16">
      <div
        role={loading ? 'status' : 'alert'}
        data-problem={problem}
        className="max-w-xl rounded-3xl bg-white p-8 text-center text-lg font-semibold text-ink shadow-soft ring-1 ring-ink/5"
      >
        <p>{TEXT[problem]}</p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="mt-6 min-h-11 rounded-full bg-brand-700 px-5 text-base font-bold text-white hover:bg-brand-800"
          >
            {PREVIEW_TEXT.retry}
          </button>
        )}
      </div>
    </main>
  );
}
