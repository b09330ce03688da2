// The editing page's backend calls, on the staff client (./staff-auth, which also signs the editor
// in): the rows of one content table, a save that names the row_version the editor opened (the
// database refuses a stale one with PT409), a new row, a deletion, a photo uploaded to the
// site-pictures bucket, and whether the live site shows the saves. The database decides what an
// editor may do (supabase/migrations/20261127000300_editors.sql); this file only tells its answers apart.
import type { SupabaseClient } from '@supabase/supabase-js';
import { PICTURES_BUCKET, photoProblem, selectOf, type EditRow, type EditedTable, type PhotoProblem } from '../content/editing';
import { liveStateOf, type LiveState } from './live-state';

/** Why a write did not happen, in the words the page explains. */
export type Refusal = 'conflict' | 'expired' | 'refused' | PhotoProblem;

export class EditRefused extends Error {
  constructor(
    readonly refusal: Refusal | 'failed',
    detail: string,
  ) {
    super(detail);
  }
}

interface PostgrestFailure {
  code?: string;
  message?: string;
}

/** What a refused call means for the editor (the page words each refusal in its language). */
export function refusalOf(error: PostgrestFailure, status: number): EditRefused {
  if (error.code === 'PT409' || status === 409) return new EditRefused('conflict', error.message ?? 'conflict');
  if (error.code === 'PGRST303' || error.code === 'PGRST301' || status === 401)
    return new EditRefused('expired', error.message ?? 'expired');
  if (error.code === '42501' || status === 403) return new EditRefused('refused', error.message ?? 'refused');
  return new EditRefused('failed', error.message || error.code || `HTTP ${status}`);
}

export interface EditorApi {
  rows(table: EditedTable): Promise<EditRow[]>;
  row(table: EditedTable, id: EditRow['id']): Promise<EditRow | null>;
  /** Saves `fields` over the row opened at `version`; the row as saved. */
  save(table: EditedTable, id: EditRow['id'], version: number, fields: Record<string, unknown>): Promise<EditRow>;
  add(table: EditedTable, fields: Record<string, unknown>): Promise<EditRow>;
  remove(table: EditedTable, id: EditRow['id']): Promise<void>;
  /** Uploads a photo to the site pictures; its public address. */
  uploadPhoto(file: File): Promise<string>;
  /** How far the site built from `liveRevision` is behind the database (editor_live_state). */
  liveState(liveRevision: string): Promise<LiveState>;
  /** The token of a new preview link of the editor's own (editor_preview_link). */
  previewLink(): Promise<string>;
}

/** The calls, made with `client`'s session (the tab's staff client). */
export function createEditorApi(client: SupabaseClient): EditorApi {
  const one = async (query: PromiseLike<{ data: unknown; error: PostgrestFailure | null; status: number }>): Promise<EditRow> => {
    const { data, error, status } = await query;
    if (error) throw refusalOf(error, status);
    const rows = (data ?? []) as EditRow[];
    // RLS leaves a non-editor no row to change: the database's refusal, told as such.
    if (rows.length === 0) throw new EditRefused('refused', 'no row changed');
    return rows[0]!;
  };

  return {
    async rows(table) {
      const { data, error, status } = await client.from(table).select(selectOf(table)).order('order_index');
      if (error) throw refusalOf(error, status);
      return (data ?? []) as unknown as EditRow[];
    },
    async row(table, id) {
      const { data, error, status } = await client.from(table).select(selectOf(table)).eq('id', id);
      if (error) throw refusalOf(error, status);
      return ((data ?? []) as unknown as EditRow[])[0] ?? null;
    },
    save: (table, id, version, fields) =>
      one(
        client
          .from(table)
          .update({ ...fields, row_version: version })
          .eq('id', id)
          .select(selectOf(table)),
      ),
    add: (table, fields) => one(client.from(table).insert(fields).select(selectOf(table))),
    async remove(table, id) {
      const { error, status } = await client.from(table).delete().eq('id', id);
      if (error) throw refusalOf(error, status);
    },
    async uploadPhoto(file) {
      const problem = photoProblem(file);
      if (problem) throw new EditRefused(problem, problem);
      const name = `${Date.now()}-${file.name.toLowerCase().replace(/[^a-z0-9.]+/g, '-')}`;
      const { error } = await client.storage.from(PICTURES_BUCKET).upload(name, file, { contentType: file.type, upsert: false });
      if (error) {
        const status = Number((error as { statusCode?: string }).statusCode ?? 0);
        if (status === 413) throw new EditRefused('photoSize', error.message);
        if (status === 415) throw new EditRefused('photoType', error.message);
        throw refusalOf({ message: error.message }, status);
      }
      return client.storage.from(PICTURES_BUCKET).getPublicUrl(name).data.publicUrl;
    },
    async liveState(liveRevision) {
      const answer = await client.rpc('editor_live_state', { live_revision: liveRevision });
      if (answer.error) throw refusalOf(answer.error, answer.status);
      return liveStateOf('editor_live_state', answer.data as unknown);
    },
    async previewLink() {
      const answer = await client.rpc('editor_preview_link');
      if (answer.error) throw refusalOf(answer.error, answer.status);
      if (typeof answer.data !== 'string' || answer.data === '') throw new EditRefused('failed', 'no preview link');
      return answer.data;
    },
  };
}
