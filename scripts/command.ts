// What a script's run gets from the command around it, so that tests can run it in their own
// process and a command is only this process's environment, command line and streams around it.
import pg from 'pg';
import { databaseTarget } from './doctor/redact';

export interface CommandRun {
  /** The settings it reads (the command's environment). */
  env: Record<string, string | undefined>;
  /** The command line after `--`. */
  args: string[];
  /** A line for standard output. */
  out(line: string): void;
  /** A line for standard error: what went wrong, or a note beside the output. */
  err(line: string): void;
}

/** Runs `run` as this process's command: its exit status becomes the process's. */
export function runAsCommand(run: (command: CommandRun) => Promise<number>): void {
  void run({
    env: process.env,
    args: process.argv.slice(2),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then((code) => {
    process.exitCode = code;
  });
}

/** A wrong command line: said with the way to the help, exit status 2. */
export class UsageError extends Error {}

/** An operator's command that works over SUPABASE_DB_URL (editors, inquiries, preview-link). */
export interface DatabaseCommand<Chosen> {
  /** Its name in `npm run NAME`. */
  name: string;
  /** What --help prints. */
  usage: string;
  /** The command line read: 'help' for --help; throws for a wrong one (its message is the sentence). */
  read(args: string[], env: CommandRun['env']): Chosen | 'help';
  /** The work on an open connection; its exit status, 0 when it returns none. */
  work(client: pg.Client, chosen: Chosen): Promise<number | void>;
  /** What a database error means to an operator, where the error's own message would not say. */
  explain?(error: { code?: string; message?: string }): string | undefined;
}

/**
 * Reads the command line, connects to SUPABASE_DB_URL and runs the work. A wrong command line or a
 * missing URL exits 2 before any connection; a connection that fails names the host and database,
 * never the password; a refusal from the database exits 1 with a sentence.
 */
export async function runOnDatabase<Chosen>(run: CommandRun, command: DatabaseCommand<Chosen>): Promise<number> {
  let chosen: Chosen | 'help';
  try {
    chosen = command.read(run.args, run.env);
  } catch (error) {
    run.err(`${(error as Error).message}\n(npm run ${command.name} -- --help lists what it takes)`);
    return 2;
  }
  if (chosen === 'help') {
    run.out(command.usage);
    return 0;
  }
  const url = run.env.SUPABASE_DB_URL;
  if (!url) {
    run.err("SUPABASE_DB_URL is not set: the project's database connection string (Supabase dashboard, Connect).");
    return 2;
  }
  const target = databaseTarget(url);
  if (!target) {
    run.err('SUPABASE_DB_URL is not a postgresql:// URL.');
    return 2;
  }
  const client = new pg.Client({ connectionString: url, application_name: command.name });
  try {
    await client.connect();
  } catch (error) {
    const code = (error as { code?: string }).code;
    run.err(`Could not connect to host ${target.host}, database ${target.database}${code ? ` (${code})` : ''}; nothing changed.`);
    return 1;
  }
  try {
    return (await command.work(client, chosen)) ?? 0;
  } catch (error) {
    const failed = error as { code?: string; message?: string } | null;
    run.err(command.explain?.(failed ?? {}) ?? failed?.message ?? String(error));
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await client.end().catch(() => undefined);
  }
}
