// The promises' whole loop on the local backend, as a developer tries it with `npm run backend`: an
// investor request from /id/ reaches the inbox (GET /local/emails) with its action links; the press
// (the /act/ page's call) sends the requester one Indonesian email whose signed link downloads the
// sample PDF from the private bucket; a second press sends nothing; a used link's lookup shows the
// state only; marking an investor request answered never stops its deck; the minute's promises job
// sends one reminder for an inquiry 21 hours old and records one alert for one 25 hours old.
import { startLocalBackend, type InboxEmail, type LocalBackend } from 'local-supabase';
import { insertInquiry, notifyTeam, visitorRow } from 'local-supabase/visitor';
import { actionToken, lookUpAction, pressAction } from '../../src/lib/action-api';
import { A_PDF, download } from '../support/pdf';

const SITE = 'http://127.0.0.1:9000';
let backend: LocalBackend;

beforeAll(async () => {
  backend = await startLocalBackend({ siteUrl: SITE });
});

afterAll(async () => {
  await backend?.stop();
});

const inbox = async () => (await (await fetch(`${backend.url}/local/emails`)).json()) as InboxEmail[];
const press = async (token: string, action: string) =>
  (await fetch(`${backend.url}/functions/v1/inquiry-notif-resend`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${backend.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ act: token, action }),
  }).then((response) => response.json())) as Record<string, unknown>;

test('an investor request from /id/: the inbox, the press, the Indonesian deck email and its PDF, nothing twice', async () => {
  const row = { ...visitorRow({ type: 'investor' }), language: 'id' };
  expect((await insertInquiry(backend.url, backend.anonKey, row)).status).toBe(201);
  expect((await notifyTeam(backend.url, backend.anonKey, row)).status).toBe(200);
  const [team] = await inbox();
  const actions = team!.links.filter((link) => link.startsWith(`${SITE}/act/#`));
  expect(actions).toHaveLength(2);
  expect(team!.text).toContain(`Send the deck to ${row.email}: ${actions[1]}`);

  const token = actions[1]!.split('#')[1]!;
  expect(await press(token, 'send_deck')).toEqual({ outcome: 'deck_sent', at: expect.any(String) as unknown });
  const emails = await inbox();
  expect(emails).toHaveLength(2);
  expect(emails[1]).toMatchObject({ to: [row.email], subject: 'Materi investor AdaSorter' });
  expect(await download(emails[1]!.links.find((link) => link.startsWith(`${backend.url}/storage/v1/object/sign/`))!)).toEqual(A_PDF);
  const tampered = await fetch(emails[1]!.links.find((link) => link.includes('/object/sign/'))!.replace(/token=./, 'token=x'));
  expect(tampered.status).toBe(400);

  expect(await press(token, 'send_deck')).toMatchObject({ outcome: 'done', how: 'deck_sent' });
  expect(await inbox()).toHaveLength(2);
});

test('a used link shows its state only; an investor request marked answered still gets exactly one deck email through its link', async () => {
  const row = visitorRow({ type: 'investor', company: 'Modal Ventura' });
  expect((await insertInquiry(backend.url, backend.anonKey, row)).status).toBe(201);
  expect((await notifyTeam(backend.url, backend.anonKey, row)).status).toBe(200);
  const team = (await inbox()).find((email) => email.text.includes(`Send the deck to ${row.email}: `))!;
  const [answer, deck] = team.links.filter((link) => link.startsWith(`${SITE}/act/#`)).map((link) => link.split('#')[1]!);
  const settings = { url: backend.url, anonKey: backend.anonKey };
  expect(await lookUpAction(settings, deck!)).toMatchObject({ inquiry: { name: row.name, company: row.company, email: row.email } });

  expect(await pressAction(settings, answer!, 'answer')).toMatchObject({ outcome: 'done', how: 'marked' });
  for (const token of [answer!, deck!]) {
    const view = await lookUpAction(settings, token);
    expect(view).toMatchObject({ answered_how: 'marked', deck_sent_at: null });
    expect(view).not.toHaveProperty('inquiry');
    for (const personal of [row.name, row.company!, row.email]) expect(JSON.stringify(view)).not.toContain(personal);
  }

  expect(await pressAction(settings, deck!, 'send_deck')).toMatchObject({ outcome: 'done', how: 'deck_sent' });
  expect(await pressAction(settings, deck!, 'send_deck')).toMatchObject({ outcome: 'done', how: 'deck_sent' });
  expect((await inbox()).filter((email) => email.to.includes(row.email))).toHaveLength(1);
  expect(await lookUpAction(settings, deck!)).toMatchObject({ answered_how: 'marked', deck_sent_at: expect.any(String) as unknown });
});

