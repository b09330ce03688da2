// The content revision (20261125001500_content_revision.sql): every kind of edit of the three
// content tables moves it, in the edit's own transaction and once per statement; reads and
// statements that change nothing leave it; visitors read it through public.content_revision and
// reach nothing else of it.
import { INSUFFICIENT_PRIVILEGE, sqlState, type DbRole, type Session, type TestDatabase } from '../../support/database';

const CONTENT_TABLES = ['material_coverage', 'timeline', 'feature_cards'] as const;
type ContentTable = (typeof CONTENT_TABLES)[number];

const NEW_ROWS: Record<ContentTable, string> = {
  material_coverage: `(name, description, status) values ('Batteries', 'Household cells', 'coming-soon'), ('Tins', 'Cans', 'live')`,
  timeline: `(period, title, description, status, icon) values ('Q4 2027', 'Nine cities', 'More lines', 'upcoming', 'Rocket')`,
  feature_cards: `(classification, title, subtitle, icon, icon_color) values ('worker', 'Shade', 'Cooler lines', '☂', '#0f766e')`,
};

const TITLE: Record<ContentTable, string> = { material_coverage: 'name', timeline: 'title', feature_cards: 'title' };

/** What an editor does to a table, and by how much the revision moves for it. */
const EDITS: Array<{ edit: string; sql: (table: ContentTable) => string; moves: number }> = [
  { edit: 'an insert of two rows (one statement)', sql: (t) => `insert into public.${t} ${NEW_ROWS[t]}`, moves: 1 },
  {
    edit: 'an update of one title',
    sql: (t) => `update public.${t} set ${TITLE[t]} = ${TITLE[t]} || ' (edited)' where id = (${firstId(t)})`,
    moves: 1,
  },
  { edit: 'an activation of the drafts', sql: (t) => `update public.${t} set is_active = true where not is_active`, moves: 1 },
  { edit: 'a deactivation of one row', sql: (t) => `update public.${t} set is_active = false where id = (${firstId(t)})`, moves: 1 },
  // Every row one place further down, the first one last: one statement, every row changed.
  {
    edit: 'a reordering of the whole list',
    sql: (t) => `update public.${t} set order_index = case when id = (${firstId(t)}) then 1000 else order_index - 1 end where is_active`,
    moves: 1,
  },
  { edit: 'a delete of one row', sql: (t) => `delete from public.${t} where id = (${firstId(t)})`, moves: 1 },
  { edit: 'a delete of every row', sql: (t) => `delete from public.${t}`, moves: 1 },
  { edit: 'a truncate', sql: (t) => `truncate public.${t}`, moves: 1 },
  {
    edit: 'two edits in one transaction',
    sql: (t) => `update public.${t} set is_active = true; delete from public.${t} where id = (${firstId(t)})`,
    moves: 2,
  },
  {
    edit: 'an update that sets every value to itself',
    sql: (t) => `update public.${t} set is_active = is_active, order_index = order_index`,
    moves: 0,
  },
  { edit: 'an update that matches no row', sql: (t) => `update public.${t} set is_active = false where false`, moves: 0 },
  { edit: 'a delete that matches no row', sql: (t) => `delete from public.${t} where ${TITLE[t]} = 'no such row'`, moves: 0 },
  { edit: 'an insert of no row', sql: (t) => `insert into public.${t} select * from public.${t} where false`, moves: 0 },
  { edit: 'a select of every row', sql: (t) => `select * from public.${t}`, moves: 0 },
  {
    edit: 'a select of the active rows, as visitors read them',
    sql: (t) => `select id from public.${t} where is_active order by order_index`,
    moves: 0,
  },
];

function firstId(table: ContentTable): string {
  return `select id from public.${table} where is_active order by order_index, id limit 1`;
}

async function revisionOf(session: Session): Promise<bigint> {
  const { rows } = await session.query('select public.content_revision()::text as revision');
  return BigInt(String(rows[0]?.revision));
}

