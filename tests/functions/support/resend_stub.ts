// A stand-in for Resend's HTTP API on 127.0.0.1: records every request it receives and answers as
// Resend does (200 with the new email's id), or with the failures a test queues up.

export interface ResendPayload {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  reply_to?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: ResendPayload;
  /** The status the stub answered with. */
  status: number;
}

export interface ResendStub {
  url: string;
  requests: RecordedRequest[];
  /** Emails Resend accepted (what a recipient would get). */
  delivered(): RecordedRequest[];
  /** The next `times` requests are answered with `status` (and these headers, e.g. Retry-After). */
  failNext(status: number, times?: number, headers?: Record<string, string>): void;
  /** The next request is answered only after `ms` (for the function's timeout). */
  delayNext(ms: number): void;
  reset(): void;
}

export function startResendStub(): ResendStub {
  const requests: RecordedRequest[] = [];
  const failures: Array<{ status: number; headers: Record<string, string> }> = [];
  const delays: number[] = [];
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (request) => {
    const body = (await request.json()) as ResendPayload;
    const delay = delays.shift();
    const failure = failures.shift();
    const status = delay !== undefined ? 0 : failure?.status ?? 200;
    requests.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body, status });
    if (delay !== undefined) {
      // Recorded as answered with 0: the function gave up before this answer (a timeout).
      await new Promise((resolve) => setTimeout(resolve, delay));
      return Response.json({ id: 'too-late' });
    }
    return status === 200 ? Response.json({ id: `resend-email-${requests.length}` }) : Response.json(
      { statusCode: status, name: 'application_error', message: 'stub failure' },
      { status, headers: failure?.headers ?? {} },
    );
  });
  // The suite's process ends when the tests do; the server must not keep it alive on its own.
  server.unref();
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    delivered: () => requests.filter((request) => request.status === 200),
    failNext(status, times = 1, headers = {}) {
      for (let i = 0; i < times; i++) failures.push({ status, headers });
    },
    delayNext(ms) {
      delays.push(ms);
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
      delays.length = 0;
    },
  };
}
