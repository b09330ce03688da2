// The team's inbox at scale (supabase/migrations/20261129001000_team_inbox.sql): a year of inquiries
// and the queries the /team/ page makes, as a team member through RLS, the way PostgREST runs them.
// Shared by the plan test (tests/database/team-inbox-plans.test.ts) and `npm run bench`.
import type { Client } from 'pg';

/** 100 inquiries a day kept 12 months is 36,500 rows; measured with more. */
export const INBOX_ROWS = 50_000;

/** A member of the team as the page's session presents them (PostgREST's request.jwt.claims). */
export const BENCH_MEMBER = { email: 'wulan@example.test', sub: '3f6a9c12-5e8b-4d71-a0c3-7b2e4f6d8a91' };

/** The visitor the mailbox search, export and erase look for: three of the rows are theirs. */
export const SEARCHED_MAILBOX = 'visitor7@example.test';

/**
 * `count` inquiries over the last year, newest every 10 minutes or so: investors one in five, a
 * fifth in Indonesian, 20,000 visitors (some writing more than once, a few with a +tag). What is
 * older than two days is answered but one in fifty (overdue); of the last two days, half.
 */
export async function fillInbox(client: Client, count = INBOX_ROWS): Promise<void> {
  await client.query(
    `insert into public.contact_submissions
       (name, email, company, message, type, language, created_at, notified_at, answered_at, answered_how)
     select 'Visitor ' || i,
            'visitor' || (i % 20000) || case when i % 97 = 0 then '+news' else '' end || '@example.test',
            case when i % 3 = 0 then 'Company ' || i end,
            'Message ' || i,
            case when i % 5 = 0 then 'investor' else 'contact' end,
            case when i % 5 = 1 then 'id' else 'en' end,
            received, received,
            case when (received < now() - interval '2 days' and i % 50 <> 0) or (received >= now() - interval '2 days' and i % 2 = 0)
                 then received + interval '3 hours' end,
            case when (received < now() - interval '2 days' and i % 50 <> 0) or (received >= now() - interval '2 days' and i % 2 = 0)
                 then 'marked' end
       from pg_catalog.generate_series(1, $1::int) as i,
            lateral (select now() - (i * interval '365 days' / $1::int) as received) as r`,
    [count],
  );
  // As autovacuum keeps a table that has stood a while: its visibility map lets a count read the index alone.
  await client.query('vacuum analyze public.contact_submissions');
}

export interface InboxQuery {
  name: string;
  /** The index its plan should reach contact_submissions through. */
  index: string;
  sql: string;
  params: unknown[];
}

const COLUMNS =
  'id, type, name, email, company, message, language, created_at, reply_due_at, answered_at, answered_how, deck_sent_at, legal_hold, mailbox';

/** PostgREST's read: the page of rows as one JSON body (its outer query, without the headers' parts). */
const page = (where: string) =>
  `select coalesce(pg_catalog.json_agg(_t), '[]') as body from (
     select ${COLUMNS} from public.contact_submissions where ${where}
     order by created_at desc limit 50 offset 0) as _t`;

/** The page's first page of each filter and the mailbox search, with `now` and remind_before as the page has them. */
export function inboxQueries(now: Date, remindBeforeSeconds: number): InboxQuery[] {
  const soon = new Date(now.getTime() + remindBeforeSeconds * 1000);
  return [
    { name: 'open', index: 'contact_submissions_open_idx', sql: page('answered_at is null'), params: [] },
    {
      name: 'due soon',
      index: 'contact_submissions_open_idx',
      sql: page('answered_at is null and reply_due_at >= $1 and reply_due_at < $2'),
      params: [now.toISOString(), soon.toISOString()],
    },
    {
      name: 'overdue',
      index: 'contact_submissions_open_idx',
      sql: page('answered_at is null and reply_due_at < $1'),
      params: [now.toISOString()],
    },
    { name: 'answered', index: 'contact_submissions_answered_idx', sql: page('answered_at is not null'), params: [] },
    { name: 'mailbox search', index: 'contact_submissions_mailbox_idx', sql: page('mailbox = $1'), params: [SEARCHED_MAILBOX] },
  ];
}

/** Runs `fn` in a transaction as the member's request, as PostgREST runs one; rolled back. */
export async function asMember<T>(client: Client, fn: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', aud: 'authenticated', ...BENCH_MEMBER }),
    ]);
    return await fn();
  } finally {
    await client.query('rollback');
  }
}

/** The page's clock and reminder window, as team_inbox_counts() gives them to the page; run it as the member. */
export async function pageSettings(client: Client): Promise<{ now: Date; remind: number; counts: Record<string, number> }> {
  const { rows } = await client.query<{ c: Record<string, number> & { now: string; remind_before_seconds: number } }>(
    'select public.team_inbox_counts() as c',
  );
  const c = rows[0]!.c;
  return { now: new Date(c.now), remind: c.remind_before_seconds, counts: c };
}

/** The page's queries at the clock and reminder window the member's page has. */
export async function pageQueries(client: Client): Promise<InboxQuery[]> {
  const { now, remind } = await asMember(client, () => pageSettings(client));
  return inboxQueries(now, remind);
}

/** Lists the member (linked to their Auth user) so that RLS shows them the inquiries. */
export async function addBenchMember(client: Client): Promise<void> {
  await client.query(
    `insert into private.team_members (email, user_id) values ($1, $2) on conflict (email) do update set user_id = excluded.user_id`,
    [BENCH_MEMBER.email, BENCH_MEMBER.sub],
  );
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** How each scan of the plan reads contact_submissions: "Seq Scan", or the index's name. */
export async function contactSubmissionsScans(client: Client, query: InboxQuery): Promise<string[]> {
  const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) ${query.sql}`, query.params);
  return nodes(rows[0]!['QUERY PLAN'][0]!.Plan)
    .filter((node) => node['Relation Name'] === 'contact_submissions' || node['Index Name']?.startsWith('contact_submissions'))
    .map((node) => node['Index Name'] ?? node['Node Type']);
}
