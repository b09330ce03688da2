// The preview's two calls to the database functions of its link (POST /rest/v1/rpc/<name> with the
// anon key): preview_content reads every row, drafts included; arrange_content writes one list's
// order. The rows are normalised exactly as the build normalises them, so the preview shows each
// list as the next build will, with the drafts in their places.
import { describeQuery, normalizeRows, restBase } from 'gatsby-source-supabase-content/browser';
import { readyList, type PageLists } from '../content/lists';
import { PAGE_LISTS, PAGE_LIST_KEYS, type PageListKey } from '../content/model';
import { refusalOf, type Refusal } from '../content/preview';
import type { PageItem } from '../content/types';
import { BackendCallFailed, DB_TIMEOUT_MS, type BackendSettings } from './backend-call';
import { liveStateOf, type LiveState } from './live-state';

/** The database refused the link: invalid, revoked or expired. */
export class PreviewRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`preview link ${refusal}`);
    this.name = 'PreviewRefused';
  }
}

export interface PreviewContent {
  lists: PageLists;
  /** Ids of the rows that are switched off (is_active not true), in every list. */
  drafts: ReadonlySet<string>;
  /** Per list, the ids of rows the build would leave out (no title, ...): saved after the shown ones. */
  leftOut: Readonly<Record<PageListKey, readonly string[]>>;
  /** What the build would say about those rows and about values it does not know. */
  warnings: string[];
  expiresAt: string;
  label: string | null;
  /** False for a link made with --read-only: it previews, and the database refuses its saves. */
  canArrange: boolean;
}

type RawRow = Record<string, unknown>;

async function rpc(settings: BackendSettings, name: string, body: Record<string, unknown>): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${restBase(settings.url)}/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: settings.anonKey, Authorization: `Bearer ${settings.anonKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(DB_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BackendCallFailed(name, 0, error instanceof Error ? error.message : String(error));
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (response.ok) return parsed;
  const error = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as { code?: unknown; message?: unknown };
  const refusal = refusalOf(error.code);
  if (refusal) throw new PreviewRefused(refusal);
  throw new BackendCallFailed(name, response.status, typeof error.message === 'string' ? error.message : text.slice(0, 200));
}

/** A raw row's id as the page names it (bigint ids arrive as JSON numbers). */
const rawId = (row: RawRow): string => String(row.id);

export async function readPreview(settings: BackendSettings, token: string): Promise<PreviewContent> {
  const body = (await rpc(settings, 'preview_content', { token })) as {
    lists?: Record<string, unknown>;
    expires_at?: string;
    label?: string | null;
    can_arrange?: boolean;
  } | null;
  const lists = {} as Record<PageListKey, unknown>;
  const leftOut = {} as Record<PageListKey, string[]>;
  const drafts = new Set<string>();
  const warnings: string[] = [];
  for (const key of PAGE_LIST_KEYS) {
    const raw = body?.lists?.[key];
    if (!Array.isArray(raw)) throw new BackendCallFailed('preview_content', 200, `no ${key} list in the answer`);
    const rows = raw.filter((row): row is RawRow => typeof row === 'object' && row !== null);
    for (const row of rows) if (row.is_active !== true) drafts.add(rawId(row));
    const { spec, filter } = PAGE_LISTS[key];
    // Without the active flag, normalizeRows keeps the drafts and orders them as it orders the rest.
    const normalized = normalizeRows(
      spec,
      rows.map(({ is_active: _active, ...row }) => row),
      describeQuery(spec, filter),
    );
    const shown = new Set(normalized.rows.map((row) => row.id));
    leftOut[key] = rows.map(rawId).filter((id) => !shown.has(id));
    warnings.push(...normalized.warnings);
    lists[key] = readyList(normalized.rows as unknown as PageItem<typeof key>[]);
  }
  return {
    lists: lists as PageLists,
    drafts,
    leftOut,
    warnings,
    expiresAt: body?.expires_at ?? '',
    label: body?.label ?? null,
    canArrange: body?.can_arrange !== false,
  };
}

/** Writes one list's order (every id of the list, drafts and left-out rows included); how many rows moved. */
export async function saveOrder(settings: BackendSettings, token: string, list: PageListKey, ids: readonly string[]): Promise<number> {
  return Number(await rpc(settings, 'arrange_content', { token, list, ids }));
}

/** Asks the database how far the site built from `liveRevision` is behind it. */
export async function readLiveState(settings: BackendSettings, token: string, liveRevision: string): Promise<LiveState> {
  return liveStateOf('preview_live_state', await rpc(settings, 'preview_live_state', { token, live_revision: liveRevision }));
}
