import React from 'react';
import { PREVIEW_TEXT } from '../content/preview';
import type { LiveState } from '../lib/live-state';
import { localTime } from '../lib/local-time';
import { LiveLine } from './LiveLine';

interface PreviewBannerProps {
  /** When the link stops working, as the database gave it; none before the content has loaded. */
  expiresAt?: string;
  /** Arrange mode's controls, once there is content to arrange. */
  arrange?: {
    on: boolean;
    toggle: () => void;
    undo: () => void;
    redo: () => void;
    canUndo: boolean;
    canRedo: boolean;
  };
  /** The editor page's address, offered when the preview is not already inside it. */
  editorHref?: string;
  /** What the build would say about rows it leaves out or values it does not know. */
  warnings?: readonly string[];
  /** The last undo or redo, for screen readers. */
  announcement?: string;
  /** Whether the live site shows every saved edit; none until known. */
  live?: LiveState | null;
}

const BUTTON =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-bold transition-[color,background-color] disabled:cursor-not-allowed disabled:opacity-40';

// Stays at the top while the editor scrolls: a preview must never be mistaken for the live page.
export function PreviewBanner({ expiresAt, arrange, editorHref, warnings = [], announcement = '', live }: PreviewBannerProps) {
  return (
    <div
      role="region"
      aria-label={PREVIEW_TEXT.title}
      data-live-state={live?.state}
      className="sticky top-0 z-40 bg-accent-400 text-brand-950 shadow-soft"
    >
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
        <p className="min-w-0 flex-1 basis-72 text-sm font-semibold">
          {PREVIEW_TEXT.banner}
          {expiresAt && (
            <span className="block font-medium">{PREVIEW_TEXT.validUntil(localTime(expiresAt, PREVIEW_TEXT.live.locale))}</span>
          )}
          {live && (
            <span role="status" className="block">
              <LiveLine live={live} text={PREVIEW_TEXT.live} />
            </span>
          )}
        </p>
        {arrange && (
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              aria-pressed={arrange.on}
              onClick={arrange.toggle}
              className={`${BUTTON} ${arrange.on ? 'bg-brand-950 text-white' : 'bg-white/70 hover:bg-white'}`}
            >
              {PREVIEW_TEXT.arrange}
            </button>
            {(
              [
                [PREVIEW_TEXT.undo, arrange.undo, arrange.canUndo],
                [PREVIEW_TEXT.redo, arrange.redo, arrange.canRedo],
              ] as const
            ).map(([label, onClick, enabled]) => (
              <button
                key={label}
                type="button"
                onClick={onClick}
                disabled={!enabled}
                className={`${BUTTON} bg-white/70 enabled:hover:bg-white`}
              >
                {label}
              </button>
            ))}
            {editorHref && (
              <a href={editorHref} className={`${BUTTON} underline underline-offset-4 hover:bg-white/40`}>
                {PREVIEW_TEXT.openEditor}
              </a>
            )}
          </div>
        )}
      </div>
      {arrange?.on && <p className="container-page pb-3 text-sm">{PREVIEW_TEXT.arrangeHint}</p>}
      {warnings.length > 0 && (
        <details className="container-page pb-3 text-sm">
          <summary className="cursor-pointer font-semibold">{PREVIEW_TEXT.leftOut(warnings.length)}</summary>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </details>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
