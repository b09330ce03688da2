// The promises in the function (supabase/migrations/20261127000100_inquiry_promises.sql,
// 20261129000200_action_links.sql): the team's email carries action links whose tokens the function
// derives under its ACTION_TOKEN_KEY (the database keeps their hashes only), a press acts once (the
// deck to the requester in their language, with a signed URL that downloads the PDF, or "answered"),
// answered and the deck are two promises that never cancel each other, a wrong, expired or
// mismatched token changes nothing, and the reminder lists every inquiry near its due time once. The handler runs with PGlite
// behind its store, the Resend stand-in, and the local backend's Storage stand-in as SUPABASE_URL.
import assert from 'node:assert/strict';
import { samplePdf, startStorageStandIn } from '../../tools/local-supabase/src/signed-objects.ts';
import { startHarness } from './support/harness.ts';

const h = await startHarness();
const SITE = 'https://adasorter.example';
const storage = await startStorageStandIn(h.env.SUPABASE_SERVICE_ROLE_KEY!);
const env: Record<string, string> = { ...h.env, SUPABASE_URL: storage.url };
const deps = () => h.deps({ env });

/** A test of the site whose address is set (Vault's site_url), as the links need. */
const test = (name: string, fn: () => Promise<void>) =>
  h.test(name, async () => {
    await h.db.query(`select vault.create_secret($1, 'site_url')`, [SITE]);
    await fn();
  });

/** Every link of an email's text part, as the local inbox lists them. */
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);

const withDeck = () => storage.objects.put('investor-deck', 'deck.pdf', samplePdf(), 'application/pdf');

/** The team's notification for a new stored inquiry (the browser's call), and its links by label. */
async function notified(overrides: Parameters<typeof h.stored>[0] = {}) {
  const row = await h.stored(overrides);
  const response = await h.post(row, deps());
  assert.equal(response.status, 200, await response.clone().text());
  const email = h.resend.emails.at(-1)!.body;
  return { row, email, links: linksIn(email.text).filter((link) => link.startsWith(`${SITE}/act/#`)) };
}

