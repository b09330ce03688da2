// The contact modal's backend calls (calls 4-6 of docs/behaviour.md#the-calls-the-page-makes), on
// supabase-js. Loaded only through ./backend (a separate chunk, fetched when the modal opens); the
// refresh's reads are ./content-reader.
import { createClient, type FunctionsError } from '@supabase/supabase-js';
import type { InquiryRow } from '../../supabase/functions/inquiry-notif-resend/store.ts';
import { INQUIRY_FUNCTION } from '../../supabase/paths';
import { BackendCallFailed, DB_TIMEOUT_MS, type BackendSettings } from './backend-call';

export const SUBMISSIONS_TABLE = 'contact_submissions';

const NOTIFY_TIMEOUT_MS = 8_000;

/**
 * One contact_submissions row as the browser stores it and sends it to the notify function: the
 * function's own type (erased from the bundle), so the browser cannot send a row it would refuse.
 */
export type NewInquiry = InquiryRow;

export interface ConnectionTestResult {
  status: number;
  count: number | null;
  error: string | null;
}

export interface NotifyResult {
  ok: boolean;
  /** The function's HTTP status; null when no answer arrived. */
  status: number | null;
  /** The function's answer (its JSON or text), or the error. */
  detail: unknown;
}

export interface InquiryService {
  /** Call 4: the connection test, a head-only count of submissions with limit 1. */
  testConnection(): Promise<ConnectionTestResult>;
  /** Call 5: stores one inquiry without reading it back; throws when it was not stored. */
  insertSubmission(row: NewInquiry): Promise<void>;
  /**
   * Call 6: asks the notify function to email the team about a stored inquiry, with the Turnstile
   * token where there is one. Never throws.
   */
  notifyTeam(row: NewInquiry, turnstileToken?: string): Promise<NotifyResult>;
  /**
   * Past a full overall ceiling (the insert refused with PT503): the row and the visitor's Turnstile
   * token to the notify function, which stores the row once siteverify accepts the token and emails
   * the team. Resolves with the function's answer once the row is stored; throws when it was not
   * (with the database's code where it refused).
   */
  storeVerified(row: NewInquiry, turnstileToken: string): Promise<NotifyResult>;
}

export function createInquiryService(settings: BackendSettings): InquiryService {
  const client = createClient(settings.url, settings.anonKey, {
    // The site never signs anyone in: no session to keep, refresh or pick up from the URL (whose
    // hash, #investor-deck, belongs to the page).
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { timeout: DB_TIMEOUT_MS },
  });

  return {
    async testConnection() {
      const { count, error, status } = await client.from(SUBMISSIONS_TABLE).select('id', { count: 'exact', head: true }).limit(1);
      return { status, count, error: error ? error.message || error.code || 'error' : null };
    },

    async insertSubmission(row) {
      // return=minimal: nothing is read back (docs/architecture.md), so visitors need no right to see a row.
      const { error, status } = await client.from(SUBMISSIONS_TABLE).insert(row).setHeader('Prefer', 'return=minimal');
      if (error) throw new BackendCallFailed(`insert into ${SUBMISSIONS_TABLE}`, status, error.message, error.code || null);
    },

    notifyTeam: (row, turnstileToken) => callFunction(turnstileToken ? { ...row, turnstileToken } : row),

    async storeVerified(row, turnstileToken) {
      const result = await callFunction({ ...row, turnstileToken, store: true });
      // The function says `stored: true` once the row is in the table, whatever its email did.
      const answer = (typeof result.detail === 'object' ? result.detail : parseJson(result.detail)) as {
        stored?: unknown;
        code?: unknown;
        error?: unknown;
      } | null;
      if (answer?.stored === true) return result;
      const code = typeof answer?.code === 'string' ? answer.code : null;
      throw new BackendCallFailed(
        `verified store via ${INQUIRY_FUNCTION}`,
        result.status ?? 0,
        String(answer?.error ?? result.detail),
        code,
      );
    },
  };

  async function callFunction(body: Record<string, unknown> | NewInquiry): Promise<NotifyResult> {
    const result = await client.functions.invoke<unknown>(INQUIRY_FUNCTION, { body, timeout: NOTIFY_TIMEOUT_MS });
    const { data, response } = result;
    const status = response?.status ?? null;
    if (!result.error) return { ok: true, status, detail: data };
    // functions-js types its error as any; what it returns there is always one of its FunctionsError classes.
    const error = result.error as FunctionsError;
    // The function names its reason in a JSON { error } body; keep it for the log.
    const detail = response ? await response.text().catch(() => error.message) : error.message;
    return { ok: false, status, detail };
  }
}

function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
