// Whether the live site shows every saved edit: what the database's preview_live_state (behind a
// preview link) and editor_live_state (for a signed-in editor) answer, in the page's terms.
import { BackendCallFailed } from './backend-call';

/** Whether the live site shows every saved edit (the database's preview_live_state, editor_live_state). */
export interface LiveState {
  state: 'live' | 'pending' | 'stale';
  /** How many edits the live site does not show yet. */
  editsSince: number;
  /** When the content the live site shows was saved; null when the database no longer knows. */
  liveSavedAt: string | null;
}

const LIVE_STATES: ReadonlySet<string> = new Set(['live', 'pending', 'stale']);

/** The live state in a database function's answer; throws when it holds none. */
export function liveStateOf(name: string, answer: unknown): LiveState {
  const body = answer as { state?: unknown; edits_since?: unknown; live_saved_at?: unknown } | null;
  const state = typeof body?.state === 'string' && LIVE_STATES.has(body.state) ? (body.state as LiveState['state']) : null;
  if (!state) throw new BackendCallFailed(name, 200, 'no state in the answer');
  return {
    state,
    editsSince: Number(body?.edits_since ?? 0),
    liveSavedAt: typeof body?.live_saved_at === 'string' ? body.live_saved_at : null,
  };
}
