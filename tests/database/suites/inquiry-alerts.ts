// Stalls and floods are heard: private.send_inquiry_alerts() (the pg_cron job inquiry-alerts)
// posts each cause it finds to the webhook in Vault through pg_net (here the bootstrap's stand-in,
// which records the call), at most once an hour per cause. Run on PGlite and on PostgreSQL 15.
import { pauseCronJobs } from '../../support/cron-jobs';
import { call, pending, type InquiryDatabase, type SqlClient } from './inquiries';

const WEBHOOK = 'https://hooks.example.test/services/T000/B000/inquiries';

interface Posted {
  cause: string;
  count: number;
  text: string;
  content: string;
}

/** The alerts posted since the last look (other jobs' calls, such as the sweep's, are left alone). */
async function takeAlerts(client: SqlClient): Promise<Posted[]> {
  const { rows } = await client.query<{ body: Posted; headers: Record<string, string> }>(
    `delete from net.http_post_calls where url = $1 returning id, body, headers`,
    [WEBHOOK],
  );
  for (const row of rows) expect(row.headers).toEqual({ 'Content-Type': 'application/json' });
  return rows.map((row) => row.body).sort((a, b) => (a.cause < b.cause ? -1 : 1));
}

const send = (client: SqlClient) => call<number>(client, 'private.send_inquiry_alerts()');

/** A visitor refused because others filled the ceiling (or the backlog): the sequence counts it. */
async function refuse(client: SqlClient, sequence: 'overall' | 'pending'): Promise<void> {
  await client.query(`select nextval('private.inquiry_refusals_${sequence}')`);
}

