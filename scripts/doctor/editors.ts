// Who may edit the content on /edit/ and what they changed last (private.editors and
// private.content_audit, supabase/migrations/20261127000300_editors.sql).
import { fail, minutesSince, ok, plural, type CheckResult, type Database } from './report';

const SHOWN = 5;

interface Change {
  who: string;
  table_name: string;
  row_id: string;
  action: string;
  changed_at: Date;
  columns: string[] | null;
}

export async function checkEditors(db: Database): Promise<CheckResult> {
  const name = 'editors';
  const { rows: present } = await db.query<{ present: boolean }>(
    `select pg_catalog.to_regclass('private.editors') is not null and pg_catalog.to_regclass('private.content_audit') is not null as present`,
  );
  if (!present[0]?.present) return fail(name, 'no allow-list of editors', 'supabase db push (20261127000300_editors.sql)');
  const { rows: counted } = await db.query<{ editors: number }>(`select count(*)::int as editors from private.editors`);
  const { rows: changes } = await db.query<Change>(
    `select coalesce(a.editor_email, a.actor) as who, a.table_name, a.row_id, a.action, a.changed_at,
            case when a.action = 'update' then array(select pg_catalog.jsonb_object_keys(a.changes) order by 1) end as columns
       from private.content_audit as a
      where a.editor_email is not null
      order by a.id desc limit $1`,
    [SHOWN],
  );
  const editors = plural(counted[0]?.editors ?? 0, 'editor');
  if (changes.length === 0) return ok(name, `${editors}; no change by an editor yet`);
  const last = changes.map(
    (change) =>
      `${change.who} ${change.action} ${change.table_name} ${change.row_id}` +
      `${change.columns ? ` (${change.columns.join(', ')})` : ''} ${minutesSince(change.changed_at)} min ago`,
  );
  return ok(name, `${editors}; last changes: ${last.join('; ')}`);
}
