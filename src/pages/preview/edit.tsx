import type { HeadFC } from 'gatsby';
import React, { useMemo, useRef, useState } from 'react';
import { PreviewBanner } from '../../components/PreviewBanner';
import { PreviewHead } from '../../components/PreviewHead';
import { PreviewMessage } from '../../components/PreviewMessage';
import { ordersOf } from '../../content/arrangement';
import { LIST_NAMES, PREVIEW_TEXT, itemLabel, previewPath } from '../../content/preview';
import { useFramedMoves } from '../../hooks/useFramedMoves';
import { usePreviewContent } from '../../hooks/usePreviewContent';
import { backendSettings } from '../../lib/backend';
import { PreviewRefused, saveOrder } from '../../lib/preview-api';

type Progress = { kind: 'idle' } | { kind: 'saving'; text: string } | { kind: 'saved' } | { kind: 'failed'; text: string };

const BUTTON = 'inline-flex min-h-11 items-center rounded-full px-5 text-sm font-bold disabled:cursor-not-allowed disabled:opacity-40';

// The editor page: the preview in a frame (same origin only), the moves made there listed as they
// arrive, and Save order, which writes each changed list through arrange_content. The rebuild follows
// by itself (the content tables' triggers), a minute after the last change.
export default function PreviewEditorPage() {
  const { state, reload } = usePreviewContent();
  const frame = useRef<HTMLIFrameElement>(null);
  const [frameKey, setFrameKey] = useState(0);
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });
  const baseline = useMemo(() => (state.status === 'ready' ? ordersOf(state.content.lists) : null), [state]);
  const { moves, orders, changed, clear } = useFramedMoves(frame, baseline);

  if (state.status !== 'ready') {
    return (
      <>
        <PreviewBanner />
        <PreviewMessage
          problem={state.status === 'refused' ? state.refusal : state.status}
          onRetry={state.status === 'failed' ? reload : undefined}
        />
      </>
    );
  }

  const { token, content } = state;
  const label = (list: keyof typeof LIST_NAMES, id: string) =>
    itemLabel(
      list,
      content.lists[list].items.find((item) => item.id === id),
    );
  const saving = progress.kind === 'saving';

  const save = async () => {
    const settings = backendSettings();
    if (!settings) return;
    for (const [index, list] of changed.entries()) {
      setProgress({ kind: 'saving', text: PREVIEW_TEXT.editor.saving(LIST_NAMES[list], index + 1, changed.length) });
      try {
        await saveOrder(settings, token, list, [...orders[list], ...content.leftOut[list]]);
      } catch (error) {
        const reason =
          error instanceof PreviewRefused ? PREVIEW_TEXT.refused[error.refusal] : error instanceof Error ? error.message : String(error);
        setProgress({ kind: 'failed', text: PREVIEW_TEXT.editor.saveFailed(LIST_NAMES[list], reason) });
        return;
      }
    }
    clear();
    setProgress({ kind: 'saved' });
    reload();
    setFrameKey((key) => key + 1);
  };

  const discard = () => {
    clear();
    setProgress({ kind: 'idle' });
    setFrameKey((key) => key + 1);
  };

  return (
    <div className="min-h-screen bg-paper lg:grid lg:grid-cols-[22rem_1fr]">
      <aside
        aria-labelledby="editor-title"
        className="border-b border-ink/10 bg-white p-5 lg:sticky lg:top-0 lg:h-screen lg:overflow-y-auto lg:border-r lg:border-b-0"
      >
        <h1 id="editor-title" className="text-xl font-extrabold text-brand-900">
          {PREVIEW_TEXT.editorTitle}
        </h1>
        <p className="mt-2 text-sm text-ink-soft">{PREVIEW_TEXT.editor.intro}</p>
        <h2 className="mt-5 text-sm font-bold tracking-wide text-brand-800 uppercase">{PREVIEW_TEXT.editor.pending}</h2>
        {moves.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">{PREVIEW_TEXT.editor.none}</p>
        ) : (
          <ol
            aria-label={PREVIEW_TEXT.editor.pending}
            className="mt-2 max-h-60 list-decimal space-y-1 overflow-y-auto pl-5 text-sm lg:max-h-none"
          >
            {moves.map((move, index) => (
              <li key={index}>{PREVIEW_TEXT.editor.move(LIST_NAMES[move.list], label(move.list, move.id), move.from + 1, move.to + 1)}</li>
            ))}
          </ol>
        )}
        <div className="mt-5 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => void save()}
            disabled={changed.length === 0 || saving}
            className={`${BUTTON} bg-brand-700 text-white enabled:hover:bg-brand-800`}
          >
            {PREVIEW_TEXT.editor.save}
          </button>
          <button
            type="button"
            onClick={discard}
            disabled={moves.length === 0 || saving}
            className={`${BUTTON} bg-white text-brand-900 ring-1 ring-ink/15 enabled:hover:bg-brand-50`}
          >
            {PREVIEW_TEXT.editor.discard}
          </button>
        </div>
        <p
          role={progress.kind === 'failed' ? 'alert' : 'status'}
          className={`mt-4 text-sm font-semibold ${progress.kind === 'failed' ? 'text-red-700' : 'text-brand-800'}`}
        >
          {progress.kind === 'saving' || progress.kind === 'failed'
            ? progress.text
            : progress.kind === 'saved'
              ? PREVIEW_TEXT.editor.saved
              : ''}
        </p>
      </aside>
      <iframe
        key={frameKey}
        ref={frame}
        src={previewPath(token)}
        title={PREVIEW_TEXT.editor.frameTitle}
        className="block h-[80vh] w-full border-0 lg:h-screen"
      />
    </div>
  );
}

export const Head: HeadFC = () => <PreviewHead title={PREVIEW_TEXT.editorTitle} />;
