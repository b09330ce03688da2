// Cloudflare Turnstile's siteverify as far as the notify function uses it (a form POST of secret,
// response and remoteip), answering Cloudflare's documented test secret keys as Cloudflare does:
// one always passes, one always fails, one reports the token as already spent; any other secret is
// refused as invalid. Records what it was asked. One stand-in for the local backend (Node) and the
// function's own tests (Deno runs this node:http code as it is, imported by relative path).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TURNSTILE_TEST_SECRETS = {
  alwaysPasses: '1x0000000000000000000000000000000AA',
  alwaysFails: '2x0000000000000000000000000000000AA',
  tokenSpent: '3x0000000000000000000000000000000AA',
} as const;

/** Cloudflare's test site key whose widget always passes, in the browser. */
export const TURNSTILE_TEST_SITE_KEY = '1x00000000000000000000AA';

/** The token Cloudflare's test site keys hand the browser. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

export interface SiteverifyStandIn {
  /** Where the function's TURNSTILE_VERIFY_URL points. */
  url: string;
  /** Every verification asked for, in order. */
  requests: SiteverifyRequest[];
  stop(): Promise<void>;
}

function answer(request: SiteverifyRequest): Record<string, unknown> {
  const refuse = (code: string) => ({ success: false, 'error-codes': [code] });
  if (!request.response) return refuse('missing-input-response');
  if (request.secret === TURNSTILE_TEST_SECRETS.alwaysPasses) {
    return { success: true, 'error-codes': [], hostname: 'example.com', challenge_ts: new Date().toISOString() };
  }
  if (request.secret === TURNSTILE_TEST_SECRETS.alwaysFails) return refuse('invalid-input-response');
  if (request.secret === TURNSTILE_TEST_SECRETS.tokenSpent) return refuse('timeout-or-duplicate');
  return refuse('invalid-input-secret');
}

export async function startSiteverifyStandIn(): Promise<SiteverifyStandIn> {
  const requests: SiteverifyRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const asked = { secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') };
      requests.push(asked);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer(asked)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The process ends when its tests (or the backend's own server) do; this one must not keep it alive.
  server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
