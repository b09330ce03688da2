// One run of `npm run inquiries` (index.ts is the command): answers a person's request about their
// data (docs/backend.md). `export` prints every stored row about one mailbox as JSON; `erase` deletes
// them and records the erasure without the address. The work is the database's
// (private.personal_data_export and private.personal_data_erase, 20261127000200_personal_data.sql and
// 20261129000100_visitor_data_scope.sql), so the tables it covers are found in the catalogue and
// private.personal_data_holders, not listed here, and staff members' own records are never among
// them. An erasure runs in one transaction, committed only once the operator has seen the counts and
// said yes (or passed --yes).
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { runOnDatabase, UsageError, type CommandRun } from '../command';

const USAGE = `npm run inquiries -- export <email>
npm run inquiries -- erase <email> [--yes]

export  prints, as JSON, every stored row about that mailbox in every visitors' table that holds
        it (the limit table's rows show the mailbox as its keyed hash); never a staff record
erase   deletes those rows (an inquiry under legal hold is kept), says how many per table, asks
        first unless --yes, and records the erasure (when, a keyed hash of the address, the counts)

The address is compared as the inquiry limits compare it: without case, and without a +tag.
Reads SUPABASE_DB_URL: the project's direct connection string (Supabase dashboard, Connect).
Exit status: 0 done, 1 nothing stored about the mailbox or the database refused, 2 a wrong command.`;

// The shape the database checks too (private.personal_data_mailbox); checked here first so that a
// wrong address never needs a connection.
const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The command's environment and streams; `ask` is there only when a person is at a terminal. */
export interface InquiriesRun extends CommandRun {
  ask?: (question: string) => Promise<string>;
}

interface Chosen {
  verb: 'export' | 'erase';
  email: string;
  yes: boolean;
}

function options(args: string[]): Chosen | 'help' {
  const { values, positionals } = parseArgs({
    args,
    options: { yes: { type: 'boolean', short: 'y' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) return 'help';
  const [verb, email, ...rest] = positionals;
  if (verb !== 'export' && verb !== 'erase') throw new UsageError(verb ? `unknown request "${verb}": export or erase` : 'export or erase?');
  if (email === undefined) throw new UsageError(`${verb} needs the person's email address`);
  if (rest.length > 0) throw new UsageError(`one address at a time, not also "${rest[0]}"`);
  if (!ADDRESS.test(email.trim())) throw new UsageError(`"${email}" is not an email address`);
  if (values.yes && verb === 'export') throw new UsageError('--yes is for erase');
  return { verb, email: email.trim(), yes: values.yes === true };
}

const rows = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;

/** What a missing function means, for an operator. */
const explain = ({ code }: { code?: string }) =>
  code === '42883' || code === '3F000'
    ? 'This database lacks private.personal_data_export/erase: apply the migrations first (supabase db push).'
    : undefined;

async function exportRows(db: pg.Client, email: string, run: InquiriesRun): Promise<number> {
  const { rows: result } = await db.query<{ tables: Record<string, unknown[]> }>('select private.personal_data_export($1) as tables', [
    email,
  ]);
  const tables = result[0]?.tables ?? {};
  if (Object.keys(tables).length === 0) {
    run.err(`Nothing is stored about ${email} (compared without case and +tag).`);
    return 1;
  }
  run.out(JSON.stringify({ mailbox: email, exported_at: new Date().toISOString(), tables }, null, 2));
  return 0;
}

async function erase(db: pg.Client, email: string, yes: boolean, run: InquiriesRun): Promise<number> {
  await db.query('begin');
  let committed = false;
  try {
    const { rows: result } = await db.query<{ erased: { deleted: Record<string, number>; held: number } }>(
      'select private.personal_data_erase($1) as erased',
      [email],
    );
    const { deleted = {}, held = 0 } = result[0]?.erased ?? {};
    const counts = Object.entries(deleted);
    const keptHeld =
      held > 0 ? `Kept under legal hold: ${held} ${held === 1 ? 'inquiry' : 'inquiries'} (and what derives from them).` : null;
    if (counts.length === 0) {
      run.err(`Nothing is stored about ${email} (compared without case and +tag); nothing erased.`);
      if (keptHeld) run.err(keptHeld);
      return 1;
    }
    run.out(`Rows about ${email}:`);
    for (const [table, count] of counts) run.out(`  ${table}: ${rows(count)}`);
    if (keptHeld) run.out(keptHeld);
    if (!yes) {
      if (!run.ask) {
        run.err('Not erased: erase asks before deleting, and no one is at a terminal to answer. Pass --yes to erase without asking.');
        return 2;
      }
      const answer = await run.ask('Erase these rows? Type "yes" to erase: ');
      if (answer.trim().toLowerCase() !== 'yes') {
        run.err('Not erased.');
        return 1;
      }
    }
    await db.query('commit');
    committed = true;
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    run.out(`Erased ${rows(total)}; the erasure is recorded in private.personal_data_erasures, without the address.`);
    return 0;
  } finally {
    if (!committed) await db.query('rollback').catch(() => undefined);
  }
}

/** Runs one request as `run.args` say; the exit status: 0 done, 1 nothing found or refused, 2 a wrong command. */
export const runInquiries = (run: InquiriesRun): Promise<number> =>
  runOnDatabase(run, {
    name: 'inquiries',
    usage: USAGE,
    read: options,
    explain,
    work: (db, { verb, email, yes }) => (verb === 'export' ? exportRows(db, email, run) : erase(db, email, yes, run)),
  });
