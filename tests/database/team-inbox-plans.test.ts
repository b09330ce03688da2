// The team's inbox at a year and more of inquiries, on PostgreSQL 15 (50,000 rows): the page's
// first page of each filter and its mailbox search, as a team member through RLS, reach
// contact_submissions through an index, never a scan of every row; a person's export and erasure
// find their mailbox the same way. Plans, not timings: `npm run bench` times them
// (docs/performance.md); this holds what makes them fast.
import type { Client } from 'pg';
import { forTheFile } from '../support/for-the-file';
import { openProjectDatabase } from '../support/shared-postgres';
import {
  SEARCHED_MAILBOX,
  addBenchMember,
  asMember,
  contactSubmissionsScans,
  fillInbox,
  INBOX_ROWS,
  pageQueries,
  pageSettings,
} from './support/team-inbox';

const database = forTheFile(
  'a copy of the project database holding 50,000 inquiries',
  async () => {
    const db = await openProjectDatabase();
    await fillInbox(db.client);
    await addBenchMember(db.client);
    return db;
  },
  (db) => db.close(),
);

test('the rows are a year of inquiries with every filter populated', async () => {
  const { client } = database();
  const settings = await asMember(client, () => pageSettings(client));
  expect(Number(settings.counts.open) + Number(settings.counts.answered)).toBe(INBOX_ROWS);
  for (const filter of ['open', 'due_soon', 'overdue', 'answered']) expect(settings.counts[filter]).toBeGreaterThan(0);
});

test.each(['open', 'due soon', 'overdue', 'answered', 'mailbox search'])(
  "the page's %s query reads contact_submissions through its index, as a team member",
  async (name) => {
    const { client } = database();
    const query = (await pageQueries(client)).find((q) => q.name === name)!;
    const scans = await asMember(client, async () => {
      const { rows } = await client.query<{ body: unknown[] }>(query.sql, query.params);
      expect(rows[0]!.body.length).toBeGreaterThan(0);
      return { scans: await contactSubmissionsScans(client, query), index: query.index };
    });
    expect(scans.scans).not.toContain('Seq Scan');
    expect(scans.scans).toContain(scans.index);
  },
);

/** contact_submissions' scan counters, as the statistics show them once this session's are flushed. */
async function scanCounters(client: Client): Promise<{ seq: number; idx: number }> {
  await client.query('select pg_stat_force_next_flush()');
  // The flush happens when the session next goes idle; a statement of its own, then a fresh snapshot.
  await client.query('select 1');
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ seq: string; idx: string }>(
    `select seq_scan as seq, idx_scan as idx from pg_stat_user_tables where relid = 'public.contact_submissions'::regclass`,
  );
  return { seq: Number(rows[0]!.seq), idx: Number(rows[0]!.idx) };
}

test.each([
  ['export', `select public.team_export($1)`],
  ['erase', `select public.team_erase($1, $1)`],
])("the team's %s finds the mailbox through the index, reading no other row", async (_, sql) => {
  const { client } = database();
  const before = await scanCounters(client);
  const answer = await asMember(client, async () => (await client.query<{ r: unknown }>(`${sql} as r`, [SEARCHED_MAILBOX])).rows[0]!.r);
  expect(JSON.stringify(answer)).toContain('contact_submissions');
  const after = await scanCounters(client);
  expect(after.seq - before.seq).toBe(0);
  expect(after.idx - before.idx).toBeGreaterThan(0);
});
