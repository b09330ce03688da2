// The backend calls the browser makes (spec §7 calls 1-6), on supabase-js. Loaded only through
// ./backend (a separate chunk, never in the page's first-load JavaScript).
import { PostgrestClient } from '@supabase/postgrest-js';
import { createClient, type FunctionsError } from '@supabase/supabase-js';
import { describeQuery, normalizeRows, publishedRequest } from 'gatsby-source-supabase-content/browser';
import { PAGE_LISTS } from '../content/model';
import type { InquiryType } from '../content/types';
import type { BackendSettings } from './backend';
import type { LiveItems, LiveListKey } from './live-content';

export const SUBMISSIONS_TABLE = 'contact_submissions';
export const NOTIFY_FUNCTION = 'inquiry-notif-resend';

// A request that hangs must not keep the visitor on "Sending..." nor the refresh pending forever.
const DB_TIMEOUT_MS = 20_000;
const NOTIFY_TIMEOUT_MS = 8_000;

/** One contact_submissions row as the browser stores it (and sends it to the notify function). */
export interface SubmissionRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  type: InquiryType;
}

export interface LiveRows<K extends LiveListKey> {
  items: LiveItems[K][];
  /** Values the site does not know yet (kept; the page falls back), as the build reports them. */
  warnings: string[];
}

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

export interface Backend {
  /** Calls 1-3: one list of the page, the active rows in order, checked as the build checks them. */
  readList<K extends LiveListKey>(key: K): Promise<LiveRows<K>>;
  /** Call 4: the connection test, a head-only count of submissions with limit 1. */
  testConnection(): Promise<ConnectionTestResult>;
  /** Call 5: stores one inquiry without reading it back; throws when it was not stored. */
  insertSubmission(row: SubmissionRow): Promise<void>;
  /**
   * Call 6: asks the notify function to email the team about a stored inquiry, with the Turnstile
   * token where there is one. Never throws.
   */
  notifyTeam(row: SubmissionRow, turnstileToken?: string): Promise<NotifyResult>;
}

/** A call the backend refused or never answered. */
export class BackendCallFailed extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${call}: ${status === 0 ? 'no answer' : `HTTP ${status}`}${detail ? `: ${detail}` : ''}`);
    this.name = 'BackendCallFailed';
  }
}

export function createBackend(settings: BackendSettings): Backend {
  const url = settings.url.replace(/\/+$/, '');
  // The page's lists are read exactly as the build read them: the source plugin's query builder
  // on postgrest-js, then its normalisation (ids of any type as strings, empty values as null).
  const rest = new PostgrestClient(`${url}/rest/v1`, {
    headers: { apikey: settings.anonKey, Authorization: `Bearer ${settings.anonKey}` },
    schema: 'public',
    timeout: DB_TIMEOUT_MS,
  });
  const client = createClient(settings.url, settings.anonKey, {
    // The site never signs anyone in: no session to keep, refresh or pick up from the URL (whose
    // hash, #investor-deck, belongs to the page).
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { timeout: DB_TIMEOUT_MS },
  });

  return {
    async readList(key) {
      const { spec, filter } = PAGE_LISTS[key];
      const table = describeQuery(spec, filter);
      const { data, error, status } = await publishedRequest(rest, spec, filter);
      if (error) throw new BackendCallFailed(`read ${table}`, status, error.message);
      const { rows, warnings } = normalizeRows(spec, data, table);
      // normalizeRows gives each row its id and exactly the model's columns, the fields of the
      // page's item types (which derive from the same model).
      return { items: rows as unknown as LiveItems[typeof key][], warnings };
    },

    async testConnection() {
      const { count, error, status } = await client.from(SUBMISSIONS_TABLE).select('id', { count: 'exact', head: true }).limit(1);
      return { status, count, error: error ? error.message || error.code || 'error' : null };
    },

    async insertSubmission(row) {
      // return=minimal: nothing is read back (docs/architecture.md), so visitors need no right to see a row.
      const { error, status } = await client.from(SUBMISSIONS_TABLE).insert(row).setHeader('Prefer', 'return=minimal');
      if (error) throw new BackendCallFailed(`insert into ${SUBMISSIONS_TABLE}`, status, error.message);
    },

    async notifyTeam(row, turnstileToken) {
      const result = await client.functions.invoke<unknown>(NOTIFY_FUNCTION, {
        body: turnstileToken ? { ...row, turnstileToken } : row,
        timeout: NOTIFY_TIMEOUT_MS,
      });
      const { data, response } = result;
      const status = response?.status ?? null;
      if (!result.error) return { ok: true, status, detail: data };
      // functions-js types its error as any; what it returns there is always one of its FunctionsError classes.
      const error = result.error as FunctionsError;
      // The function names its reason in a JSON { error } body; keep it for the log.
      const detail = response ? await response.text().catch(() => error.message) : error.message;
      return { ok: false, status, detail };
    },
  };
}
