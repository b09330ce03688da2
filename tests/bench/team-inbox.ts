// The team's inbox on PostgreSQL 15 with 50,000 inquiries (tests/database/support/team-inbox.ts
// makes them): how long 20261129001000_team_inbox.sql holds the table while it fills the mailbox
// column and builds its indexes over rows already there, and the page's queries as a team member
// through RLS (the first page of each filter, the mailbox search, the counts, a person's export and
// erasure, the last rolled back), each the median of its runs, timed from the client as PostgREST
// would wait for it. tests/database/team-inbox-plans.test.ts holds the plans that make them fast.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { SUPABASE_PATHS, migrationFiles } from '../support/database';
import { startPostgresCluster } from '../support/postgres';
import * as inbox from '../database/support/team-inbox';
import { log, median } from './config';

const MIGRATION = '20261129001000_team_inbox.sql';
const TIMED_RUNS = 21;

export interface TeamInboxQuery {
  name: string;
  medianMs: number;
  /** How the plan reads contact_submissions (index names), for a list query. */
  scans?: string[];
  /** Whether the page's first-load budget applies. */
  budgeted: boolean;
}

export interface TeamInboxFigures {
  rows: number;
  /** The migration over the rows, the first time (the table locked meanwhile), and again. */
  migrationMs: number;
  migrationAgainMs: number;
  queries: TeamInboxQuery[];
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The median of TIMED_RUNS runs of `sql` as the member, after two that warm the caches. */
async function medianMs(client: Client, sql: string, params: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < TIMED_RUNS + 2; i++) {
    const ms = await inbox.asMember(client, () => timed(() => client.query(sql, params)));
    if (i >= 2) times.push(ms);
  }
  return Math.round(median(times) * 10) / 10;
}

export async function teamInbox(): Promise<TeamInboxFigures> {
  const cluster = await startPostgresCluster();
  try {
    const { client } = cluster;
    const files = await migrationFiles();
    const index = files.findIndex((file) => path.basename(file.file) === MIGRATION);
    if (index < 0) throw new Error(`bench: ${MIGRATION} is not among the migrations`);
    await client.query(await readFile(SUPABASE_PATHS.bootstrap, 'utf8'));
    for (const file of files.slice(0, index)) await client.query(file.sql);
    log(`the team's inbox: ${inbox.INBOX_ROWS} inquiries on PostgreSQL 15...`);
    await inbox.fillInbox(client);
    const migrationMs = await timed(() => client.query(files[index]!.sql));
    const migrationAgainMs = await timed(() => client.query(files[index]!.sql));
    for (const file of files.slice(index + 1)) await client.query(file.sql);
    await inbox.addBenchMember(client);
    await client.query('vacuum analyze');

    const queries: TeamInboxQuery[] = [];
    for (const query of await inbox.pageQueries(client)) {
      queries.push({
        name: query.name,
        medianMs: await medianMs(client, query.sql, query.params),
        scans: await inbox.asMember(client, () => inbox.contactSubmissionsScans(client, query)),
        budgeted: true,
      });
    }
    queries.push({ name: 'counts', medianMs: await medianMs(client, 'select public.team_inbox_counts()', []), budgeted: true });
    queries.push({
      name: 'export one mailbox',
      medianMs: await medianMs(client, 'select public.team_export($1)', [inbox.SEARCHED_MAILBOX]),
      budgeted: false,
    });
    queries.push({
      name: 'erase one mailbox (rolled back)',
      medianMs: await medianMs(client, 'select public.team_erase($1, $1)', [inbox.SEARCHED_MAILBOX]),
      budgeted: false,
    });
    return {
      rows: inbox.INBOX_ROWS,
      migrationMs: Math.round(migrationMs),
      migrationAgainMs: Math.round(migrationAgainMs),
      queries,
    };
  } finally {
    await cluster.stop();
  }
}
