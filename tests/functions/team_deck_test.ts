// "Send the deck" on the team's /team/ page (`{"team_deck": <id>}` with the member's access token as
// bearer): the function claims the deck through public.team_deck_claim with the member's own session,
// so the database decides who may and records the press; then it sends as for a press on /act/. The
// handler runs with PGlite behind both ways to the database (the member's, as PostgREST runs a user's
// call; the service role's), the Resend stand-in, and the local backend's Storage stand-in.
import assert from 'node:assert/strict';
import { withRole } from '../../plugins/gatsby-source-supabase-content/embedded-db.ts';
import { samplePdf, startStorageStandIn } from '../../tools/local-supabase/src/signed-objects.ts';
import { ANON_KEY, startHarness } from './support/harness.ts';
import { JWT_SECRET, sessionToken, signJwt } from './support/team.ts';

const h = await startHarness();
const storage = await startStorageStandIn(h.env.SUPABASE_SERVICE_ROLE_KEY!);
const env: Record<string, string> = { ...h.env, SUPABASE_URL: storage.url };
const deps = () => h.deps({ env });

const MEMBER = { sub: '3f6a9c12-5e8b-4d71-a0c3-7b2e4f6d8a91', email: 'wulan@example.test' };
const EDITOR = { sub: '0b5d7a52-2f4e-4c6b-9d41-6a1f0e3c2b11', email: 'dewi@example.test' };
const REMOVED = { sub: '6b8d0f2a-4c6e-4a8b-b1d3-5e7f9a1c3e57', email: 'tono@example.test' };
const STRANGER = { sub: 'e3a1c5d7-9b2f-4a6e-8c0d-2f4b6d8a0c1e', email: 'someone@example.test' };

/** A test with the staff lists as an operator left them: a member, an editor, a member removed. */
const test = (name: string, fn: () => Promise<void>) =>
  h.test(name, async () => {
    await h.db.exec(`
      delete from private.team_members; delete from private.editors; delete from private.team_actions;
      insert into private.team_members (email, user_id) values ('${MEMBER.email}', '${MEMBER.sub}'), ('${REMOVED.email}', '${REMOVED.sub}');
      delete from private.team_members where email = '${REMOVED.email}';
      insert into private.editors (email, user_id) values ('${EDITOR.email}', '${EDITOR.sub}');
    `);
    storage.objects.put('investor-deck', 'deck.pdf', samplePdf(), 'application/pdf');
    await fn();
  });

/** The page's press: the inquiry's id, the member's session as bearer, the anon key as apikey. */
async function press(id: unknown, bearer: string | null, headers: Record<string, string> = { apikey: ANON_KEY }) {
  const response = await h.send(
    new Request('http://127.0.0.1:54321/functions/v1/inquiry-notif-resend', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }), ...headers },
      body: JSON.stringify({ team_deck: id }),
    }),
    deps(),
  );
  return { status: response.status, body: await response.json() };
}

const deckEmailsTo = (email: string) => h.resend.requests.filter((request) => request.body.to.includes(email));
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
const stateOf = async (id: string) =>
  (await h.db.query<{ answered_at: Date | null; answered_how: string | null; deck_sent_at: Date | null }>(
    'select answered_at, answered_how, deck_sent_at from public.contact_submissions where id = $1',
    [id],
  )).rows[0]!;
const deckSends = async (id: string) =>
  (await h.db.query<{ n: number }>('select count(*)::int as n from private.inquiry_deck_sends where inquiry_id = $1', [id])).rows[0]!.n;
const actions = async () =>
  (await h.db.query<{ member_id: string; member_email: string; action: string; outcome: string; inquiry_id: string }>(
    'select member_id::text, member_email, action, outcome, inquiry_id from private.team_actions order by id',
  )).rows;

test("a member's press emails the requester the deck once, in their language, reply-to the team; a second press answers done", async () => {
  const row = await h.stored({ type: 'investor', language: 'id' });
  const token = await sessionToken(MEMBER);
  const first = await press(row.id, token);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.deepEqual(first.body, { outcome: 'deck_sent', at: first.body.at });
  assert.ok(!Number.isNaN(Date.parse(first.body.at)));

  const [email, ...more] = deckEmailsTo(row.email);
  assert.equal(more.length, 0);
  assert.deepEqual(email!.body.to, [row.email]);
  assert.equal(email!.body.subject, 'Materi investor AdaSorter');
  assert.equal(email!.body.reply_to, 'team@example.com');
  assert.equal(email!.idempotencyKey, `deck-${row.id}`);
  const [download] = linksIn(email!.body.text).filter((link) => link.startsWith(storage.url));
  const pdf = await fetch(download!);
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  assert.match(new TextDecoder().decode(await pdf.arrayBuffer()), /^%PDF-1\.4/);

  const state = await stateOf(row.id);
  assert.equal(state.deck_sent_at?.getTime(), new Date(first.body.at).getTime());
  assert.equal(state.answered_at, null, 'the deck is not the reply');
  // The database checked the member's own session: the function never asked with the service role.
  assert.deepEqual(h.teamOpenings, [[storage.url, ANON_KEY, token]]);
  assert.deepEqual(await actions(), [
    { member_id: MEMBER.sub, member_email: MEMBER.email, action: 'deck', outcome: 'claimed', inquiry_id: row.id },
  ]);

  const again = await press(row.id, await sessionToken(MEMBER));
  assert.deepEqual(again, { status: 200, body: { outcome: 'done', how: 'deck_sent', at: first.body.at } });
  assert.equal(h.resend.requests.length, 1, 'nothing sent twice');
  assert.deepEqual((await actions()).map((action) => action.outcome), ['claimed', 'sent']);
  for (const line of h.logs) {
    for (const personal of [row.email, row.name, row.message]) assert.ok(!line.includes(personal), `logged: ${line}`);
  }
});

