// The inquiry sweep job on PostgreSQL 15 with the real pg_cron, as Supabase runs it: the migrations
// schedule it, its command queues the call through net.http_post with the URL and the service key
// from Vault, and that recorded call, replayed against the real function under Deno (the local
// backend: PostgREST on PGlite, and a Resend stand-in), emails what the browser left behind exactly
// once. The command is run directly rather than waiting for the minute (pg-cron-cluster.test.ts
// proves once that this server runs jobs on their schedule). The database suite of the inquiries
// runs here too, with a second connection for the concurrent claims.
import { Client } from 'pg';
import { startLocalBackend, takeNetCalls, replayNetCall, type LocalBackend, type NetCall } from 'local-supabase';
import { insertInquiry, notifyTeam, visitorRow } from 'local-supabase/visitor';
import { describeWithPgCron, loadSupabaseFiles, startPostgresCluster, startTogether, type PostgresCluster } from '../support/postgres';
import { pauseCronJobs, whileCronJobsPaused } from '../support/cron-jobs';
import { describeInquiryAlerts } from './suites/inquiry-alerts';
import { describeInquiryLimits } from './suites/inquiry-limits';
import { describeInquiryDatabase, inquiryMigrations, type InquiryDatabase, type SqlClient } from './suites/inquiries';

const JOB = 'inquiry-notify-sweep';

