// The function's database for tests: PGlite with Supabase's stand-in bootstrap and the real
// migrations (no seed), loaded by the same loader the site's build uses.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openEmbeddedDatabase, withRole } from '../../../plugins/gatsby-source-supabase-content/src/embedded-db.ts';
import {
  StoreError,
  SUBMISSION_COLUMNS,
  type SubmissionRow,
  type SubmissionStore,
} from '../../../supabase/functions/inquiry-notif-resend/store.ts';

const root = new URL('../../../', import.meta.url);

export function openFunctionDatabase(): Promise<PGlite> {
  return openEmbeddedDatabase({
    bootstrap: new URL('supabase/local/bootstrap.sql', root).pathname,
    migrations: new URL('supabase/migrations', root).pathname,
  });
}

/**
 * The production store's three statements, run as service_role as PostgREST would run them for the
 * service-role key. Rows go through row_to_json, as PostgREST serialises them, so timestamps arrive
 * as the same ISO text. Database errors keep only their SQLSTATE, which is PostgREST's error code.
 */
export function pgliteStore(db: PGlite): SubmissionStore {
  const asServiceRole = async <T>(operation: StoreError['operation'], fn: (tx: Transaction) => Promise<T>) => {
    try {
      return await withRole(db, 'service_role', fn);
    } catch (error) {
      throw new StoreError(operation, String((error as { code?: unknown }).code ?? ''));
    }
  };
  const firstRow = (rows: Array<{ row: SubmissionRow }>) => rows[0]?.row ?? null;

  return {
    load: (id) =>
      asServiceRole('load', async (tx) => {
        const { rows } = await tx.query<{ row: SubmissionRow }>(
          `select row_to_json(s) as row
           from (select ${SUBMISSION_COLUMNS} from public.contact_submissions where id = $1) as s`,
          [id],
        );
        return firstRow(rows);
      }),
    claim: (id, at) =>
      asServiceRole('claim', async (tx) => {
        const { rows } = await tx.query<{ row: SubmissionRow }>(
          `with claimed as (
             update public.contact_submissions set notified_at = $2
             where id = $1 and notified_at is null
             returning ${SUBMISSION_COLUMNS}
           )
           select row_to_json(claimed) as row from claimed`,
          [id, at.toISOString()],
        );
        return firstRow(rows);
      }),
    release: (id) =>
      asServiceRole('release', async (tx) => {
        await tx.query('update public.contact_submissions set notified_at = null where id = $1', [id]);
      }),
  };
}

/** What a visitor's insert sets: the stored row without the server's timestamps. */
export type SubmissionFields = Omit<SubmissionRow, 'created_at' | 'notified_at'>;

let counter = 0;

export function newSubmission(overrides: Partial<SubmissionFields> = {}): SubmissionFields {
  counter += 1;
  return {
    id: crypto.randomUUID(),
    name: `Visitor ${counter}`,
    email: `visitor${counter}@example.com`,
    company: null,
    message: `Message number ${counter}`,
    type: 'contact',
    ...overrides,
  };
}

/** Stores a submission exactly as the browser does: an insert with the anon key. */
export async function submitAsVisitor(db: PGlite, fields: SubmissionFields): Promise<void> {
  await withRole(db, 'anon', (tx) =>
    tx.query(
      `insert into public.contact_submissions (id, name, email, company, message, type)
       values ($1, $2, $3, $4, $5, $6)`,
      [fields.id, fields.name, fields.email, fields.company, fields.message, fields.type],
    ));
}

/** A submission stored some minutes ago; only the owner may back-date one. */
export async function submitMinutesAgo(db: PGlite, fields: SubmissionFields, minutes: number): Promise<void> {
  await db.query(
    `insert into public.contact_submissions (id, name, email, company, message, type, created_at)
     values ($1, $2, $3, $4, $5, $6, now() - make_interval(mins => $7))`,
    [fields.id, fields.name, fields.email, fields.company, fields.message, fields.type, minutes],
  );
}

export async function notifiedAt(db: PGlite, id: string): Promise<Date | null> {
  const { rows } = await db.query<{ notified_at: Date | null }>(
    'select notified_at from public.contact_submissions where id = $1',
    [id],
  );
  if (rows.length === 0) throw new Error(`no submission ${id}`);
  return rows[0]!.notified_at;
}
