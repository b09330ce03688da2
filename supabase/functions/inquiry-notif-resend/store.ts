import { PostgrestClient } from '@supabase/postgrest-js';

export type InquiryType = 'contact' | 'investor';

/** A contact_submissions row as PostgREST returns it (timestamps as ISO 8601 text). */
export interface SubmissionRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  type: InquiryType;
  created_at: string;
  notified_at: string | null;
}

/**
 * The function's only access to the database. Claiming is the guard against duplicate emails, so
 * every implementation must make it a single conditional write: of any number of concurrent claims
 * on one row, exactly one gets the row back.
 */
export interface SubmissionStore {
  load(id: string): Promise<SubmissionRow | null>;
  /** Sets notified_at = at where it is still null; the row when this call won it, else null. */
  claim(id: string, at: Date): Promise<SubmissionRow | null>;
  /** Clears notified_at so a later call may send; used only after the email failed. */
  release(id: string): Promise<void>;
}

/**
 * A failed database call. It keeps only PostgREST's error code: PostgreSQL's messages can quote
 * the values involved, and logs must never carry the visitor's text.
 */
export class StoreError extends Error {
  readonly code: string;
  constructor(readonly operation: 'load' | 'claim' | 'release', code: string) {
    // postgrest-js reports a network failure with an empty code.
    const known = code || 'network';
    super(`contact_submissions ${operation} failed (${known})`);
    this.name = 'StoreError';
    this.code = known;
  }
}

export const SUBMISSION_COLUMNS = 'id,name,email,company,message,type,created_at,notified_at';

/**
 * The production store: PostgREST with the service-role key, which bypasses row-level security
 * (anon may only insert submissions, never read them back). postgrest-js is the query builder
 * that supabase-js wraps; the function needs nothing else of supabase-js.
 */
export function createPostgrestStore(supabaseUrl: string, serviceRoleKey: string): SubmissionStore {
  const client = new PostgrestClient(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
  });
  const table = () => client.from('contact_submissions');

  return {
    async load(id) {
      const { data, error } = await table().select(SUBMISSION_COLUMNS).eq('id', id).maybeSingle();
      if (error) throw new StoreError('load', error.code);
      return data as SubmissionRow | null;
    },
    async claim(id, at) {
      // The `notified_at is null` filter makes the UPDATE its own lock: PostgreSQL re-checks it
      // after waiting for a concurrent claim to commit, so the loser matches no row.
      const { data, error } = await table()
        .update({ notified_at: at.toISOString() })
        .eq('id', id)
        .is('notified_at', null)
        .select(SUBMISSION_COLUMNS);
      if (error) throw new StoreError('claim', error.code);
      return (data as SubmissionRow[])[0] ?? null;
    },
    async release(id) {
      const { error } = await table().update({ notified_at: null }).eq('id', id);
      if (error) throw new StoreError('release', error.code);
    },
  };
}