describeWithPgCron('the inquiry sweep on PostgreSQL 15 with pg_cron', () => {
  let cluster: PostgresCluster;
  let backend: LocalBackend;
  const extra: Client[] = [];
  const asClient = (client: Client): SqlClient => ({
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await client.query(sql, params)).rows as T[] }),
    exec: (sql) => client.query(sql),
  });

  beforeAll(async () => {
    [cluster, backend] = await startTogether(startPostgresCluster({ cron: true }), startLocalBackend());
    await loadSupabaseFiles(cluster.client);
  });

  afterAll(async () => {
    await Promise.all(extra.map((client) => client.end()));
    await Promise.all([cluster?.stop(), backend?.stop()]);
  });

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    cluster.client.query(text, params).then((result) => result.rows as T[]);

  async function jobCall(): Promise<NetCall> {
    const [job] = await sql<{ command: string }>(`select command from cron.job where jobname = $1`, [JOB]);
    await sql(job!.command);
    const calls = await takeNetCalls(cluster.client);
    expect(calls).toHaveLength(1);
    return calls[0]!;
  }

  test('the migrations schedule the sweep every minute, in this database, and scheduling again changes nothing', async () => {
    const job = () => sql(`select jobid, jobname, schedule, command, database, username, active from cron.job where jobname = $1`, [JOB]);
    const [before] = await job();
    expect(before).toEqual({
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
      jobid: expect.anything(),
      jobname: JOB,
      schedule: '* * * * *',
      command: 'select private.request_inquiry_sweep()',
      database: 'postgres',
      username: 'postgres',
      active: true,
    });
    for (const migration of await inquiryMigrations()) await sql(migration);
    expect(await job()).toEqual([before]);
  });

  test('without the Vault secrets the job runs and calls nothing', async () => {
    const [job] = await sql<{ command: string }>(`select command from cron.job where jobname = $1`, [JOB]);
    await sql(job!.command);
    expect(await takeNetCalls(cluster.client)).toEqual([]);
  });

  describe('with project_url and service_role_key in Vault', () => {
    // These cases run the job's command by hand and count its calls: pg_cron's own run at the turn
    // of a minute would add one.
    let resume: () => Promise<void>;

    beforeAll(async () => {
      resume = await pauseCronJobs((text, params) => cluster.client.query(text, params), [JOB]);
      await sql(`select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`, [
        `${backend.url}/`,
        backend.serviceKey,
      ]);
    });

    afterAll(() => resume?.());

    beforeEach(async () => {
      await backend.sql('delete from contact_submissions');
      backend.emails.length = 0;
      backend.resend.refused.length = 0;
      backend.resend.failWith(null);
    });

    test('the job posts to the function with the service key, through net.http_post', async () => {
      const call = await jobCall();
      expect(call).toEqual({
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
        id: expect.any(Number),
        url: `${backend.url}/functions/v1/inquiry-notif-resend`,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${backend.serviceKey}` },
        body: { sweep: true },
        timeout_milliseconds: 60000,
      });
    });

    /** An inquiry as the browser stores it (anon key over the Data API), without the notify call. */
    async function leftByClosedTab(name: string): Promise<string> {
      const id = crypto.randomUUID();
      const row = { id, name, email: 'visitor@example.com', company: null, message: `Hello from ${name}`, type: 'contact' } as const;
      expect((await insertInquiry(backend.url, backend.anonKey, row)).status).toBe(201);
      return id;
    }

    const sentKeys = () => backend.emails.map((email) => email.idempotencyKey);

    test('replayed against the function: a closed tab and a two-day-old inquiry are emailed once each, a notified one never', async () => {
      const closedTab = await leftByClosedTab('Closed Tab');
      const [old] = await backend.sql<{ id: string }>(
        `insert into contact_submissions (name, email, message, type, created_at)
         values ('Two Days', 'old@example.com', 'Still waiting', 'investor', now() - interval '2 days') returning id`,
      );
      const [notified] = await backend.sql<{ id: string }>(
        `insert into contact_submissions (name, email, message, type, notified_at, notify_channel)
         values ('Done', 'done@example.com', 'Answered', 'contact', now(), 'email') returning id`,
      );

      const call = await jobCall();
      const first = await replayNetCall(call);
      expect(first).toEqual({ status: 200, body: { sent: 2, retrying: 0, released: 0, digested: 0, decks: 0 } });
      expect(sentKeys()).toEqual([old!.id, closedTab]);
      expect(backend.emails.map((email) => email.body.subject)).toEqual([
        'New investor deck request from "Two Days"',
        'New contact message from "Closed Tab"',
      ]);

      // The next minutes' runs find nothing more to send.
      expect((await replayNetCall(await jobCall())).body).toEqual({ sent: 0, retrying: 0, released: 0, digested: 0, decks: 0 });
      expect(sentKeys()).toEqual([old!.id, closedTab]);
      expect(sentKeys()).not.toContain(notified!.id);
    });

    test('a burst of 30 fresh inquiries with their notify calls costs 20 individual emails and one digest naming the rest', async () => {
      await backend.db.query('delete from private.inquiry_writes');
      const burst = Array.from({ length: 30 }, () => visitorRow());
      // Thirty visitors, three inquiries per address: within the per-address limit.
      const answers = await Promise.all(
        burst.map(async (row, index) => {
          const address = `127.0.0.${10 + Math.floor(index / 3)}`;
          const stored = await insertInquiry(backend.url, backend.anonKey, row, address);
          return [stored.status, (await notifyTeam(backend.url, backend.anonKey, row, address)).status];
        }),
      );
      expect(answers.filter(([stored]) => stored === 201)).toHaveLength(30);
      const notifyStatuses = answers.map(([, notified]) => notified).sort();
      expect(notifyStatuses).toEqual([...Array<number>(20).fill(200), ...Array<number>(10).fill(202)]);

      expect((await replayNetCall(await jobCall())).body).toEqual({ sent: 0, retrying: 0, released: 0, digested: 10, decks: 0 });
      expect((await replayNetCall(await jobCall())).body).toEqual({ sent: 0, retrying: 0, released: 0, digested: 0, decks: 0 });
      expect(backend.emails.length).toBeLessThanOrEqual(22);
      const individual = backend.emails.filter((email) => !String(email.idempotencyKey).startsWith('digest-'));
      expect(individual).toHaveLength(20);
      const everything = backend.emails.map((email) => String(email.body.text)).join('\n');
      const unnamed = burst.filter((row) => !(everything.includes(row.email) && everything.includes(row.name)));
      expect(unnamed).toEqual([]);
      await backend.db.query('delete from private.inquiry_writes');
    });

    test('the same call with the anon key is refused and sends nothing', async () => {
      await leftByClosedTab('Waiting');
      const call = await jobCall();
      const forged = { ...call, headers: { ...call.headers, Authorization: `Bearer ${backend.anonKey}` } };
      expect((await replayNetCall(forged)).status).toBe(401);
      expect(backend.emails).toEqual([]);
    });

    test('after a Resend outage the waiting inquiry is sent exactly once', async () => {
      const id = await leftByClosedTab('During Outage');
      backend.resend.failWith(503);
      expect((await replayNetCall(await jobCall())).body).toEqual({ sent: 0, retrying: 1, released: 0, digested: 0, decks: 0 });
      backend.resend.failWith('network');
      await backend.sql('update contact_submissions set notify_next_at = now()');
      expect((await replayNetCall(await jobCall())).body).toEqual({ sent: 0, retrying: 1, released: 0, digested: 0, decks: 0 });

      backend.resend.failWith(null);
      // Not yet due: the retry waits its turn (two minutes after the second failure).
      expect((await replayNetCall(await jobCall())).body).toMatchObject({ sent: 0 });
      await backend.sql('update contact_submissions set notify_next_at = now()');
      expect((await replayNetCall(await jobCall())).body).toMatchObject({ sent: 1 });
      expect((await replayNetCall(await jobCall())).body).toMatchObject({ sent: 0 });
      expect(sentKeys()).toEqual([id]);
      // Every try carried the same key and payload (a dropped connection may be retried by the
      // HTTP client itself, so the refused tries are at least two).
      expect(backend.resend.refused.length).toBeGreaterThanOrEqual(2);
      for (const refused of backend.resend.refused) {
        expect({ key: refused.idempotencyKey, body: refused.body }).toEqual({ key: id, body: backend.emails[0]?.body });
      }
    });
  });

  test('the migrations schedule the alerts every minute; the job posts to the webhook in Vault', async () => {
    const jobs = await sql(`select schedule, command, database, active from cron.job where jobname = 'inquiry-alerts'`);
    expect(jobs).toEqual([{ schedule: '* * * * *', command: 'select private.send_inquiry_alerts()', database: 'postgres', active: true }]);
    // The command is run by hand: pg_cron's own run meanwhile would post in its place, or beside it.
    await whileCronJobsPaused(
      (text, params) => cluster.client.query(text, params),
      ['inquiry-alerts'],
      async () => {
        await sql(`update private.inquiry_sweep set last_run_at = null`);
        await sql(`delete from private.inquiry_alerts`);
        await sql(`select vault.create_secret('https://hooks.example.test/alerts', 'inquiry_alert_webhook_url')`);
        try {
          await sql(jobs[0]!.command as string);
          const calls = await sql<{ cause: string }>(
            `delete from net.http_post_calls where url = 'https://hooks.example.test/alerts' returning body ->> 'cause' as cause`,
          );
          expect(calls).toEqual([{ cause: 'sweep' }]);
        } finally {
          await sql(`delete from vault.secrets where name = 'inquiry_alert_webhook_url'`);
          await sql(`delete from private.inquiry_alerts`);
        }
      },
    );
  });

  describe('the database side', () => {
    const database = (): InquiryDatabase => ({
      owner: asClient(cluster.client),
      second: async () => {
        const client = new Client({ host: '127.0.0.1', port: cluster.port, user: 'postgres', database: 'postgres' });
        await client.connect();
        extra.push(client);
        return asClient(client);
      },
    });
    describeInquiryDatabase(database);
    describeInquiryLimits(database);
    describeInquiryAlerts(database);
  });
});