test('an investor request already marked answered still gets its deck, once, and stays answered as marked', async () => {
  const row = await h.stored({ type: 'investor' });
  const marked = await withRole(h.db, 'authenticated', async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', ...MEMBER })]);
    return (await tx.query<{ r: { outcome: string } }>('select public.team_mark_answered($1) as r', [row.id])).rows[0]!.r;
  });
  assert.equal(marked.outcome, 'answered');

  const sent = await press(row.id, await sessionToken(MEMBER));
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.equal(sent.body.outcome, 'deck_sent');
  assert.equal((await press(row.id, await sessionToken(MEMBER))).body.outcome, 'done');
  assert.equal(deckEmailsTo(row.email).length, 1);
  const state = await stateOf(row.id);
  assert.equal(state.answered_how, 'marked');
  assert.ok(state.deck_sent_at);
});

test('an editor, a stranger, a removed member, the anon key, no session or a bad one: refused, nothing sent or claimed', async () => {
  const row = await h.stored({ type: 'investor' });
  const forged = await signJwt(
    { sub: MEMBER.sub, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
    `${JWT_SECRET}-not-the-project's`,
  );
  const refusals: Array<[string, string | null, number]> = [
    ['editor', await sessionToken(EDITOR), 403],
    ['stranger', await sessionToken(STRANGER), 403],
    ['removed member', await sessionToken(REMOVED), 403],
    ["the member's expired session", await sessionToken(MEMBER, -60), 401],
    ['a token signed with another key', forged, 401],
    ['the anon key', ANON_KEY, 401],
    ['the service-role key', env.SUPABASE_SERVICE_ROLE_KEY!, 403],
    ['no bearer', null, 401],
  ];
  for (const [who, bearer, status] of refusals) {
    const answer = await press(row.id, bearer);
    assert.equal(answer.status, status, `${who}: ${JSON.stringify(answer.body)}`);
    assert.equal(answer.body.outcome, 'forbidden', who);
  }
  assert.equal(h.resend.requests.length, 0);
  assert.equal(await deckSends(row.id), 0, 'no claim');
  assert.equal((await stateOf(row.id)).deck_sent_at, null);
  assert.deepEqual(await actions(), [], 'a refused session records nothing');
  // Only a session the function could pass on went to the database, and only as the caller's own.
  assert.ok(h.teamOpenings.every(([, apikey, bearer]) => apikey === ANON_KEY && bearer !== null));
  assert.equal(h.teamOpenings.length, refusals.length - 1);

  // The member, after all that, still gets the deck sent: nothing was held.
  assert.equal((await press(row.id, await sessionToken(MEMBER))).body.outcome, 'deck_sent');
});

test("a call without an apikey uses the function's SUPABASE_ANON_KEY; without either it is refused", async () => {
  const row = await h.stored({ type: 'investor' });
  const token = await sessionToken(MEMBER);
  assert.deepEqual(await press(row.id, token, {}), {
    status: 401,
    body: { outcome: 'forbidden', error: 'Only a signed-in team member may send the deck' },
  });
  assert.equal(h.teamOpenings.length, 0);
  const response = await h.send(
    new Request('http://127.0.0.1:54321/functions/v1/inquiry-notif-resend', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ team_deck: row.id }),
    }),
    h.deps({ env: { ...env, SUPABASE_ANON_KEY: ANON_KEY } }),
  );
  assert.equal((await response.json()).outcome, 'deck_sent');
  assert.deepEqual(h.teamOpenings, [[storage.url, ANON_KEY, token]]);
});

test('a contact request answers not-investor, an unknown id missing, a missing deck deck-missing: nothing sent', async () => {
  const contact = await h.stored({ type: 'contact' });
  const token = await sessionToken(MEMBER);
  assert.deepEqual(await press(contact.id, token), { status: 409, body: { outcome: 'not-investor' } });
  assert.deepEqual(await press(crypto.randomUUID(), token), { status: 404, body: { outcome: 'missing' } });
  assert.equal(await deckSends(contact.id), 0);

  storage.objects.remove('investor-deck', 'deck.pdf');
  const investor = await h.stored({ type: 'investor' });
  assert.deepEqual(await press(investor.id, token), { status: 409, body: { outcome: 'deck-missing' } });
  assert.equal(h.resend.requests.length, 0);
  assert.deepEqual((await actions()).map((action) => action.outcome), ['not-investor', 'missing', 'claimed']);

  for (const id of [42, '', ' ', 'x'.repeat(201), 'a\nb', null]) {
    const refused = await press(id, token);
    assert.equal(refused.status, 400, JSON.stringify(id));
    assert.match(refused.body.error, /team_deck/);
  }
});
