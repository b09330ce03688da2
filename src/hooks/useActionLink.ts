// The /act/ page's state: the link read once the page runs in the browser (the token is in the
// fragment, which no server sees), then at most one press at a time. Reading never acts.
import { useCallback, useEffect, useState } from 'react';
import { BackendCallFailed } from '../lib/backend-call';
import { backendSettings } from '../lib/backend';
import { actionToken, lookUpAction, pressAction, type ActionLinkView, type PressOutcome } from '../lib/action-api';

export type ActionLinkState =
  | { status: 'loading' | 'no-backend' | 'invalid' | 'unreachable' }
  | { status: 'ready'; token: string; view: ActionLinkView; pressing: boolean; result: PressOutcome | null };

export function useActionLink(): { state: ActionLinkState; reload: () => void; press: () => void } {
  const [state, setState] = useState<ActionLinkState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);

  useEffect(() => {
    const settings = backendSettings();
    const token = actionToken(window.location.hash);
    if (!settings || !token) {
      setState({ status: settings ? 'invalid' : 'no-backend' });
      return;
    }
    let active = true;
    setState({ status: 'loading' });
    lookUpAction(settings, token).then(
      (view) => active && setState(view ? { status: 'ready', token, view, pressing: false, result: null } : { status: 'invalid' }),
      (error: unknown) => {
        if (!active) return;
        if (!(error instanceof BackendCallFailed)) console.error('Action link failed:', error);
        setState({ status: 'unreachable' });
      },
    );
    return () => {
      active = false;
    };
  }, [round]);

  const press = useCallback(() => {
    const settings = backendSettings();
    if (state.status !== 'ready' || state.pressing || !settings) return;
    const { token, view } = state;
    setState({ ...state, pressing: true });
    void pressAction(settings, token, view.action).then((result) => setState({ status: 'ready', token, view, pressing: false, result }));
  }, [state]);

  return { state, reload, press };
}
