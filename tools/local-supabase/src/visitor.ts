// A visitor's two calls, as the site's browser code makes them on Send (the insert, then the notify
// call: docs/behaviour.md, "The calls the page makes"), sent from a chosen loopback address so that
// tests and the benchmark can be several visitors on one machine: the local backend passes the
// connecting address on as X-Forwarded-For, as Supabase's edge does.
import { request } from 'node:http';

export interface Answer {
  status: number;
  body: string;
}

export interface VisitorRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  type: 'contact' | 'investor';
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

/** The notify call: the row to the function, bearer anon key. */
export function notifyTeam(backendUrl: string, anonKey: string, row: VisitorRow, localAddress = '127.0.0.1'): Promise<Answer> {
  const headers = { apikey: anonKey, Authorization: `Bearer ${anonKey}` };
  return post(`${backendUrl}/functions/v1/inquiry-notif-resend`, headers, JSON.stringify(row), localAddress);
}

let counter = 0;

export function visitorRow(overrides: Partial<VisitorRow> = {}): VisitorRow {
  counter += 1;
  return {
    id: crypto.randomUUID(),
    name: `Visitor ${counter}`,
    email: `visitor${counter}@example.test`,
    company: counter % 2 ? `Company ${counter}` : null,
    message: `Inquiry number ${counter}: we sort mixed plastics.`,
    type: counter % 3 ? 'contact' : 'investor',
    ...overrides,
  };
}
