// Whether the page's promises are kept (supabase/migrations/20261127000100_inquiry_promises.sql):
// inquiries due soon and overdue (type, received, due: never what the visitor wrote), how long
// replies took over 30 days, and whether the investor deck is in its bucket.
import { fail, ok, plural, skip, type CheckResult, type Database } from './report';

interface Waiting {
  id: string;
  type: string;
  created_at: Date;
  reply_due_at: Date;
  overdue: boolean;
}

const at = (time: Date) => `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const describe = (row: Waiting) => `${row.type} ${row.id} received ${at(row.created_at)}, due ${at(row.reply_due_at)}`;

export async function checkPromises(db: Database): Promise<CheckResult[]> {
  const { rows: waiting } = await db.query<Waiting>(
    `select s.id::text, s.type, s.created_at, s.reply_due_at, s.reply_due_at <= now() as overdue
       from public.contact_submissions as s, private.inquiry_limits as l
      where s.answered_at is null and s.reply_due_at <= now() + l.remind_before
      order by s.reply_due_at, s.id`,
  );
  const overdue = waiting.filter((row) => row.overdue);
  const soon = waiting.filter((row) => !row.overdue);
  const results: CheckResult[] = [];
  const soonText = soon.length ? `; due soon: ${soon.map(describe).join('; ')}` : '';
  results.push(
    overdue.length
      ? fail(
          'replies overdue',
          `${plural(overdue.length, 'inquiry', 'inquiries')} past the reply time: ${overdue.map(describe).join('; ')}${soonText}`,
          'reply, then press "Mark as answered" in its email (docs/backend.md, "Promises")',
        )
      : ok('replies overdue', `none${soonText || '; none due soon'}`),
  );

  const { rows: times } = await db.query<{ answered: number; median: number | null; p90: number | null }>(
    `select count(*)::int as answered,
            percentile_cont(0.5) within group (order by extract(epoch from s.answered_at - s.created_at)) as median,
            percentile_cont(0.9) within group (order by extract(epoch from s.answered_at - s.created_at)) as p90
       from public.contact_submissions as s
      where s.answered_at > now() - interval '30 days' and s.reply_due_at is not null`,
  );
  const { answered = 0, median = null, p90 = null } = times[0] ?? {};
  const hours = (seconds: number | null) => (seconds === null ? '-' : `${(seconds / 3600).toFixed(1)} h`);
  results.push(
    ok(
      'reply times (30 days)',
      answered
        ? `${plural(answered, 'reply', 'replies')}: median ${hours(median)}, 90th percentile ${hours(p90)}`
        : 'no replies recorded yet',
    ),
  );

  const { rows: storage } = await db.query<{ present: boolean }>(`select pg_catalog.to_regclass('storage.objects') is not null as present`);
  if (!storage[0]?.present) {
    results.push(skip('investor deck', 'no Supabase Storage in this database', 'on Supabase: upload deck.pdf to the bucket investor-deck'));
    return results;
  }
  const { rows: deck } = await db.query<{ size: string | null }>(
    `select o.metadata ->> 'size' as size from storage.objects as o where o.bucket_id = 'investor-deck' and o.name = 'deck.pdf'`,
  );
  results.push(
    deck[0]
      ? ok('investor deck', `investor-deck/deck.pdf${deck[0].size ? ` (${Math.round(Number(deck[0].size) / 1024)} KB)` : ''}`)
      : fail(
          'investor deck',
          'investor-deck/deck.pdf is missing: "Send the deck" sends nothing',
          'upload it (docs/editors.md, "The investor deck")',
        ),
  );
  return results;
}
