// The function's database for tests: PGlite with Supabase's stand-in bootstrap and the real
// migrations (no seed), loaded by the same loader the site's build uses.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openEmbeddedDatabase, withRole } from '../../../plugins/gatsby-source-supabase-content/embedded-db.ts';
import { schemaPaths } from '../../../supabase/paths.ts';
import { visitorRow } from '../../../tools/local-supabase/src/visitor-row.ts';
import {
  functionStore,
  StoreError,
  type SubmissionRow,
  type SubmissionStore,
} from '../../../supabase/functions/inquiry-notif-resend/store.ts';

export function openFunctionDatabase(): Promise<PGlite> {
  const { bootstrap, migrations } = schemaPaths(new URL('../../../supabase', import.meta.url).pathname);
  return openEmbeddedDatabase({ bootstrap, migrations });
}

/**
 * The production store's functions, called as service_role as PostgREST calls them for the
 * service-role key (named arguments, the result as JSON). Database errors keep only their
 * SQLSTATE, which is PostgREST's error code.
 */
export function pgliteStore(db: PGlite): SubmissionStore {
  return functionStore(async (name, args, operation) => {
    const names = Object.keys(args);
    try {
      return await withRole(db, 'service_role', async (tx: Transaction) => {
        const call = `public.${name}(${names.map((arg, index) => `${arg} => $${index + 1}`).join(', ')})`;
        const { rows } = await tx.query<{ result: unknown }>(`select to_jsonb(${call}) as result`, names.map((arg) => args[arg]));
        return rows[0]?.result;
      });
    } catch (error) {
      throw new StoreError(operation, String((error as { code?: unknown }).code ?? ''));
    }
  });
}

/** What a visitor's insert sets: the stored row without the server's timestamps. */
export type SubmissionFields = Omit<SubmissionRow, 'created_at' | 'notified_at' | 'attempts'>;

/** One more visitor's inquiry from the English page (a new id and address each), without a company. */
export function newSubmission(overrides: Partial<SubmissionFields> = {}): SubmissionFields {
  return { ...visitorRow({ company: null, type: 'contact' }), language: 'en', ...overrides };
}

/** Stores a submission exactly as the browser does: an insert with the anon key. */
export async function submitAsVisitor(db: PGlite, fields: SubmissionFields): Promise<void> {
  await withRole(db, 'anon', (tx) =>
    tx.query(
      `insert into public.contact_submissions (id, name, email, company, message, type, language)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [fields.id, fields.name, fields.email, fields.company, fields.message, fields.type, fields.language],
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

/** The delivery columns of one row, as the team's view shows them. */
export async function deliveryOf(db: PGlite, id: string): Promise<{
  status: string;
  channel: string | null;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
}> {
  const { rows } = await db.query<{
    status: string;
    channel: string | null;
    attempts: number;
    next_attempt_at: Date | null;
    last_error: string | null;
  }>('select status, channel, attempts, next_attempt_at, last_error from private.inquiry_notifications where id = $1', [id]);
  if (rows.length === 0) throw new Error(`no submission ${id}`);
  return rows[0]!;
}

/** Lets time pass for the retries: every scheduled attempt is due now. */
export async function makeRetriesDue(db: PGlite): Promise<void> {
  await db.query('update public.contact_submissions set notify_next_at = now() where notify_next_at > now()');
}

/** Every test starts from an empty table, so the hourly cap counts its own emails only. */
export async function clearSubmissions(db: PGlite): Promise<void> {
  await db.exec('delete from public.contact_submissions; delete from private.inquiry_writes;');
}
