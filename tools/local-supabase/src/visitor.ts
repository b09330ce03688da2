// A visitor's calls, as the site's browser code makes them on Send (the insert, then the notify
// call: docs/behaviour.md, "The calls the page makes"; past a full ceiling with a Turnstile token,
// the verified store through the function instead), sent from a chosen loopback address so that
// tests and the benchmark can be several visitors on one machine: the local backend passes the
// connecting address on as cf-connecting-ip and X-Forwarded-For, as Supabase's edge does.
import { request } from 'node:http';
import { INQUIRY_FUNCTION } from '../../../supabase/paths';
import type { VisitorRow } from './visitor-row';

export { visitorRow, type VisitorRow } from './visitor-row';

export interface Answer {
  status: number;
  body: string;
}

function post(url: string, headers: Record<string, string>, body: string, localAddress: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The insert, with the anon key and `return=minimal`. */
export function insertInquiry(backendUrl: string, anonKey: string, row: VisitorRow, localAddress = '127.0.0.1'): Promise<Answer> {
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Prefer: 'return=minimal' };
  return post(`${backendUrl}/rest/v1/contact_submissions`, headers, JSON.stringify(row), localAddress);
}

/**
 * An insert as a script can send it, not as the site does: any body (an array of rows too), any
 * path (`contact%5Fsubmissions`), any extra headers (a forged X-Forwarded-For).
 */
export function insertAsScript(
  backendUrl: string,
  anonKey: string,
  body: VisitorRow | VisitorRow[],
  options: { localAddress?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Prefer: 'return=minimal', ...options.headers };
  const path = options.path ?? 'contact_submissions';
  return post(`${backendUrl}/rest/v1/${path}`, headers, JSON.stringify(body), options.localAddress ?? '127.0.0.1');
}

const callFunction = (backendUrl: string, anonKey: string, body: unknown, localAddress: string) =>
  post(
    `${backendUrl}/functions/v1/${INQUIRY_FUNCTION}`,
    { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    JSON.stringify(body),
    localAddress,
  );

/** The notify call: the row to the function, bearer anon key, with the Turnstile token where there is one. */
export function notifyTeam(
  backendUrl: string,
  anonKey: string,
  row: VisitorRow,
  localAddress = '127.0.0.1',
  turnstileToken?: string,
): Promise<Answer> {
  return callFunction(backendUrl, anonKey, turnstileToken ? { ...row, turnstileToken } : row, localAddress);
}

/** The verified store, after the insert was refused with PT503: the row and the token to the function. */
export function storeVerified(
  backendUrl: string,
  anonKey: string,
  row: VisitorRow,
  turnstileToken: string,
  localAddress = '127.0.0.1',
): Promise<Answer> {
  return callFunction(backendUrl, anonKey, { ...row, turnstileToken, store: true }, localAddress);
}