export function describeInquiryAlerts(database: () => InquiryDatabase): void {
  const owner = () => database().owner;

  async function secret(name: string, value: string | null): Promise<void> {
    await owner().query('delete from vault.secrets where name = $1', [name]);
    if (value !== null) await owner().query('select vault.create_secret($1, $2)', [value, name]);
  }

  /** Runs `body` without the sweep's two secrets, then puts back whatever was there. */
  async function withoutSweepSecrets(body: () => Promise<void>): Promise<void> {
    const { rows } = await owner().query<{ name: string; value: string }>(
      `select name, decrypted_secret as value from vault.decrypted_secrets where name in ('project_url', 'service_role_key')`,
    );
    for (const name of ['project_url', 'service_role_key']) await secret(name, null);
    try {
      await body();
    } finally {
      for (const row of rows) await secret(row.name, row.value);
    }
  }

  /** An hour (and a minute) passes for the inquiries and the alerts; the sweep keeps its time. */
  async function anHourPasses(): Promise<void> {
    await owner().query(`update private.inquiry_alerts set called_at = called_at - interval '61 minutes'`);
    await owner().query(`update public.contact_submissions set created_at = created_at - interval '61 minutes',
      notified_at = notified_at - interval '61 minutes', notify_failed_at = notify_failed_at - interval '61 minutes'`);
  }

  /** Where pg_cron runs the job every minute, it is held while these cases drive it by hand. */
  let resumeAlerts: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const { rows } = await owner().query<{ cron: boolean }>(`select pg_catalog.to_regclass('cron.job') is not null as cron`);
    if (rows[0]?.cron) resumeAlerts = await pauseCronJobs((sql, params) => owner().query(sql, params), ['inquiry-alerts']);
  });

  afterAll(async () => {
    await secret('inquiry_alert_webhook_url', null);
    await resumeAlerts?.();
  });

  beforeEach(async () => {
    await owner().query('delete from public.contact_submissions');
    await owner().query('delete from private.inquiry_alerts');
    // Refusals counted before this case are not its business.
    await owner().query(`insert into private.inquiry_alerts (cause, called_at, call_body, refusals_seen, sender_refusals_seen) values
      ('flood', '-infinity', '{}', (select case when is_called then last_value else 0 end from private.inquiry_refusals_overall),
        (select case when is_called then last_value else 0 end from private.inquiry_refusals_sender)),
      ('backlog', '-infinity', '{}', (select case when is_called then last_value else 0 end from private.inquiry_refusals_pending), 0)`);
    // A sweep ran a minute ago: the pipeline is healthy until a case says otherwise.
    await owner().query(`update private.inquiry_sweep set last_run_at = now() - interval '1 minute', verified_only = false`);
    await secret('inquiry_alert_webhook_url', WEBHOOK);
    await takeAlerts(owner());
  });

  describe('the alert webhook', () => {
    test('a healthy pipeline posts nothing; without the webhook secret nothing is posted at all', async () => {
      await pending(owner(), 3, 2);
      expect(await send(owner())).toBe(0);
      await secret('inquiry_alert_webhook_url', null);
      await pending(owner(), 1, 30);
      expect(await send(owner())).toBe(0);
      expect(await takeAlerts(owner())).toEqual([]);
    });

    test('each cause is posted once, for Slack (text) and Discord (content), and again only after an hour', async () => {
      await withoutSweepSecrets(async () => {
        const [failed] = await pending(owner(), 1, 60 * 25);
        await owner().query(`update public.contact_submissions set notify_failed_at = now(), notify_attempts = 12 where id = $1`, [failed]);
        await pending(owner(), 2, 20);
        await owner().query(`update private.inquiry_sweep set last_run_at = now() - interval '11 minutes'`);
        for (let i = 0; i < 3; i++) await refuse(owner(), 'overall');
        await refuse(owner(), 'pending');

        expect(await send(owner())).toBe(5);
        const posted = await takeAlerts(owner());
        expect(posted.map(({ cause, count }) => [cause, Number(count)])).toEqual([
          ['backlog', 1],
          ['failed', 1],
          ['flood', 3],
          ['sweep', 1],
          ['waiting', 2],
        ]);
        for (const alert of posted) expect(alert.content).toBe(alert.text);
        const text = Object.fromEntries(posted.map((alert) => [alert.cause, alert.text]));
        expect(text.waiting).toMatch(
          /^Website inquiries: 2 inquiries overdue by more than 15 minutes, the oldest since \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
        );
        expect(text.sweep).toContain('Vault lacks project_url and service_role_key');
        expect(text.flood).toContain('3 inquiries were refused because the overall limit (100 in 10 minutes) held');
        expect(text.failed).toContain('see private.failed_inquiries');
        // Names nobody: no visitor's name or address in any alert.
        expect(JSON.stringify(posted)).not.toMatch(/@example\.com|Row \d/);

        // Within the hour: nothing, though the stall goes on and more visitors are refused.
        await refuse(owner(), 'overall');
        expect(await send(owner())).toBe(0);

        // An hour later: what still holds, and only the refusals since the last alert.
        await anHourPasses();
        expect(await send(owner())).toBe(3);
        expect((await takeAlerts(owner())).map(({ cause, count }) => [cause, Number(count)])).toEqual([
          ['flood', 1],
          ['sweep', 1],
          ['waiting', 2],
        ]);
      });
    });

    test('a failure after the last alert is posted once that alert is an hour old', async () => {
      const [first, second] = await pending(owner(), 2, 60 * 25);
      await owner().query(`update public.contact_submissions set notify_failed_at = now() where id = $1`, [first]);
      await owner().query(`update public.contact_submissions set notified_at = now() where id = $1`, [second]);
      expect(await send(owner())).toBe(1);
      await anHourPasses();
      expect(await send(owner())).toBe(0);
      await owner().query(`update public.contact_submissions set notified_at = null, notify_failed_at = now() where id = $1`, [second]);
      expect(await send(owner())).toBe(1);
      expect((await takeAlerts(owner())).map((alert) => [alert.cause, Number(alert.count)])).toEqual([
        ['failed', 1],
        ['failed', 1],
      ]);
    });
  });

  describe('what counts as waiting too long', () => {
    const overdue = async () =>
      (await owner().query<{ id: string }>('select id from private.overdue_inquiries()')).rows.map((row) => row.id);

    test('an inquiry due for its own email: after 15 minutes', async () => {
      await pending(owner(), 1, 14);
      const [late] = await pending(owner(), 1, 16);
      expect(await overdue()).toEqual([late]);
    });

    test('one waiting for the digest by design: 15 minutes after the digest was due', async () => {
      // The day's individual emails are spent; a digest went out 30 minutes ago.
      await owner().query('update private.inquiry_limits set emails_per_day = 0');
      try {
        await owner().query(`insert into public.contact_submissions (name, email, message, type, notified_at, notify_channel)
          values ('Digested', 'd@example.com', 'Hi', 'contact', now() - interval '30 minutes', 'digest')`);
        const [waiting] = await pending(owner(), 1, 40);
        expect(await overdue()).toEqual([]);
        await owner().query(`update public.contact_submissions set notified_at = now() - interval '76 minutes' where name = 'Digested'`);
        expect(await overdue()).toEqual([waiting]);
      } finally {
        await owner().query('update private.inquiry_limits set emails_per_day = 50');
      }
    });

    test('with Turnstile, an unverified one waits for the digest; a verified one does not', async () => {
      await owner().query(`update private.inquiry_sweep set verified_only = true`);
      await owner().query(`insert into public.contact_submissions (name, email, message, type, notified_at, notify_channel)
        values ('Digested', 'd@example.com', 'Hi', 'contact', now() - interval '10 minutes', 'digest')`);
      const [, verified] = await pending(owner(), 2, 20);
      await owner().query('update public.contact_submissions set notify_verified_at = created_at where id = $1', [verified]);
      expect(await overdue()).toEqual([verified]);
    });
  });
}
