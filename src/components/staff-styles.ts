// The staff pages' controls (/edit/, /team/), one look for each kind. Every button is at least 44 px
// high, a pill while it holds one line (its radius half that height), a rounded box when a long word
// (an email address) breaks inside it instead of widening it past a phone's screen; a field's border
// stands out from the white card at 3:1 (WCAG's contrast for a control's edge).
const BUTTON =
  'inline-flex min-h-11 max-w-full items-center rounded-[1.375rem] px-5 py-2 text-sm font-bold [overflow-wrap:anywhere] disabled:cursor-not-allowed disabled:opacity-40';

export const PRIMARY_BUTTON = `${BUTTON} bg-brand-700 text-white enabled:hover:bg-brand-800`;
export const SECONDARY_BUTTON = `${BUTTON} bg-white text-brand-900 ring-1 ring-ink/15 enabled:hover:bg-brand-50`;
/** For what cannot be undone (the team's erasure). */
export const DANGER_BUTTON = `${BUTTON} bg-white text-red-700 ring-1 ring-red-700/40 enabled:hover:bg-red-50`;
export const TEXT_INPUT =
  'mt-1 block w-full min-w-0 rounded-lg border border-ink/50 px-3 py-2 text-base aria-[invalid=true]:border-red-700';
