// Logs carry ids and counts, never what a visitor typed (docs/backend.md, "Personal data"). Inquiries
// with marked values go through the local backend and the real function under Deno: sent at once,
// refused by a rule, failed at Resend and retried by the sweep. Then every line written about them
// (the function's log, the backend's request lines as `npm run backend` prints them, the alerts,
// `npm run doctor`'s report over the backend's database port) is searched for the marked values.
import { describeRequest, startLocalBackend, type LocalBackend } from 'local-supabase';
import { insertInquiry, notifyTeam, visitorRow } from 'local-supabase/visitor';
import { runDoctor } from '../../scripts/doctor/run';

const MARKED = {
  name: 'Qzmarked Personname',
  email: 'qz.marked.mailbox+tagqz@marked-privacy.test',
  company: 'Qzmarked Holdings',
  message: 'Qzmarked message about our plant in Cikarang',
} as const;
/** Each marked value, and the parts of the address a log could carry alone. */
const NEEDLES = [...Object.values(MARKED), 'qz.marked.mailbox', 'marked-privacy.test', 'Qzmarked'].map((value) => value.toLowerCase());

let backend: LocalBackend;
const lines: string[] = [];

beforeAll(async () => {
  backend = await startLocalBackend({
    dbPort: 0,
    onRequest: (request) => lines.push(describeRequest(request)),
    onAlert: (alert) => lines.push(`alert (${alert.cause}): ${alert.text}`),
  });
}, 240_000);

afterAll(() => backend?.stop());

test('no marked name, address, company or message reaches a log line', async () => {
  const sent = visitorRow({ ...MARKED, type: 'contact' });
  expect((await insertInquiry(backend.url, backend.anonKey, sent)).status).toBe(201);
  expect((await notifyTeam(backend.url, backend.anonKey, sent)).status).toBe(200);

  // A rule refuses it: the name is two lines.
  const refused = visitorRow({ ...MARKED, name: `${MARKED.name}\nSecond line` });
  expect((await insertInquiry(backend.url, backend.anonKey, refused, '127.0.0.2')).status).toBe(400);
  expect((await notifyTeam(backend.url, backend.anonKey, refused, '127.0.0.2')).status).toBeGreaterThanOrEqual(400);

  // Resend is down: the notify call fails, the sweep retries and then sends it.
  const retried = visitorRow({ ...MARKED, email: MARKED.email.replace('+tagqz', ''), type: 'investor' });
  backend.resend.failWith(503);
  expect((await insertInquiry(backend.url, backend.anonKey, retried, '127.0.0.3')).status).toBe(201);
  await notifyTeam(backend.url, backend.anonKey, retried, '127.0.0.3');
  await backend.runSweep();
  backend.resend.failWith(null);
  await backend.sql('update contact_submissions set notify_next_at = now() where notified_at is null');
  await backend.runSweep();
  await backend.runAlerts();
  expect(backend.emails).toHaveLength(2);

  const doctor: string[] = [];
  await runDoctor({
    env: { SUPABASE_DB_URL: backend.dbUrl ?? '' },
    args: [],
    out: (line) => doctor.push(line),
    err: (line) => doctor.push(line),
  });

  const functionLog = backend.functionOutput();
  // The logs were there to search: they name the rows by id.
  expect(functionLog).toContain(sent.id);
  expect(functionLog).toContain(retried.id);
  expect(lines.some((line) => line.startsWith('201 POST /rest/v1/contact_submissions'))).toBe(true);
  expect(doctor.join('\n')).toContain('personal data retention');

  const everything = [functionLog, ...lines, ...doctor].join('\n').toLowerCase();
  expect(NEEDLES.filter((needle) => everything.includes(needle))).toEqual([]);
}, 240_000);
