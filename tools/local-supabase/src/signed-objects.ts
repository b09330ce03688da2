// Private Storage objects reached through signed URLs, as Storage serves them: the service role asks
// POST /storage/v1/object/sign/<bucket>/<name> {"expiresIn": seconds} for {"signedURL":
// "/object/sign/<bucket>/<name>?token=…"}, and anyone holding that URL downloads the object until it
// expires. A missing object answers 400 with "not_found", as Storage does. One stand-in for the local
// backend (Node) and the edge function's own tests (Deno runs this node: code as it is).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SIGN_PATH = /^\/storage\/v1\/object\/sign\/([^/]+)\/(.+)$/;

export interface ObjectAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

export interface SignedObjects {
  put(bucket: string, name: string, body: Uint8Array, contentType: string): void;
  remove(bucket: string, name: string): void;
  /** The answer for a request to a sign path (null for any other path). */
  answer(method: string, path: string, query: URLSearchParams, authorization: string | undefined, body: string): ObjectAnswer | null;
}

const reply = (status: number, value: unknown): ObjectAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body: JSON.stringify(value),
});

export function signedObjects(serviceKey: string): SignedObjects {
  const objects = new Map<string, { body: Uint8Array; contentType: string }>();
  const secret = randomBytes(32);
  const mac = (key: string, expires: number) => createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
  return {
    put: (bucket, name, body, contentType) => void objects.set(`${bucket}/${name}`, { body, contentType }),
    remove: (bucket, name) => void objects.delete(`${bucket}/${name}`),
    answer(method, path, query, authorization, body) {
      const match = SIGN_PATH.exec(path);
      if (!match) return null;
      const key = `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`;
      if (method === 'POST') {
        if (authorization !== `Bearer ${serviceKey}`)
          return reply(403, { statusCode: '403', error: 'Unauthorized', message: 'service key only' });
        if (!objects.has(key)) return reply(400, { statusCode: '404', error: 'not_found', message: 'Object not found' });
        let expiresIn = 0;
        try {
          expiresIn = Number((JSON.parse(body) as { expiresIn?: unknown }).expiresIn);
        } catch {
          // Answered below as Storage answers a missing expiresIn.
        }
        if (!Number.isInteger(expiresIn) || expiresIn <= 0)
          return reply(400, { statusCode: '400', error: 'invalid', message: 'expiresIn' });
        const expires = Math.floor(Date.now() / 1000) + expiresIn;
        const token = `${expires}.${mac(key, expires)}`;
        return reply(200, { signedURL: `/object/sign/${match[1]}/${match[2]}?token=${token}` });
      }
      if (method !== 'GET' && method !== 'HEAD') return reply(405, { message: 'method not allowed' });
      const [expiresText, given] = (query.get('token') ?? '').split('.');
      const expires = Number(expiresText);
      const expected = Buffer.from(mac(key, expires));
      const valid = given !== undefined && Buffer.byteLength(given) === expected.length && timingSafeEqual(Buffer.from(given), expected);
      if (!valid || expires < Date.now() / 1000)
        return reply(400, { statusCode: '400', error: 'InvalidJWT', message: 'invalid or expired token' });
      const object = objects.get(key);
      if (!object) return reply(400, { statusCode: '404', error: 'not_found', message: 'Object not found' });
      return {
        status: 200,
        headers: { 'Content-Type': object.contentType, 'Content-Length': String(object.body.length) },
        body: object.body,
      };
    },
  };
}

/** The smallest PDF a viewer opens: one blank page that says what it stands for. */
export function samplePdf(text = 'Sample investor deck (local backend)'): Uint8Array {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** The same objects on a server of their own (the edge function's Deno tests), as SUPABASE_URL. */
export async function startStorageStandIn(serviceKey: string): Promise<{ url: string; objects: SignedObjects; stop(): Promise<void> }> {
  const objects = signedObjects(serviceKey);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const answer = objects.answer(
        req.method ?? 'GET',
        url.pathname,
        url.searchParams,
        req.headers.authorization,
        Buffer.concat(chunks).toString(),
      );
      const { status, headers, body } = answer ?? reply(404, { message: 'no route' });
      res.writeHead(status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
