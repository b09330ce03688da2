// Resend's HTTP API as far as the notify function uses it (POST /emails), recording each email so
// tests can assert what the team would receive, and failing on demand (an outage, a rate limit).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedEmail {
  headers: IncomingHttpHeaders;
  /** The JSON body Resend received: from, to, subject, html, text, reply_to. */
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

export interface ResendStandIn {
  url: string;
  apiKey: string;
  /** Emails accepted, in order (what the team's inbox receives). */
  emails: RecordedEmail[];
  /** Requests refused while failing, in order. */
  refused: RecordedEmail[];
  /**
   * An outage: until called with null, every email is answered with this status (and headers, e.g.
   * Retry-After), or with the connection dropped for 'network'.
   */
  failWith(failure: number | 'network' | null, headers?: Record<string, string>): void;
  stop(): Promise<void>;
}

export async function startResendStandIn(apiKey = 'local-resend-key'): Promise<ResendStandIn> {
  const emails: RecordedEmail[] = [];
  const refused: RecordedEmail[] = [];
  let failure: { status: number | 'network'; headers: Record<string, string> } | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      };
      if (req.method !== 'POST' || req.url !== '/emails') return answer(404, { message: `no route ${req.method} ${req.url}` });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return answer(401, { message: 'API key is invalid' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(422, { message: 'body is not JSON' });
      }
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      if (failure) {
        refused.push({ headers: req.headers, body, idempotencyKey });
        if (failure.status === 'network') return void req.socket.destroy();
        res.writeHead(failure.status, { 'Content-Type': 'application/json', ...failure.headers });
        return void res.end(JSON.stringify({ statusCode: failure.status, name: 'application_error', message: 'outage (test control)' }));
      }
      emails.push({ headers: req.headers, body, idempotencyKey });
      answer(200, { id: `local-email-${emails.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    emails,
    refused,
    failWith(status, headers = {}) {
      failure = status === null ? null : { status, headers };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
