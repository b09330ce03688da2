// A stand-in for Cloudflare Turnstile's siteverify on 127.0.0.1, answering Cloudflare's documented
// test secret keys as Cloudflare does: one always passes, one always fails, one reports the token
// as already spent. Any other secret is refused as invalid. Records what it was asked.

export const TURNSTILE_TEST_SECRETS = {
  alwaysPasses: '1x0000000000000000000000000000000AA',
  alwaysFails: '2x0000000000000000000000000000000AA',
  tokenSpent: '3x0000000000000000000000000000000AA',
} as const;

/** The token Cloudflare's test site keys hand the browser. */
export const TURNSTILE_DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export interface SiteverifyStub {
  url: string;
  requests: Array<{ secret: string | null; response: string | null; remoteip: string | null }>;
}

export function startSiteverifyStub(): SiteverifyStub {
  const requests: SiteverifyStub['requests'] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (request) => {
    const form = new URLSearchParams(await request.text());
    const [secret, response, remoteip] = [form.get('secret'), form.get('response'), form.get('remoteip')];
    requests.push({ secret, response, remoteip });
    const refuse = (code: string) => Response.json({ success: false, 'error-codes': [code] });
    if (!response) return refuse('missing-input-response');
    if (secret === TURNSTILE_TEST_SECRETS.alwaysPasses) {
      return Response.json({ success: true, 'error-codes': [], hostname: 'example.com', challenge_ts: new Date().toISOString() });
    }
    if (secret === TURNSTILE_TEST_SECRETS.alwaysFails) return refuse('invalid-input-response');
    if (secret === TURNSTILE_TEST_SECRETS.tokenSpent) return refuse('timeout-or-duplicate');
    return refuse('invalid-input-secret');
  });
  server.unref();
  return { url: `http://127.0.0.1:${server.addr.port}/turnstile/v0/siteverify`, requests };
}