test("the /act/ page's token reader: the fragment decoded, none for an empty or mangled one", () => {
  expect(actionToken('#abc_-123')).toBe('abc_-123');
  expect(actionToken('#%20abc%20')).toBe('abc');
  for (const hash of ['', '#', '#%E0%A4%A', '#%']) expect(actionToken(hash)).toBeNull();
});

test("the /act/ page's press when delivery fails: not sent, the sweep sends it once; with the function down, nothing done", async () => {
  const row = visitorRow({ type: 'investor' });
  expect((await insertInquiry(backend.url, backend.anonKey, row)).status).toBe(201);
  expect((await notifyTeam(backend.url, backend.anonKey, row)).status).toBe(200);
  const team = (await inbox()).find((email) => email.text.includes(`Send the deck to ${row.email}: `))!;
  const token = team.links.filter((link) => link.startsWith(`${SITE}/act/#`))[1]!.split('#')[1]!;
  const settings = { url: backend.url, anonKey: backend.anonKey };
  const deckEmails = async () => (await inbox()).filter((email) => email.to.includes(row.email));

  backend.resend.failNext(500);
  expect(await pressAction(settings, token, 'send_deck')).toEqual({ outcome: 'not-sent' });
  expect(await deckEmails()).toHaveLength(0);
  await backend.db.query(`update private.inquiry_deck_sends set next_at = now() where inquiry_id = $1`, [row.id]);
  expect((await backend.runSweep()).body).toMatchObject({ decks: 1 });
  expect(await deckEmails()).toHaveLength(1);
  expect((await backend.runSweep()).body).toMatchObject({ decks: 0 });
  expect(await pressAction(settings, token, 'send_deck')).toMatchObject({ outcome: 'done', how: 'deck_sent' });
  expect(await deckEmails()).toHaveLength(1);

  // The function answering 503 with no outcome of its own (its database down) did nothing that will be retried.
  backend.intercept((request) => (request.path.startsWith('/functions/v1/') ? { status: 503, body: '{}' } : undefined));
  try {
    expect(await pressAction(settings, token, 'answer')).toEqual({ outcome: 'unreachable' });
  } finally {
    backend.intercept(null);
  }
});

test("the minute's promises job: one reminder at 21 hours, one alert at 25, neither again", async () => {
  const [soon, late] = [visitorRow({ type: 'contact' }), visitorRow({ type: 'contact' })];
  for (const row of [soon, late]) expect((await insertInquiry(backend.url, backend.anonKey, row)).status).toBe(201);
  for (const [row, hours] of [
    [soon, 21],
    [late, 25],
  ] as const) {
    await backend.db.query(
      `update public.contact_submissions set created_at = created_at - make_interval(hours => $2),
              reply_due_at = reply_due_at - make_interval(hours => $2), notified_at = now() where id = $1`,
      [row.id, hours],
    );
  }
  const before = (await inbox()).length;
  const alerts = await backend.runPromises();
  expect(alerts).toEqual([expect.objectContaining({ cause: 'reply overdue', count: 1 })]);
  const emails = await inbox();
  expect(emails).toHaveLength(before + 1);
  expect(emails.at(-1)!.subject).toBe('Reminder: 1 inquiry is due for a reply soon');
  expect(emails.at(-1)!.text).toContain(soon.id);
  expect(await backend.runPromises()).toEqual([]);
  expect(await inbox()).toHaveLength(before + 1);
});
