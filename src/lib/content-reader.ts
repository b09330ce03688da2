// The refresh's reads (calls 1-3 of docs/behaviour.md#the-calls-the-page-makes): plain PostgREST
// GETs through postgrest-js, the query builder supabase-js wraps, and nothing else of supabase-js,
// which only the modal needs. Loaded only through ./backend (a separate chunk, fetched when the
// browser is idle after the first paint).
import { PostgrestClient } from '@supabase/postgrest-js';
import { describeQuery, normalizeRows, publishedRequest, restBase } from 'gatsby-source-supabase-content/browser';
import { PAGE_LISTS, type PageListKey } from '../content/model';
import type { PageItem } from '../content/types';
import { BackendCallFailed, DB_TIMEOUT_MS, type BackendSettings } from './backend-call';

export interface ListRows<K extends PageListKey> {
  items: PageItem<K>[];
  /** Values the site does not know yet (kept; the page falls back), as the build reports them. */
  warnings: string[];
}

export interface ContentReader {
  /** One list of the page, the active rows in order, normalised as the build normalises them. */
  readList<K extends PageListKey>(key: K): Promise<ListRows<K>>;
}

export function createContentReader(settings: BackendSettings): ContentReader {
  // The page's lists are read exactly as the build read them: the source plugin's query builder,
  // then its normalisation (ids of any type as strings, empty values as null). No retries: a list
  // that fails keeps what the page shows and is read again at the next check (./refresh).
  const rest = new PostgrestClient(restBase(settings.url), {
    headers: { apikey: settings.anonKey, Authorization: `Bearer ${settings.anonKey}` },
    schema: 'public',
    timeout: DB_TIMEOUT_MS,
    retry: false,
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
      return { items: rows as unknown as PageItem<typeof key>[], warnings };
    },
  };
}
