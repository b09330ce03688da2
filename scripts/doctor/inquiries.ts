// Whether inquiries reach the team: none waiting past its time, none given up on, the email caps.
import { fail, minutesSince, ok, plural, warn, type CheckResult, type Database } from './report';

export async function checkInquiries(db: Database): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const { rows: overdue } = await db.query<{ id: string; created_at: Date; attempts: number; last_error: string | null }>(
    'select id, created_at, attempts, last_error from private.overdue_inquiries()',
  );
  const { rows: counts } = await db.query<{ unsent: number; failed: number }>(
    `select count(*) filter (where status <> 'sent' and status <> 'failed')::int as unsent,
            count(*) filter (where status = 'failed')::int as failed
       from private.inquiry_notifications`,
  );
  const { unsent = 0, failed = 0 } = counts[0] ?? {};
  const oldest = overdue[0];
  if (oldest) {
    results.push(
      fail(
        'inquiries waiting too long',
        `${plural(overdue.length, 'inquiry', 'inquiries')} overdue; the oldest, ${oldest.id}, has waited ${minutesSince(oldest.created_at)} min` +
          (oldest.attempts > 0 ? ` (${plural(oldest.attempts, 'failed send')}, last: ${oldest.last_error})` : ''),
        "see the sweep row; select * from private.inquiry_notifications where status <> 'sent' order by created_at;",
      ),
    );
  } else {
    results.push(ok('inquiries waiting too long', `none (${unsent} not yet sent, all within their time)`));
  }
  if (failed) {
    const { rows } = await db.query<{ id: string }>('select id from private.failed_inquiries order by created_at limit 5');
    results.push(
      fail(
        'failed inquiries',
        `${plural(failed, 'inquiry', 'inquiries')} never reached the team: ${rows.map((row) => row.id).join(', ')}`,
        'answer them by hand (select * from private.failed_inquiries), then see docs/backend.md to send them again',
      ),
    );
  } else {
    results.push(ok('failed inquiries', 'none'));
  }
  return results;
}

interface EmailCounts {
  hour: number;
  day: number;
  digests: number;
  emails_per_hour: number;
  emails_per_day: number;
}

export async function checkEmails(db: Database): Promise<CheckResult> {
  const name = 'emails sent';
  const { rows } = await db.query<EmailCounts>(
    `select count(*) filter (where s.notify_channel = 'email' and s.notified_at > now() - interval '1 hour')::int as hour,
            count(*) filter (where s.notify_channel = 'email')::int as day,
            count(*) filter (where s.notify_channel = 'digest')::int as digests,
            l.emails_per_hour, l.emails_per_day
       from private.inquiry_limits as l
       left join public.contact_submissions as s on s.notified_at > now() - interval '1 day'
      group by l.emails_per_hour, l.emails_per_day`,
  );
  const e = rows[0];
  if (!e) return fail(name, 'private.inquiry_limits has no row', 'supabase db push');
  const detail = `last 24 hours: ${e.day} of ${e.emails_per_day} individual emails, ${plural(e.digests, 'inquiry', 'inquiries')} in digests; last hour: ${e.hour} of ${e.emails_per_hour}`;
  if (e.day >= e.emails_per_day || e.hour >= e.emails_per_hour) {
    return warn(
      name,
      `${detail}: a cap is reached, new inquiries go to the hourly digest`,
      'nothing is lost; raise emails_per_day in private.inquiry_limits only if your Resend plan allows',
    );
  }
  return ok(name, detail);
}