const press = async (token: string, action: string) => {
  const response = await h.post({ act: token, action }, deps());
  return { status: response.status, body: await response.json() };
};
const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);
/** The token a link must carry: HMAC-SHA256 of inquiry and action under `key`, computed here on its own. */
async function expectedToken(key: string, id: string, action: string): Promise<string> {
  const encoder = new TextEncoder();
  const hmac = await crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, encoder.encode(`inquiry-action:v1:${id}:${action}`)));
  return btoa(String.fromCharCode(...mac)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
const deckEmailsTo = (email: string) => h.resend.requests.filter((request) => request.body.to.includes(email));
const answered = async (id: string) =>
  (await h.db.query<{ answered_at: Date | null; answered_how: string | null }>(
    'select answered_at, answered_how from public.contact_submissions where id = $1',
    [id],
  )).rows[0]!;

test('the team email links "Mark as answered" to every inquiry and "Send the deck to <address>" to investor requests', async () => {
  const contact = await notified({ type: 'contact' });
  assert.equal(contact.links.length, 1);
  assert.match(contact.email.text, /Mark as answered: https:\/\/adasorter\.example\/act\/#[A-Za-z0-9_-]{43}\n/);
  const investor = await notified({ type: 'investor' });
  assert.equal(investor.links.length, 2);
  assert.ok(investor.email.text.includes(`Send the deck to ${investor.row.email}: ${SITE}/act/#`));
  assert.ok(investor.email.html.includes(`href="${SITE}/act/#`));
  const { rows } = await h.db.query<{ n: number }>('select count(*)::int as n from private.inquiry_action_tokens');
  assert.equal(rows[0]!.n, 3, 'one stored hash per link');
  const stored = await h.db.query<{ found: number }>(
    "select count(*)::int as found from private.inquiry_action_tokens where token_hash = sha256(convert_to($1, 'UTF8'))",
    [tokenOf(investor.links[0]!)],
  );
  assert.equal(stored.rows[0]!.found, 1, 'the hash of the token, never the token');
  assert.deepEqual(investor.links.map(tokenOf), [
    await expectedToken(env.ACTION_TOKEN_KEY!, investor.row.id, 'answer'),
    await expectedToken(env.ACTION_TOKEN_KEY!, investor.row.id, 'send_deck'),
  ]);
});

test("the tokens need the function's ACTION_TOKEN_KEY: without it nothing is sent and nothing lost; a new key's links work beside the old", async () => {
  const { ACTION_TOKEN_KEY: _, ...keyless } = env;
  const hashes = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from private.inquiry_action_tokens')).rows[0]!.n;
  const row = await h.stored({ type: 'investor' });
  const refused = await h.post(row, h.deps({ env: keyless }));
  assert.equal(refused.status, 500);
  assert.match((await refused.json()).error, /missing ACTION_TOKEN_KEY/);
  assert.equal(h.resend.requests.length, 0, 'no email, so no link that could not be checked');
  assert.equal(await hashes(), 0);
  // The doctor's probe (a sweep with the public key) sees the same answer, before any authorisation.
  assert.equal((await h.sweep('anon-key', h.deps({ env: keyless }))).status, 500);

  // The secret set: the next sweep sends the stored inquiry, with its links.
  const swept = await (await h.sweep(undefined, deps())).json();
  assert.equal(swept.sent, 1);
  const first = linksIn(h.resend.emails[0]!.body.text).filter((link) => link.startsWith(`${SITE}/act/#`));
  assert.equal(first.length, 2);
  assert.equal(tokenOf(first[0]!), await expectedToken(env.ACTION_TOKEN_KEY!, row.id, 'answer'));

  // Another key (rotated): the reminder carries new links; the old ones, already sent, still work.
  const rotated = { ...env, ACTION_TOKEN_KEY: 'another-action-token-key-of-32-characters-or-more' };
  await h.db.query(`update public.contact_submissions set reply_due_at = now() + interval '1 hour' where id = $1`, [row.id]);
  const reminded = await h.post({ remind: true }, h.deps({ env: rotated }), { authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}` });
  assert.deepEqual(await reminded.json(), { reminded: 1 });
  const second = linksIn(h.resend.emails[1]!.body.text).filter((link) => link.startsWith(`${SITE}/act/#`));
  assert.equal(second.length, 2);
  assert.notEqual(tokenOf(second[0]!), tokenOf(first[0]!));
  assert.equal(await hashes(), 4);
  assert.equal((await press(tokenOf(first[0]!), 'answer')).body.outcome, 'answered');
});

test('a link whose stored hash has expired is left out of the email, never sent unverifiable', async () => {
  const row = await h.stored();
  await h.db.query(`update public.contact_submissions set reply_due_at = now() + interval '1 hour' where id = $1`, [row.id]);
  const remind = () =>
    h.post({ remind: true }, deps(), { authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}` }).then((response) => response.json());
  const token = await expectedToken(env.ACTION_TOKEN_KEY!, row.id, 'answer');
  // Emailed once before, long ago: its hash is known and has expired, and keeps its first expiry.
  await h.db.query(
    `insert into private.inquiry_action_tokens (token_hash, inquiry_id, action, expires_at)
     values (sha256(convert_to($1, 'UTF8')), $2, 'answer', now() - interval '1 second')`,
    [token, row.id],
  );
  assert.deepEqual(await remind(), { reminded: 1 });
  const email = h.resend.emails[0]!.body;
  assert.ok(email.text.includes(row.id));
  assert.equal(linksIn(email.text).filter((link) => link.startsWith(`${SITE}/act/`)).length, 0);
});

test('"Mark as answered" acts on the press only, once; a second press says what was done and when', async () => {
  const { row, links } = await notified();
  assert.equal((await answered(row.id)).answered_at, null, 'sending the link changed nothing');
  const first = await press(tokenOf(links[0]!), 'answer');
  assert.equal(first.status, 200);
  assert.equal(first.body.outcome, 'answered');
  const state = await answered(row.id);
  assert.equal(state.answered_how, 'marked');
  const second = await press(tokenOf(links[0]!), 'answer');
  assert.deepEqual(second, { status: 200, body: { outcome: 'done', how: 'marked', at: second.body.at } });
  assert.equal(new Date(second.body.at).getTime(), state.answered_at!.getTime());
});

test('a wrong, expired or mismatched token gets one answer and changes nothing', async () => {
  const { row, links } = await notified({ type: 'investor' });
  const [answer, deck] = links.map(tokenOf) as [string, string];
  // A token of the right shape that the database never minted.
  const other = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))).replaceAll('+', '-').replaceAll('/', '_').replace(
    /=+$/,
    '',
  );
  await h.db.query(
    `update private.inquiry_action_tokens set expires_at = now() - interval '1 second'
                     where token_hash = sha256(convert_to($1, 'UTF8'))`,
    [deck],
  );
  for (const [token, action] of [[other, 'answer'], [`${answer}x`, 'answer'], [answer, 'send_deck'], [deck, 'send_deck']]) {
    assert.deepEqual(await press(token!, action!), { status: 404, body: { outcome: 'invalid' } }, `${action} ${token}`);
  }
  assert.equal((await answered(row.id)).answered_at, null);
  assert.equal(h.resend.emails.length, 1, 'only the team notification');
  assert.equal((await h.post({ act: 42, action: 'answer' }, deps())).status, 400);
  assert.equal((await h.post({ act: answer, action: 'delete' }, deps())).status, 400);
});

test('"Send the deck" emails the requester once, in Indonesian, reply-to the team, a signed URL that downloads the PDF', async () => {
  withDeck();
  const { row, links } = await notified({ type: 'investor', language: 'id' });
  const token = tokenOf(links[1]!);
  const first = await press(token, 'send_deck');
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.outcome, 'deck_sent');
  const deckEmails = h.resend.emails.filter((email) => email.body.to.includes(row.email));
  assert.equal(deckEmails.length, 1);
  const email = deckEmails[0]!;
  assert.equal(email.body.subject, 'Materi investor AdaSorter');
  assert.equal(email.body.reply_to, 'team@example.com');
  assert.match(email.body.text, /berlaku selama 7 hari/);
  assert.equal(email.idempotencyKey, `deck-${row.id}`);
  const [download] = linksIn(email.body.text).filter((link) => link.startsWith(storage.url));
  const pdf = await fetch(download!);
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  assert.match(new TextDecoder().decode(await pdf.arrayBuffer()), /^%PDF-1\.4/);
  assert.equal((await answered(row.id)).answered_at, null, 'the deck is not the reply');

  const again = await press(token, 'send_deck');
  assert.equal(again.body.outcome, 'done');
  assert.equal(again.body.how, 'deck_sent');
  const mark = await press(tokenOf(links[0]!), 'answer');
  assert.equal(mark.body.outcome, 'answered', "the reply is still the team's to mark");
  assert.equal((await answered(row.id)).answered_how, 'marked');
  assert.equal(h.resend.emails.length, 2, 'the notification and one deck email');
});

test('an investor request marked answered still gets exactly one deck email through its link', async () => {
  withDeck();
  const { row, links } = await notified({ type: 'investor' });
  const [answer, deck] = links.map(tokenOf) as [string, string];
  assert.equal((await press(answer, 'answer')).body.outcome, 'answered');
  const sent = await press(deck, 'send_deck');
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.equal(sent.body.outcome, 'deck_sent');
  assert.equal((await press(deck, 'send_deck')).body.how, 'deck_sent');
  assert.equal(deckEmailsTo(row.email).length, 1);
  assert.equal((await answered(row.id)).answered_how, 'marked', 'still answered as the team marked it');
});

test('with no deck in the bucket the press says so and sends nothing; a failed send can be pressed again', async () => {
  storage.objects.remove('investor-deck', 'deck.pdf');
  const { row, links } = await notified({ type: 'investor' });
  const token = tokenOf(links[1]!);
  assert.deepEqual(await press(token, 'send_deck'), { status: 409, body: { outcome: 'deck-missing' } });
  assert.equal(h.resend.emails.length, 1);
  assert.equal((await answered(row.id)).answered_at, null);

  withDeck();
  h.resend.failNext(500);
  assert.deepEqual(await press(token, 'send_deck'), { status: 503, body: { outcome: 'not-sent' } });
  assert.equal((await answered(row.id)).answered_at, null);
  const retry = await press(token, 'send_deck');
  assert.equal(retry.body.outcome, 'deck_sent');
  const attempts = h.resend.requests.filter((request) => request.body.to.includes(row.email));
  assert.equal(attempts.length, 2);
  assert.deepEqual(attempts[0]!.body, attempts[1]!.body, 'the retry sends the same email (link included) under the same key');
  assert.equal(attempts[0]!.idempotencyKey, attempts[1]!.idempotencyKey);
});

test('a deck email Resend refused goes out with the sweep once its retry is due: once, the same email, answered or not', async () => {
  withDeck();
  const sweep = async () => await (await h.sweep(undefined, deps())).json();
  const deckEmails = (email: string) => h.resend.requests.filter((request) => request.body.to.includes(email));
  const retryAt = async (id: string) =>
    (await h.db.query<{ next_at: Date | null }>('select next_at from private.inquiry_deck_sends where inquiry_id = $1', [id])).rows[0]!
      .next_at;

  const { row, links } = await notified({ type: 'investor', language: 'id' });
  h.resend.failNext(500);
  assert.deepEqual(await press(tokenOf(links[1]!), 'send_deck'), { status: 503, body: { outcome: 'not-sent' } });
  assert.ok((await retryAt(row.id))! > new Date(), 'a retry is set, a minute on');
  assert.equal((await sweep()).decks, 0, 'not before its time');
  await h.db.query(`update private.inquiry_deck_sends set next_at = now() - interval '1 second' where inquiry_id = $1`, [row.id]);
  assert.deepEqual(await sweep(), { sent: 0, retrying: 0, released: 0, digested: 0, decks: 1 });
  const attempts = deckEmails(row.email);
  assert.equal(attempts.length, 2);
  assert.deepEqual(attempts[1]!.body, attempts[0]!.body, 'the retry is the same email, link included');
  assert.equal(attempts[1]!.idempotencyKey, `deck-${row.id}`);
  assert.equal((await answered(row.id)).answered_at, null);
  assert.equal(await retryAt(row.id), null);
  assert.equal((await sweep()).decks, 0);
  assert.equal(deckEmails(row.email).length, 2, 'exactly one deck email delivered');

  // Answered meanwhile (the team replied by hand): the deck was still asked for, and goes once.
  const marked = await notified({ type: 'investor' });
  h.resend.failNext(500);
  await press(tokenOf(marked.links[1]!), 'send_deck');
  await press(tokenOf(marked.links[0]!), 'answer');
  await h.db.query(`update private.inquiry_deck_sends set next_at = now() - interval '1 second' where inquiry_id = $1`, [marked.row.id]);
  assert.equal((await sweep()).decks, 1);
  assert.equal((await sweep()).decks, 0);
  assert.equal(deckEmails(marked.row.email).length, 2, 'the failed attempt and the one delivered');

  // A missing deck is not retried by itself: the team was told nothing went, and presses again.
  storage.objects.remove('investor-deck', 'deck.pdf');
  const missing = await notified({ type: 'investor' });
  assert.equal((await press(tokenOf(missing.links[1]!), 'send_deck')).status, 409);
  withDeck();
  assert.equal(await retryAt(missing.row.id), null);
  assert.equal((await sweep()).decks, 0);
  assert.equal(deckEmails(missing.row.email).length, 0);
});

test('the reminder lists every inquiry near its due time in one email, each once, none answered', async () => {
  const soon = await h.stored({ type: 'investor' });
  const later = await h.stored();
  const done = await h.stored();
  await h.db.query(`update public.contact_submissions set reply_due_at = now() + interval '3 hours' where id = any($1::uuid[])`, [[
    soon.id,
    done.id,
  ]]);
  await h.db.query(`update public.contact_submissions set answered_at = now(), answered_how = 'marked' where id = $1`, [done.id]);
  const remind = () =>
    h.post({ remind: true }, deps(), { authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}` }).then((response) => response.json());
  assert.deepEqual(await remind(), { reminded: 1 });
  assert.equal(h.resend.emails.length, 1);
  const email = h.resend.emails[0]!.body;
  assert.deepEqual(email.to, ['team@example.com']);
  assert.match(email.subject, /^Reminder: 1 inquiry is due for a reply soon$/);
  assert.ok(email.text.includes(soon.id) && !email.text.includes(later.id) && !email.text.includes(done.id));
  assert.ok(!email.text.includes(soon.message), 'never the message');
  assert.equal(linksIn(email.text).filter((link) => link.startsWith(`${SITE}/act/#`)).length, 2);
  assert.deepEqual(await remind(), { reminded: 0 });
  assert.equal(h.resend.emails.length, 1);
  const anon = await h.post({ remind: true }, deps());
  assert.equal(anon.status, 401);
});

test('deck_auto_send, off by default, sends the deck to a verified investor request without a press', async () => {
  withDeck();
  const off = await notified({ type: 'investor' });
  assert.equal(h.resend.emails.filter((email) => email.body.to.includes(off.row.email)).length, 0, 'off: the team decides');
  await h.db.query('update private.inquiry_limits set deck_auto_send = true');
  try {
    // Without Turnstile there is no verified request, so nothing goes out even when it is on.
    const unverified = await notified({ type: 'investor' });
    assert.equal(h.resend.emails.filter((email) => email.body.to.includes(unverified.row.email)).length, 0);
  } finally {
    await h.db.query('update private.inquiry_limits set deck_auto_send = false');
  }
});

test('an investor request whose deck went is still reminded of its reply until it is marked answered', async () => {
  withDeck();
  const { row, links } = await notified({ type: 'investor' });
  assert.equal((await press(tokenOf(links[1]!), 'send_deck')).body.outcome, 'deck_sent');
  await h.db.query(`update public.contact_submissions set reply_due_at = now() + interval '1 hour' where id = $1`, [row.id]);
  const remind = () =>
    h.post({ remind: true }, deps(), { authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}` }).then((response) => response.json());
  assert.deepEqual(await remind(), { reminded: 1 });
  assert.ok(h.resend.emails.at(-1)!.body.text.includes(row.id));
});