export function describeContentRevision(database: () => TestDatabase): void {
  /** How far `sql` (run as `role`) moves the revision, inside one rolled-back transaction. */
  const movedBy = (role: DbRole, sql: string) =>
    database().rolledBack('postgres', async (session) => {
      const before = await revisionOf(session);
      await session.setRole(role);
      await session.exec(sql);
      await session.setRole('postgres');
      return Number((await revisionOf(session)) - before);
    });

  describe.each(CONTENT_TABLES)('an edit of %s', (table) => {
    test.each(EDITS)('$edit moves the revision by $moves', async ({ sql, moves }) => {
      await expect(movedBy('service_role', sql(table))).resolves.toBe(moves);
    });

    test('an edit made as the owner (the dashboard) moves it too', async () => {
      await expect(movedBy('postgres', `update public.${table} set is_active = not is_active`)).resolves.toBe(1);
    });
  });

  test('a read as a visitor moves nothing, nor does an inquiry', async () => {
    const reads = CONTENT_TABLES.map((table) => `select id from public.${table} where is_active;`).join('\n');
    await expect(movedBy('anon', reads)).resolves.toBe(0);
    await expect(
      movedBy(
        'anon',
        `insert into public.contact_submissions (name, email, message, type) values ('Sari', 'sari@example.com', 'Hello', 'contact')`,
      ),
    ).resolves.toBe(0);
  });

  test('the single-row edits above find their row in every table', async () => {
    const counted = await database().rolledBack('postgres', async (session) => {
      const counts: Record<string, number> = {};
      for (const table of CONTENT_TABLES) {
        const { rows } = await session.query(`select count(*)::int as n from (${firstId(table)}) as first`);
        counts[table] = Number(rows[0]?.n);
      }
      return counts;
    });
    expect(counted).toEqual({ material_coverage: 1, timeline: 1, feature_cards: 1 });
  });

  describe('reading it', () => {
    test.each<DbRole>(['anon', 'authenticated'])('%s reads it, with or without the ignored apikey argument', async (role) => {
      const read = await database().rolledBack(role, async (session) => {
        const { rows } = await session.query(
          `select public.content_revision()::text as plain, public.content_revision(apikey => 'any key')::text as with_key`,
        );
        return rows[0];
      });
      const stored = await database().rolledBack('postgres', async (session) => {
        const { rows } = await session.query('select revision::text as revision from private.content_revision');
        return rows;
      });
      expect(stored).toHaveLength(1);
      expect(read).toEqual({ plain: stored[0]?.revision, with_key: stored[0]?.revision });
    });

    test('is stable (PostgREST serves it to a GET) and runs its lookup as the owner, with an empty search_path', async () => {
      const functions = await database().rolledBack('postgres', async (session) => {
        const { rows } = await session.query(
          `select p.oid::regprocedure::text as function, p.provolatile as volatility, p.prosecdef as definer, p.proconfig as config
             from pg_proc p
            where p.oid in ('public.content_revision(text)'::regprocedure, 'private.content_revision()'::regprocedure)
            order by 1`,
        );
        return rows;
      });
      expect(functions).toEqual([
        { function: 'content_revision(text)', volatility: 's', definer: false, config: ['search_path=""'] },
        { function: 'private.content_revision()', volatility: 's', definer: true, config: ['search_path=""'] },
      ]);
    });

    const refusals: Array<[string, string]> = [
      ['read the table', 'select revision from private.content_revision'],
      ['change the revision', 'update private.content_revision set revision = 1'],
      ['call the trigger function', 'select private.bump_content_revision()'],
    ];
    test.each<DbRole>(['anon', 'authenticated'])('%s can do nothing else with it', async (role) => {
      for (const [what, sql] of refusals) {
        const outcome = await database().rolledBack(role, async (session) => {
          try {
            await session.query(sql);
            return 'allowed';
          } catch (error) {
            return sqlState(error) === INSUFFICIENT_PRIVILEGE ? 'denied' : String(error);
          }
        });
        expect({ what, outcome }).toEqual({ what, outcome: 'denied' });
      }
    });

    test.each<DbRole>(['anon', 'authenticated'])(
      "%s may read no private table, and run only the reader of this file's functions",
      async (role) => {
        const open = await database().rolledBack('postgres', async (session) => {
          const { rows } = await session.query(
            `select 'table ' || c.relname as object
             from pg_class c
            where c.relnamespace = 'private'::regnamespace and c.relkind in ('r', 'v', 'm')
              and has_any_column_privilege($1, c.oid, 'SELECT')
           union all
           select 'function ' || p.oid::regprocedure::text
             from pg_proc p
            where p.pronamespace = 'private'::regnamespace and p.proname like '%revision%'
              and has_function_privilege($1, p.oid, 'EXECUTE')
           order by 1`,
            [role],
          );
          return rows.map((row) => row.object);
        });
        expect(open).toEqual(['function private.content_revision()']);
      },
    );
  });
}
