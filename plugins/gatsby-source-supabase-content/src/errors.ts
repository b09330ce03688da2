import type { Reporter } from 'gatsby';

type ErrorMapEntry = Parameters<Reporter['setErrorMap']>[0][string];

// Gatsby prefixes these ids with the plugin name (`gatsby-source-supabase-content_10001`), both when
// the map is registered and when an error is reported through the plugin's reporter.
export const ERROR_CODES = {
  BackendUnreachable: '10001',
  KeyRejected: '10002',
  HttpError: '10003',
  BadBody: '10004',
  EmbeddedFailed: '10006',
  BackendRequired: '10007',
  BadRevision: '10008',
  BadPictureSources: '10009',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface SourceErrorContext {
  /** Where the rows came from: the backend URL, or the embedded database's label. */
  url: string;
  /** The table (and filter) being read when it failed. */
  table: string;
  detail: string;
  status?: number;
}

/** A failure the site's owner can act on; it fails the build with the registered message. */
export class SourceFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly context: SourceErrorContext,
  ) {
    super(ERROR_TEXT[code](context));
    this.name = 'SourceFailure';
  }
}

const ERROR_TEXT: Record<ErrorCode, (context: SourceErrorContext) => string> = {
  [ERROR_CODES.BackendUnreachable]: ({ url, table, detail }) =>
    `Could not reach the Supabase backend at ${url} while reading ${table}: ${detail}. ` +
    `Check GATSBY_SUPABASE_URL and that the project is up.`,
  [ERROR_CODES.KeyRejected]: ({ url, table, detail, status }) =>
    `The Supabase backend at ${url} rejected the anon key (HTTP ${status}) while reading ${table}: ${detail}. ` +
    `Check GATSBY_SUPABASE_ANON_KEY.`,
  [ERROR_CODES.HttpError]: ({ url, table, detail, status }) =>
    `The Supabase backend at ${url} answered HTTP ${status} while reading ${table}: ${detail}`,
  [ERROR_CODES.BadBody]: ({ url, table, detail }) =>
    `The Supabase backend at ${url} did not return a JSON array of rows for ${table}: ${detail}`,
  [ERROR_CODES.EmbeddedFailed]: ({ url, table, detail }) => `The embedded database (${url}) failed while reading ${table}: ${detail}`,
  [ERROR_CODES.BackendRequired]: ({ detail }) => detail,
  [ERROR_CODES.BadRevision]: ({ url, table, detail }) => `${url} did not return ${table}: ${detail}`,
  [ERROR_CODES.BadPictureSources]: ({ url, table, detail }) => `${url} did not return ${table}: ${detail}`,
};

export const ERROR_MAP: Record<string, ErrorMapEntry> = Object.fromEntries(
  Object.entries(ERROR_TEXT).map(([code, text]): [string, ErrorMapEntry] => [
    code,
    {
      text: (context: SourceErrorContext) => text(context),
      level: 'ERROR',
      // Every failure here is fixed by the site's owner (settings, backend, data), not in Gatsby.
      category: 'USER',
    },
  ]),
);
