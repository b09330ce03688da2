// The promises job (supabase/migrations/20261127000100_inquiry_promises.sql) on PostgreSQL 15 with
// pg_cron: an inquiry 21 hours old gets one reminder call to the edge function, one 25 hours old one
// "reply overdue" alert through the webhook; nothing twice, nothing once answered, nothing for rows
// older than the promise. The job's own command (from cron.job) is run with the jobs paused; the
// bootstrap's net.http_post records each call. Also the action tokens as the /act/ page meets them
// (20261129000200_action_links.sql): the database holds their hashes and no key.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import { SUPABASE_PATHS } from '../support/database';
import { clusterForTheFile, describeWithPgCron, loadSupabaseFiles } from '../support/postgres';
import { pauseCronJobs } from '../support/cron-jobs';

const JOB = 'inquiry-promises';
/** The promises' migration; it and every later file apply again without a change. */
const MIGRATION = '20261127000100_inquiry_promises.sql';
const WEBHOOK = 'https://hooks.slack.example/services/T000/B000/XXXX';
const PROJECT = 'https://project.supabase.example';
const FUNCTION = `${PROJECT}/functions/v1/inquiry-notif-resend`;

type Row = Record<string, unknown>;

describeWithPgCron('the promises job on PostgreSQL 15 with pg_cron', () => {
  const cluster = clusterForTheFile({ cron: true });
  const query = (sql: string, params?: unknown[]) => cluster().client.query<Row>(sql, params);
  let jobCommand: string;
  let rows = 0;

  /** An inquiry stored as a visitor stores it, then made `hours` old (its due time with it). */
  async function inquiry(hours: number, type = 'contact'): Promise<string> {
    rows += 1;
    const id = `00000000-0000-4000-8000-${String(rows).padStart(12, '0')}`;
    await query('begin; set local role anon');
    await query(
      `insert into public.contact_submissions (id, name, email, message, type, language) values ($1, 'Ana', $2, 'Hello', $3, 'id')`,
      [id, `ana${rows}@example.com`, type],
    );
    await query('commit');
    await query(
      `update public.contact_submissions set created_at = created_at - make_interval(hours => $2),
              reply_due_at = reply_due_at - make_interval(hours => $2) where id = $1`,
      [id, hours],
    );
    return id;
  }
  /** Runs the job once; the calls it made, by kind. */
  async function minute(): Promise<{ reminders: number; alerts: Row[] }> {
    await query(jobCommand);
    const { rows: calls } = await query('delete from net.http_post_calls returning url, body');
    return {
      reminders: calls.filter((call) => call.url === FUNCTION).length,
      alerts: calls.filter((call) => call.url === WEBHOOK).map((call) => call.body as Row),
    };
  }
  /** The edge function's side of a reminder: claims what is due and reports it sent. */
  async function remindAsFunction(): Promise<string[]> {
    await query('begin; set local role service_role');
    const { rows: claimed } = await query('select public.inquiry_remind_claim() as result');
    const result = claimed[0]!.result as { claim: string | null; rows: Array<{ id: string }> };
    if (result.claim) await query('select public.inquiry_remind_done($1, true)', [result.claim]);
    await query('commit');
    return result.rows.map((row) => row.id);
  }
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  /** The function's secret ACTION_TOKEN_KEY in these tests: the database never sees it. */
  const KEY = 'action-token-key-of-the-promises-job-tests';
  /** The token the function derives for a pair (supabase/functions/inquiry-notif-resend/actions.ts). */
  const tokenFor = (id: string, action: string) =>
    createHmac('sha256', KEY).update(`inquiry-action:v1:${id}:${action}`).digest('base64url');
  /** The edge function's side of an email's links: the pair's token, if the database keeps its hash live; else ''. */
  async function issue(id: string, action: string): Promise<string> {
    const token = tokenFor(id, action);
    await query('begin; set local role service_role');
    const { rows: stored } = await query('select public.inquiry_actions_store($1) as result', [
      JSON.stringify([{ id, action, hash: sha256(token) }]),
    ]);
    await query('commit');
    const { live } = stored[0]!.result as { live: string[] };
    return live.includes(sha256(token)) ? token : '';
  }
  async function asAnon(sql: string, params: unknown[]): Promise<{ rows: Row[] } | { error: string }> {
    await query('begin; set local role anon');
    try {
      const { rows: result } = await query(sql, params);
      return { rows: result };
    } catch (error) {
      return { error: `${(error as { code?: string }).code}: ${(error as Error).message}` };
    } finally {
      await query('rollback');
    }
  }
  const take = async (token: string, action: string) => {
    await query('begin; set local role service_role');
    try {
      return (await query('select public.inquiry_action_take($1, $2) as result', [token, action])).rows[0]!.result as Row;
    } finally {
      await query('commit');
    }
  };

  beforeAll(async () => {
    await loadSupabaseFiles(cluster().client);
    jobCommand = String((await query('select command from cron.job where jobname = $1', [JOB])).rows[0]?.command);
    await pauseCronJobs(query, [JOB, 'inquiry-alerts', 'inquiry-notify-sweep', 'site-watch', 'site-rebuild']);
    await query(
      `select vault.create_secret($1, 'inquiry_alert_webhook_url'), vault.create_secret($2, 'project_url'),
                        vault.create_secret('service-key', 'service_role_key')`,
      [WEBHOOK, PROJECT],
    );
    await query('delete from net.http_post_calls');
  });

  test('the migration schedules the job every minute, and applies again without a change', async () => {
    const job = () => query('select schedule, command, active from cron.job where jobname = $1', [JOB]).then((result) => result.rows);
    const before = await job();
    expect(before).toEqual([{ schedule: '* * * * *', command: 'select private.keep_inquiry_promises()', active: false }]);
    const columns = () =>
      query(`select table_name, column_name, column_default from information_schema.columns
              where table_schema in ('public', 'private') and table_name in ('contact_submissions', 'inquiry_limits', 'inquiry_action_tokens')
              order by 1, 2`).then((result) => result.rows);
    const shape = await columns();
    const files = (await readdir(SUPABASE_PATHS.migrations)).filter((file) => file.endsWith('.sql') && file >= MIGRATION).sort();
    for (const file of files) await query(await readFile(path.join(SUPABASE_PATHS.migrations, file), 'utf8'));
    await query(`select cron.alter_job(jobid, active := false) from cron.job where jobname = $1`, [JOB]);
    expect(await job()).toEqual(before);
    expect(await columns()).toEqual(shape);
  });

  test('21 hours old: one reminder; 25 hours old: one alert; neither again; none once answered', async () => {
    const older = await query(`insert into public.contact_submissions (name, email, message, type, created_at)
                                values ('Old', 'old@example.com', 'x', 'contact', now() - interval '30 hours') returning id`);
    await query('update public.contact_submissions set reply_due_at = null where id = $1', [older.rows[0]!.id]);
    const soon = await inquiry(21, 'investor');
    const late = await inquiry(25);

    const first = await minute();
    expect(first.reminders).toBe(1);
    expect(first.alerts).toEqual([expect.objectContaining({ cause: 'reply overdue', count: 1 })]);
    expect(JSON.stringify(first.alerts)).not.toMatch(/Ana|Hello|example\.com/);
    expect(await remindAsFunction()).toEqual([soon]);

    expect(await minute()).toEqual({ reminders: 0, alerts: [] });
    expect(await remindAsFunction()).toEqual([]);

    // Answered before its time: never reminded, never alerted.
    const answeredSoon = await inquiry(21);
    const answeredLate = await inquiry(25);
    await query(`update public.contact_submissions set answered_at = now(), answered_how = 'marked' where id = any($1::uuid[])`, [
      [answeredSoon, answeredLate],
    ]);
    expect(await minute()).toEqual({ reminders: 0, alerts: [] });
    expect(late).toBeTruthy();
  });

  test('an alert goes only to a public https webhook', async () => {
    await query(`update vault.secrets set secret = 'http://169.254.169.254/latest/meta-data/' where name = 'inquiry_alert_webhook_url'`);
    try {
      const id = await inquiry(26);
      expect(await minute()).toEqual({ reminders: 0, alerts: [] });
      const { rows: state } = await query('select overdue_alerted_at from public.contact_submissions where id = $1', [id]);
      expect(state[0]!.overdue_alerted_at).toBeNull();
    } finally {
      await query(`update vault.secrets set secret = $1 where name = 'inquiry_alert_webhook_url'`, [WEBHOOK]);
      await minute();
    }
  });

  test('the /act/ page reads a link with the anon key; a wrong, expired or mismatched one is one refusal', async () => {
    const id = await inquiry(1, 'investor');
    const answerToken = await issue(id, 'answer');
    const deckToken = await issue(id, 'send_deck');
    const read = await asAnon('select public.action_link_lookup($1) as view', [deckToken]);
    expect(read).toMatchObject({
      rows: [{ view: { action: 'send_deck', answered_at: null, inquiry: { type: 'investor', name: 'Ana' } } }],
    });
    expect(JSON.stringify(read)).not.toContain('Hello');
    await query(`update private.inquiry_action_tokens set expires_at = now() where token_hash = decode($1, 'hex')`, [sha256(deckToken)]);
    const refusals = [];
    for (const token of [deckToken, 'no-such-token', '']) refusals.push(await asAnon('select public.action_link_lookup($1)', [token]));
    expect(new Set(refusals.map((refusal) => JSON.stringify(refusal))).size).toBe(1);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
    expect(refusals[0]).toEqual({ error: expect.stringMatching(/^PT404: This link is not valid/) });
    expect(await asAnon('select public.inquiry_action_take($1, $2)', [answerToken, 'answer'])).toEqual({
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      error: expect.stringMatching(/^42501/),
    });

    expect(await take(answerToken, 'send_deck')).toEqual({ outcome: 'invalid' });
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
    expect(await take(answerToken, 'answer')).toEqual({ outcome: 'answered', at: expect.any(String) });
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
    expect(await take(answerToken, 'answer')).toEqual({ outcome: 'done', how: 'marked', at: expect.any(String) });
  });

  test('a wrong and an expired link take the same time to refuse, on the /act/ page and at the press', async () => {
    const id = await inquiry(2, 'investor');
    // Tokens as the team's email carries them; the wrong one is 256 random bits, base64url, alike.
    const [expired, mismatched, wrong] = [await issue(id, 'send_deck'), await issue(id, 'answer'), randomBytes(32).toString('base64url')];
    await query(`update private.inquiry_action_tokens set expires_at = now() where token_hash = decode($1, 'hex')`, [sha256(expired)]);
    // Timed inside the server, so that the network's noise does not hide a difference; the kinds take
    // turns, each round starting with the next, so that a busy moment falls on all of them alike.
    await query(`create temporary table refusal_times (kind text, us float8)`);
    await query(`create function pg_temp.time_refusals(kinds text[], tokens text[], call text, rounds int) returns void
      language plpgsql as $fn$
      declare
        started timestamptz;
        took interval;
        k int;
      begin
        for round in 1..rounds loop
          for step in 0..array_length(kinds, 1) - 1 loop
            k := (round + step) % array_length(kinds, 1) + 1;
            started := pg_catalog.clock_timestamp();
            begin
              if call = 'lookup' then
                perform public.action_link_lookup(tokens[k]);
              else
                perform public.inquiry_action_take(tokens[k], 'send_deck');
              end if;
            exception when others then
              null;
            end;
            took := pg_catalog.clock_timestamp() - started;
            insert into refusal_times values (call || ' ' || kinds[k], extract(epoch from took) * 1e6);
          end loop;
        end loop;
      end;
      $fn$`);
    await query(`select pg_temp.time_refusals(array['wrong', 'expired'], $1, 'lookup', 300)`, [[wrong, expired]]);
    await query(`select pg_temp.time_refusals(array['wrong', 'expired', 'mismatched'], $1, 'take', 300)`, [[wrong, expired, mismatched]]);
    const { rows: medians } = await query(
      `select kind, percentile_cont(0.5) within group (order by us) as us from refusal_times group by kind order by kind`,
    );
    const median = (kind: string) => Number(medians.find((row) => row.kind === kind)?.us);
    console.log(
      `median time to refuse a link, in µs: ${medians.map((row) => `${String(row.kind)} ${Math.round(Number(row.us))}`).join(', ')}`,
    );
    // The same work whichever it is: one hash and one index lookup, then the same refusal. A check
    // that did more for one kind (a second lookup, a slower hash) would show here.
    const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.25 * Math.min(a, b), 30);
    for (const kind of ['lookup expired', 'take expired', 'take mismatched']) {
      const baseline = kind.replace(/ .*/, ' wrong');
      expect([kind, close(median(kind), median(baseline))]).toEqual([kind, true]);
    }
    // Nothing changed: the inquiry is still waiting and no deck was claimed.
    expect((await query('select answered_at from public.contact_submissions where id = $1', [id])).rows).toEqual([{ answered_at: null }]);
    expect((await query('select count(*)::int as n from private.inquiry_deck_sends where inquiry_id = $1', [id])).rows).toEqual([{ n: 0 }]);
  });

  test('the database keeps only the hashes the function gives it, each for action_link_valid; a known one keeps its first expiry', async () => {
    const investor = await inquiry(3, 'investor');
    const contact = await inquiry(3, 'contact');
    const token = await issue(investor, 'send_deck');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await issue(investor, 'send_deck')).toBe(token);
    // No deck for a contact message, nothing for an inquiry that does not exist.
    expect(await issue(contact, 'send_deck')).toBe('');
    expect(await issue('00000000-0000-4000-8000-000000000000', 'answer')).toBe('');
    const { rows: stored } = await query(
      `select count(*)::int as n, bool_and(token_hash = decode($2, 'hex')) as hashed,
              bool_and(expires_at - created_at = interval '14 days') as fortnight
         from private.inquiry_action_tokens where inquiry_id = $1 and action = 'send_deck'`,
      [investor, sha256(token)],
    );
    expect(stored).toEqual([{ n: 1, hashed: true, fortnight: true }]);
    // A shorter lifetime applies to links first sent from then on, not to those already out.
    await query(`update private.inquiry_limits set action_link_valid = interval '1 hour'`);
    try {
      await issue(investor, 'send_deck');
      await issue(investor, 'answer');
      const { rows: lives } = await query(
        `select action, extract(epoch from expires_at - created_at)::int as seconds
           from private.inquiry_action_tokens where inquiry_id = $1 order by action`,
        [investor],
      );
      expect(lives).toEqual([
        { action: 'answer', seconds: 3600 },
        { action: 'send_deck', seconds: 14 * 86_400 },
      ]);
    } finally {
      await query(`update private.inquiry_limits set action_link_valid = interval '14 days'`);
    }
    // Not a hash: nothing stored, nothing refused loudly.
    await query('begin; set local role service_role');
    const { rows: odd } = await query('select public.inquiry_actions_store($1) as result', [
      JSON.stringify([
        { id: contact, action: 'answer', hash: 'zz' },
        { id: contact, action: 'answer', hash: token },
      ]),
    ]);
    await query('commit');
    expect(odd[0]!.result).toEqual({ site: null, live: [] });
    for (const role of ['anon', 'authenticated']) {
      await query(`begin; set local role ${role}`);
      await expect(
        query('select public.inquiry_actions_store($1)', [JSON.stringify([{ id: investor, action: 'answer', hash: sha256('x') }])]),
      ).rejects.toMatchObject({ code: '42501' });
      await query('rollback');
    }
  });

  test('no link can be made from the database: no key, no minting function, only hashes', async () => {
    const { rows } = await query(
      `select pg_catalog.to_regclass('private.action_token_key') as key_table,
              (select count(*)::int from pg_catalog.pg_proc where proname in ('inquiry_actions_mint', 'inquiry_actions_issue')) as minting,
              (select count(*)::int from pg_catalog.pg_proc where prosrc like '%inquiry-action:%') as deriving,
              (select pg_catalog.array_agg(column_name::text order by column_name) from information_schema.columns
                where table_schema = 'private' and table_name = 'inquiry_action_tokens') as kept`,
    );
    expect(rows).toEqual([
      { key_table: null, minting: 0, deriving: 0, kept: ['action', 'created_at', 'expires_at', 'inquiry_id', 'token_hash', 'used_at'] },
    ]);
  });

  test('a link that has done its work shows its state only: never the name, company or address', async () => {
    const id = await inquiry(1, 'investor');
    const [answer, deck] = [await issue(id, 'answer'), await issue(id, 'send_deck')];
    const view = async (token: string) => {
      const read = await asAnon('select public.action_link_lookup($1) as view', [token]);
      if (!('rows' in read)) throw new Error(read.error);
      return read.rows[0]!.view as Row;
    };
    // Still to do: the inquiry is shown, the deck's address with the deck's link.
    expect(await view(deck)).toMatchObject({ inquiry: { name: 'Ana', email: expect.stringMatching(/@example\.com$/) as unknown } });
    expect(await view(answer)).toMatchObject({ inquiry: { name: 'Ana', email: null } });

    expect(await take(answer, 'answer')).toMatchObject({ outcome: 'answered' });
    for (const token of [answer, deck]) {
      const state = await view(token);
      expect(Object.keys(state).sort()).toEqual(['action', 'answered_at', 'answered_how', 'deck_sent_at']);
      expect(state).toMatchObject({ answered_how: 'marked', deck_sent_at: null });
      expect(JSON.stringify(state)).not.toMatch(/Ana|example\.com|Hello/);
    }

    // The deck sent, the reply not marked: the deck's link is spent, the answer's still shows the inquiry.
    const other = await inquiry(1, 'investor');
    const [otherAnswer, otherDeck] = [await issue(other, 'answer'), await issue(other, 'send_deck')];
    const claimed = await take(otherDeck, 'send_deck');
    expect(claimed).toMatchObject({ outcome: 'claimed' });
    await query('begin; set local role service_role');
    await query('select public.inquiry_deck_sent($1)', [claimed.claim]);
    await query('commit');
    const spent = await view(otherDeck);
    expect(Object.keys(spent).sort()).toEqual(['action', 'answered_at', 'answered_how', 'deck_sent_at']);
    expect(spent).toMatchObject({ answered_at: null, deck_sent_at: expect.any(String) as unknown });
    expect(await view(otherAnswer)).toMatchObject({ inquiry: { name: 'Ana' }, deck_sent_at: expect.any(String) as unknown });
  });

  test('a wrong, expired or mismatched token is refused without waiting for the notification lock', async () => {
    const id = await inquiry(2, 'investor');
    const [expired, answer] = [await issue(id, 'send_deck'), await issue(id, 'answer')];
    await query(`update private.inquiry_action_tokens set expires_at = now() where token_hash = decode($1, 'hex')`, [sha256(expired)]);
    const holder = new Client({ host: '127.0.0.1', port: cluster().port, user: 'postgres', database: 'postgres' });
    await holder.connect();
    try {
      // The sweep, a browser's claim or another press holds the lock, as each does for a moment.
      await holder.query(`begin; select pg_advisory_xact_lock(hashtext('inquiry_notify_claim'))`);
      await query(`begin; set local role service_role; set local lock_timeout = '3s'`);
      try {
        for (const [token, action] of [
          [randomBytes(32).toString('base64url'), 'answer'],
          [expired, 'send_deck'],
          [answer, 'send_deck'],
        ]) {
          const started = performance.now();
          const { rows } = await query('select public.inquiry_action_take($1, $2) as result', [token, action]);
          expect([action, rows[0]!.result]).toEqual([action, { outcome: 'invalid' }]);
          expect(performance.now() - started).toBeLessThan(1_500);
        }
        // A valid token does wait for it: the lock was held all along.
        await expect(query('select public.inquiry_action_take($1, $2)', [answer, 'answer'])).rejects.toMatchObject({ code: '55P03' });
      } finally {
        await query('rollback');
      }
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await query('select answered_at from public.contact_submissions where id = $1', [id])).rows).toEqual([{ answered_at: null }]);
  });

  test('deleting an inquiry deletes its tokens, deck sends and reminders', async () => {
    const id = await inquiry(21, 'investor');
    await issue(id, 'send_deck');
    await query(`insert into private.inquiry_deck_sends (inquiry_id, how) values ($1, 'press')`, [id]);
    await query(`insert into private.inquiry_reminders (inquiry_id, sent_at) values ($1, now())`, [id]);
    await query('delete from public.contact_submissions where id = $1', [id]);
    const { rows: left } = await query(
      `select (select count(*) from private.inquiry_action_tokens where inquiry_id = $1)::int
            + (select count(*) from private.inquiry_deck_sends where inquiry_id = $1)::int
            + (select count(*) from private.inquiry_reminders where inquiry_id = $1)::int as n`,
      [id],
    );
    expect(left[0]!.n).toBe(0);
  });
});
