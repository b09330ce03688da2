// The promises job (supabase/migrations/20261127000100_inquiry_promises.sql) on PostgreSQL 15 with
// pg_cron: an inquiry 21 hours old gets one reminder call to the edge function, one 25 hours old one
// "reply overdue" alert through the webhook; nothing twice, nothing once answered, nothing for rows
// older than the promise. The job's own command (from cron.job) is run with the jobs paused; the
// bootstrap's net.http_post records each call. Also the action tokens as the /act/ page meets them.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SUPABASE_PATHS } from '../support/database';
import { clusterForTheFile, describeWithPgCron, loadSupabaseFiles } from '../support/postgres';
import { pauseCronJobs } from '../support/cron-jobs';

const JOB = 'inquiry-promises';
const MIGRATION = path.join(SUPABASE_PATHS.migrations, '20261127000100_inquiry_promises.sql');
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
  /** The edge function's side of an email's links: the token the database mints for the pair, if any. */
  async function mint(id: string, action: string): Promise<string> {
    await query('begin; set local role service_role');
    const { rows: minted } = await query('select public.inquiry_actions_mint($1) as result', [JSON.stringify([{ id, action }])]);
    await query('commit');
    const { tokens } = minted[0]!.result as { tokens: Array<{ token: string }> };
    return tokens[0]?.token ?? '';
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
    await query(await readFile(MIGRATION, 'utf8'));
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
    const answerToken = await mint(id, 'answer');
    const deckToken = await mint(id, 'send_deck');
    const read = await asAnon('select public.action_link_lookup($1) as view', [deckToken]);
    expect(read).toEqual({
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      rows: [{ view: expect.objectContaining({ action: 'send_deck', type: 'investor', name: 'Ana', answered_at: null }) }],
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
    const [expired, mismatched, wrong] = [await mint(id, 'send_deck'), await mint(id, 'answer'), randomBytes(32).toString('base64url')];
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

  test('the database mints the links: the same token for the same pair, only its hash kept, under a key of its own', async () => {
    const investor = await inquiry(3, 'investor');
    const contact = await inquiry(3, 'contact');
    const token = await mint(investor, 'send_deck');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mint(investor, 'send_deck')).toBe(token);
    expect(await mint(investor, 'answer')).not.toBe(token);
    // No deck for a contact message, nothing for an inquiry that does not exist.
    expect(await mint(contact, 'send_deck')).toBe('');
    expect(await mint('00000000-0000-4000-8000-000000000000', 'answer')).toBe('');
    const { rows: stored } = await query(
      `select count(*)::int as n, bool_and(token_hash = decode($2, 'hex')) as hashed from private.inquiry_action_tokens where inquiry_id = $1 and action = 'send_deck'`,
      [investor, sha256(token)],
    );
    expect(stored).toEqual([{ n: 1, hashed: true }]);
    for (const role of ['anon', 'authenticated']) {
      await query(`begin; set local role ${role}`);
      await expect(
        query('select public.inquiry_actions_mint($1)', [JSON.stringify([{ id: investor, action: 'answer' }])]),
      ).rejects.toMatchObject({
        code: '42501',
      });
      await query('rollback');
    }
    // A new key makes new links; the links already sent keep working.
    const before = await query('select key from private.action_token_key');
    try {
      await query(`update private.action_token_key set key = sha256('another key')`);
      const fresh = await mint(investor, 'send_deck');
      expect(fresh).not.toBe(token);
      const stillValid = await asAnon('select public.action_link_lookup($1) as view', [token]);
      expect('rows' in stillValid && (stillValid.rows[0]!.view as { action: string }).action).toBe('send_deck');
    } finally {
      await query('update private.action_token_key set key = $1', [before.rows[0]!.key]);
    }
  });

  test('deleting an inquiry deletes its tokens, deck sends and reminders', async () => {
    const id = await inquiry(21, 'investor');
    await mint(id, 'send_deck');
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
