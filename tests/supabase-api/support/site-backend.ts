// Runs the site's own backend code (src/lib) in Node against the local backend, as the built page
// would in a browser: the GATSBY_* settings are what Gatsby inlines at build time.
import { startLocalBackend, type LocalBackend, type LocalBackendOptions, type LoggedRequest } from 'local-supabase';

/**
 * The local backend for the tests of the describe block (or file) it is called in: started before
 * them with the site's settings pointing at it, stopped and the settings removed after them.
 */
export function siteBackendForTheBlock(options: LocalBackendOptions = {}, { withFunction = false } = {}): () => LocalBackend {
  let backend: LocalBackend | undefined;
  beforeAll(async () => {
    backend = await startLocalBackend(options);
    process.env.GATSBY_SUPABASE_URL = backend.url;
    process.env.GATSBY_SUPABASE_ANON_KEY = backend.anonKey;
    // The page gives the notify call 8 s; Deno's first start is not the page's to wait for (on a busy
    // machine it took longer, and the call was cut off before the function answered).
    if (withFunction) await backend.startFunction();
  }, 150_000);
  afterAll(async () => {
    await backend?.stop();
    delete process.env.GATSBY_SUPABASE_URL;
    delete process.env.GATSBY_SUPABASE_ANON_KEY;
  });
  return () => {
    if (!backend) throw new Error('the local backend has not started');
    return backend;
  };
}

/** The requests the site made (with the public key), not the notify function's own calls (service role). */
export function siteCalls(backend: LocalBackend): LoggedRequest[] {
  return backend.requests.filter((request) => request.headers.apikey !== backend.serviceKey);
}

const ASSERTED_HEADERS = ['apikey', 'authorization', 'prefer', 'content-type', 'accept-profile', 'content-profile'];

/** The request as the tests compare it: method, path, query, the headers that carry meaning, body. */
export function callShape(request: LoggedRequest): {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
} {
  const headers: Record<string, string> = {};
  for (const name of ASSERTED_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = String(value);
  }
  return { method: request.method, path: request.path, query: request.query, headers, body: request.body };
}

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The CORS preflight a browser on `origin` sends before a POST that carries `requestHeaders`. */
export function preflight(url: string, origin: string, requestHeaders: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': requestHeaders },
  });
}
