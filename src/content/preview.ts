// The editors' preview (/preview/) and its editor page (/preview/edit/): their texts, the refusals
// the database gives a link (supabase/migrations/20261125002000_preview_links.sql), and how a link
// carries its token. Only the preview's pages import this file, so none of it reaches `/`.
import type { PageListKey } from './model';
import type { PageItem } from './types';

/** Why the database refused a link: its SQLSTATE, which PostgREST returns as `code`. */
export const REFUSALS = { PT401: 'invalid', PT403: 'revoked', PT410: 'expired' } as const;

export type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS];

export function refusalOf(code: unknown): Refusal | null {
  return typeof code === 'string' && code in REFUSALS ? REFUSALS[code as keyof typeof REFUSALS] : null;
}

/** The token of a link's fragment (`#token=…`), or null. */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}

export const previewPath = (token: string) => `/preview/#token=${encodeURIComponent(token)}`;
export const editorPath = (token: string) => `/preview/edit/#token=${encodeURIComponent(token)}`;

/** What a move in the editor's list of pending moves calls an item. */
export function itemLabel(list: PageListKey, item: PageItem | undefined): string {
  if (!item) return '';
  return list === 'coverage' ? (item as PageItem<'coverage'>).name : (item as PageItem<'timeline'>).title;
}

export const LIST_NAMES: Record<PageListKey, string> = {
  coverage: 'Coverage',
  timeline: 'Timeline',
  adasorter: 'AdaSorter cards',
  worker: 'Worker cards',
};

/** How far the live site is behind: the save it shows (null when the database no longer knows) and the edits after it. */
const shows = (savedAt: string | null, edits: number) =>
  `shows the content of ${savedAt ?? 'an earlier save'}; ${edits} ${edits === 1 ? 'edit' : 'edits'} since`;

/** The live state's sentences (components/LiveLine.tsx): the preview's, and the editing page's in each language. */
export interface LiveText {
  /** How times are written: the page's locale. */
  locale: string;
  live: string;
  pending: (savedAt: string | null, edits: number) => string;
  stale: string;
  staleDetail: (savedAt: string | null, edits: number) => string;
}

export const LIVE_TEXT: LiveText = {
  locale: 'en-GB',
  live: 'Live: the site shows every saved edit',
  pending: (savedAt, edits) => `Waiting for the build: the site ${shows(savedAt, edits)}`,
  stale: "The last build may have failed: look at your host's deploys",
  staleDetail: (savedAt, edits) => `The site ${shows(savedAt, edits)}`,
};

export const PREVIEW_TEXT = {
  title: 'Preview',
  editorTitle: 'Arrange and save',
  banner: 'Preview: the page as the next build will show it, drafts included. Visitors do not see this page.',
  validUntil: (date: string) => `This link works until ${date}.`,
  live: LIVE_TEXT,
  draft: 'Draft',
  draftHint: 'Draft: switched off, visitors do not see it',
  leftOut: (count: number) =>
    `${count} ${count === 1 ? 'row is' : 'rows are'} left out, as the build would leave ${count === 1 ? 'it' : 'them'} out:`,
  loading: 'Loading the preview…',
  noBackend:
    'This site was built without backend settings (GATSBY_SUPABASE_URL, GATSBY_SUPABASE_ANON_KEY), so there is nothing to preview.',
  noToken: 'This address has no preview token. Open the whole link you were given (it ends in #token=…).',
  refused: {
    invalid: 'This preview link is not valid. Check that you opened the whole link, or ask for a new one.',
    revoked: 'This preview link was revoked. Ask for a new one.',
    expired: 'This preview link has expired. Ask for a new one.',
  } satisfies Record<Refusal, string>,
  failed: 'The preview could not be loaded. Try again in a moment.',
  retry: 'Try again',
  arrange: 'Arrange',
  arrangeHint:
    'Drag an item, or focus it and press Space or Enter to pick it up, the arrow keys to move it, Space to drop it and Escape to cancel. Ctrl+Z undoes, Ctrl+Y redoes.',
  undo: 'Undo',
  redo: 'Redo',
  openEditor: 'Save the order in the editor',
  handle: (label: string) => `Move ${label}`,
  announcements: {
    pickedUp: (label: string, position: number, total: number) => `Picked up ${label}, position ${position} of ${total}.`,
    movedTo: (label: string, position: number, total: number) => `${label} is now at position ${position} of ${total}.`,
    dropped: (label: string, position: number, total: number) => `Dropped ${label} at position ${position} of ${total}.`,
    cancelled: (label: string) => `Moving ${label} was cancelled; it is back in its place.`,
    undone: (label: string, position: number) => `Undone: ${label} is back at position ${position}.`,
    redone: (label: string, position: number) => `Redone: ${label} is at position ${position} again.`,
  },
  editor: {
    intro: 'Arrange the lists in the preview below. Your moves are listed here until you save them or discard them.',
    pending: 'Moves not saved yet',
    none: 'No moves yet.',
    move: (list: string, label: string, from: number, to: number) => `${list}: ${label}, from ${from} to ${to}`,
    save: 'Save order',
    discard: 'Discard',
    saving: (list: string, done: number, total: number) => `Saving ${list} (${done} of ${total})…`,
    saved: 'Saved. The site rebuilds about a minute after the last change.',
    saveFailed: (list: string, message: string) => `Saving ${list} failed: ${message}. Your moves are kept; try again.`,
    frameTitle: 'Preview of the page',
  },
} as const;
