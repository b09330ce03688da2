// The inquiry delivery, limits and alerts on PGlite, the embedded database of the build and of the
// local backend: the same suites as on PostgreSQL 15 (inquiry-sweep-job.test.ts), one connection.
import type { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase } from 'gatsby-source-supabase-content/embedded-db';
import { SUPABASE_PATHS } from '../support/database';
import { describeInquiryAlerts } from './suites/inquiry-alerts';
import { describeInquiryLimits } from './suites/inquiry-limits';
import { describeInquiryDatabase, type InquiryDatabase, type SqlClient } from './suites/inquiries';

let db: PGlite;

beforeAll(async () => {
  db = await openEmbeddedDatabase(SUPABASE_PATHS);
});

afterAll(() => db?.close());

const client: SqlClient = { query: (sql, params) => db.query(sql, params), exec: (sql) => db.exec(sql) };

test('neither the sweep nor the alerts are scheduled where pg_cron is missing; the sweep still queues its call', async () => {
  const { rows } = await db.query(`select count(*)::int as n from pg_catalog.pg_namespace where nspname = 'cron'`);
  expect(rows).toEqual([{ n: 0 }]);
  await db.query(`select vault.create_secret('http://127.0.0.1:54321/', 'project_url'), vault.create_secret('svc', 'service_role_key')`);
  try {
    await db.query('select private.request_inquiry_sweep()');
    const calls = await db.query('delete from net.http_post_calls returning url, headers, body');
    expect(calls.rows).toEqual([
      {
        url: 'http://127.0.0.1:54321/functions/v1/inquiry-notif-resend',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer svc' },
        body: { sweep: true },
      },
    ]);
  } finally {
    await db.query(`delete from vault.secrets where name in ('project_url', 'service_role_key')`);
  }
});

describe('on PGlite', () => {
  // PGlite is one session: the "second connection" is the same one, so claims there are sequential.
  const database = (): InquiryDatabase => ({ owner: client, second: async () => client });
  describeInquiryDatabase(database);
  describeInquiryLimits(database);
  describeInquiryAlerts(database);
});
