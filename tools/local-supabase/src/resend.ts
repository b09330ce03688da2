// Resend's HTTP API as far as the notify function uses it (POST /emails): records every email so
// that tests can assert what the team would receive, and fails on demand (an outage, a rate limit,
// a slow answer). One stand-in for the local backend (Node) and the function's own tests (Deno runs
// this node:http code as it is, imported by relative path).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ResendPayload {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  reply_to?: string;
}

export interface RecordedEmail {
  method: string;
  path: string;
  headers: Headers;
  /** The JSON body Resend received. */
  body: ResendPayload;
  idempotencyKey: string | undefined;
  /** What the stand-in answered: 200 when accepted; 0 when it dropped the connection or answered too late. */
  status: number;
}

export interface ResendStandIn {
  url: string;
  apiKey: string;
  /** Every email request, in arrival order, whatever the answer. */
  requests: RecordedEmail[];
  /** Emails accepted, in order (what the team's inbox receives). */
  emails: RecordedEmail[];
  /** The same list as `emails`. */
  delivered(): RecordedEmail[];
  /** Requests answered with a failure, in order. */
  refused: RecordedEmail[];
  /**
   * An outage: until called with null, every email is answered with this status (and headers, e.g.
   * Retry-After), or with the connection dropped for 'network'.
   */
  failWith(failure: number | 'network' | null, headers?: Record<string, string>): void;
  /** The next `times` emails are answered with `status` (and these headers), then all is well again. */
  failNext(status: number, times?: number, headers?: Record<string, string>): void;
  /** The next email is answered only after `ms` (for the function's timeout); it counts as not delivered. */
  delayNext(ms: number): void;
  /** Forgets every recorded email and queued failure or delay (an outage included). */
  reset(): void;
  stop(): Promise<void>;
}

interface Failure {
  status: number | 'network';
  headers: Record<string, string>;
}

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

function answer(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
}

export interface ResendOptions {
  /** The key the function must send as bearer (else 401, as Resend answers). */
  apiKey?: string;
  /** Told of every email accepted. */
  onEmail?: (email: RecordedEmail) => void;
}

export async function startResendStandIn({ apiKey = 'local-resend-key', onEmail }: ResendOptions = {}): Promise<ResendStandIn> {
  const requests: RecordedEmail[] = [];
  const emails: RecordedEmail[] = [];
  const refused: RecordedEmail[] = [];
  const queued: Failure[] = [];
  const delays: number[] = [];
  let outage: Failure | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/emails') return answer(res, 404, { message: `no route ${req.method} ${req.url}` });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return answer(res, 401, { message: 'API key is invalid' });
      let body: ResendPayload;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ResendPayload;
      } catch {
        return answer(res, 422, { message: 'body is not JSON' });
      }
      const headers = toHeaders(req.headers);
      const email: RecordedEmail = {
        method: req.method,
        path: req.url,
        headers,
        body,
        idempotencyKey: headers.get('idempotency-key') ?? undefined,
        status: 0,
      };
      requests.push(email);
      const delay = delays.shift();
      if (delay !== undefined) {
        // Recorded as answered with 0: the function gives up before this answer (a timeout).
        setTimeout(() => answer(res, 200, { id: 'too-late' }), delay);
        return;
      }
      const failure = outage ?? queued.shift();
      if (failure) {
        refused.push(email);
        if (failure.status === 'network') return void req.socket.destroy();
        email.status = failure.status;
        const error = { statusCode: failure.status, name: 'application_error', message: 'failure on request (stand-in control)' };
        return answer(res, failure.status, error, failure.headers);
      }
      email.status = 200;
      emails.push(email);
      onEmail?.(email);
      answer(res, 200, { id: `local-email-${emails.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The process ends when its tests (or the backend's own server) do; this one must not keep it alive.
  server.unref();

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    requests,
    emails,
    delivered: () => emails,
    refused,
    failWith(status, headers = {}) {
      outage = status === null ? null : { status, headers };
    },
    failNext(status, times = 1, headers = {}) {
      for (let i = 0; i < times; i++) queued.push({ status, headers });
    },
    delayNext(ms) {
      delays.push(ms);
    },
    reset() {
      for (const list of [requests, emails, refused, queued, delays]) list.length = 0;
      outage = null;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
