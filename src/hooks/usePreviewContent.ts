// The preview's content: read once the page runs in the browser (its HTML holds none of it), with
// the token from the link's fragment, which never reaches a server log or a Referer.
import { useCallback, useEffect, useState } from 'react';
import { tokenFromHash, type Refusal } from '../content/preview';
import { backendSettings } from '../lib/backend';
import { PreviewRefused, readPreview, type PreviewContent } from '../lib/preview-api';

export type PreviewState =
  | { status: 'loading' }
  | { status: 'no-backend' }
  | { status: 'no-token' }
  | { status: 'refused'; refusal: Refusal }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; token: string; content: PreviewContent };

export function usePreviewContent(): { state: PreviewState; reload: () => void } {
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);

  useEffect(() => {
    const settings = backendSettings();
    if (!settings) {
      setState({ status: 'no-backend' });
      return;
    }
    const token = tokenFromHash(window.location.hash);
    if (!token) {
      setState({ status: 'no-token' });
      return;
    }
    let active = true;
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    readPreview(settings, token).then(
      (content) => active && setState({ status: 'ready', token, content }),
      (error: unknown) => {
        if (!active) return;
        if (error instanceof PreviewRefused) setState({ status: 'refused', refusal: error.refusal });
        else {
          console.error('Preview failed:', error);
          setState({ status: 'failed', error });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [round]);

  return { state, reload };
}
