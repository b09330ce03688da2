import { PostgrestClient } from '@supabase/postgrest-js';
import type { Driver } from './drivers';
import { ERROR_CODES, SourceFailure, type ErrorCode } from './errors';
import { describeQuery, projectUrl, restBase } from './model';
import { publishedRequest } from './query';
import { describePictureSources } from './picture-sources';
import { describeRevision } from './revision';

export interface RemoteSettings {
  url: string;
  anonKey: string;
  /**
   * postgrest-js retries network errors and 503/520 three times (1 s, 2 s, 4 s), which rides out
   * a backend restarting while a build hook fires. Tests of the failure messages turn it off.
   */
  retry?: boolean;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Reads through PostgREST with postgrest-js, the query builder inside supabase-js: a build needs none of its other parts. */
export function remoteDriver(settings: RemoteSettings): Driver {
  const label = projectUrl(settings.url);
  const client = new PostgrestClient(restBase(settings.url), {
    headers: { apikey: settings.anonKey, Authorization: `Bearer ${settings.anonKey}` },
    retry: settings.retry ?? true,
    timeout: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });

  return {
    label,
    async read(spec, filter) {
      return answer({ url: label, table: describeQuery(spec, filter) }, await publishedRequest(client, spec, filter));
    },
    async revision(spec) {
      // A GET, as the browser asks (PostgREST serves a stable function to GET); the key in the
      // headers here, like the list reads: the build has no preflight to save.
      const source = { url: label, table: describeRevision(spec) };
      return answer(source, await client.rpc(spec.function, {}, { get: true }), ERROR_CODES.BadRevision);
    },
    async pictureSources(name) {
      const source = { url: label, table: describePictureSources(name) };
      return answer(source, await client.rpc(name, {}, { get: true }), ERROR_CODES.BadPictureSources);
    },
    async close() {},
  };
}

interface PostgrestAnswer {
  data: unknown;
  error: PostgrestErrorLike | null;
  status: number;
}

/** The body of a successful answer; any other answer as the failure that names it. */
function answer(
  source: { url: string; table: string },
  { data, error, status }: PostgrestAnswer,
  badBody: ErrorCode = ERROR_CODES.BadBody,
): unknown {
  if (status === 0) {
    throw new SourceFailure(ERROR_CODES.BackendUnreachable, {
      ...source,
      detail: fetchFailure(error),
    });
  }
  if (status === 401 || status === 403) {
    throw new SourceFailure(ERROR_CODES.KeyRejected, { ...source, status, detail: errorText(error) });
  }
  if (status < 200 || status >= 300) {
    throw new SourceFailure(ERROR_CODES.HttpError, { ...source, status, detail: errorText(error) });
  }
  // postgrest-js reports a 2xx body that is not JSON as an error holding the raw body.
  if (error) {
    throw new SourceFailure(badBody, {
      ...source,
      detail: `the body is not JSON: ${clip(error.message ?? '')}`,
    });
  }
  return data;
}

interface PostgrestErrorLike {
  message?: string;
  details?: string | null;
  hint?: string | null;
  code?: string;
}

/** postgrest-js puts the network cause ("connect ECONNREFUSED …", "getaddrinfo ENOTFOUND …") in details. */
function fetchFailure(error: PostgrestErrorLike | null): string {
  const cause = error?.details?.split('\n').find((line) => line.startsWith('Caused by: '));
  if (cause) return clip(cause.slice('Caused by: '.length));
  if (error?.hint) return clip(`${error.message ?? ''} (${error.hint})`);
  return clip(error?.message ?? 'no response');
}

function errorText(error: PostgrestErrorLike | null): string {
  if (!error) return 'no error body';
  const parts = [error.code ? `[${error.code}]` : '', error.message ?? '', error.hint ? `(${error.hint})` : ''];
  return clip(parts.filter(Boolean).join(' ') || 'no error body');
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 297)}...` : oneLine;
}
