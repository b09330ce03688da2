// Who answers the inquiries on /team/ and what they did last (private.team_members and
// private.team_actions, supabase/migrations/20261129001000_team_inbox.sql): the member's own
// address, the action, its outcome and the inquiry's id; the record never holds a visitor's.
import { fail, minutesSince, ok, plural, type CheckResult, type Database } from './report';

const SHOWN = 5;

interface Action {
  member_email: string;
  action: string;
  outcome: string;
  inquiry_id: string | null;
  at: Date;
}

export async function checkTeam(db: Database): Promise<CheckResult> {
  const name = 'team';
  const { rows: present } = await db.query<{ present: boolean }>(
    `select pg_catalog.to_regclass('private.team_members') is not null and pg_catalog.to_regclass('private.team_actions') is not null as present`,
  );
  if (!present[0]?.present) return fail(name, "no team's record of actions", 'supabase db push (20261129001000_team_inbox.sql)');
  const { rows: counted } = await db.query<{ members: number }>(`select count(*)::int as members from private.team_members`);
  const { rows: actions } = await db.query<Action>(
    `select a.member_email, a.action, a.outcome, a.inquiry_id, a.at from private.team_actions as a order by a.id desc limit $1`,
    [SHOWN],
  );
  const members = plural(counted[0]?.members ?? 0, 'team member');
  if (actions.length === 0) return ok(name, `${members}; no action on /team/ yet`);
  const last = actions.map(
    (action) =>
      `${action.member_email} ${action.action} ${action.outcome}${action.inquiry_id ? ` ${action.inquiry_id}` : ''} ${minutesSince(action.at)} min ago`,
  );
  return ok(name, `${members}; last actions: ${last.join('; ')}`);
}
