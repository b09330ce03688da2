// One run of `npm run doctor` (index.ts is the command): an operator's check of a deployment, as
// one table of checks with a fix for each one that is not right. Reads the database at
// SUPABASE_DB_URL (the project's direct connection string, from the dashboard's Connect dialog)
// and, when GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY are set, asks the Data API, the
// edge function and Auth (its settings: sign-ups and anonymous sign-ins off) questions that change
// nothing; with `--site URL` (or the Vault secret site_url) reads which revision the live site
// shows. Exit status 1 when anything is wrong.
//
// It never writes: everything runs in one read-only transaction that is rolled back, the checks as
// `anon` included. It never prints a secret: Vault secrets are named, never read out, and every
// value read from Vault or the environment is withheld from all it prints (redact.ts): each run
// keeps its own, so runs in one process never share them.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkAlerts } from './alerts';
import { checkAuthSettings } from './auth';
import { checkBuildHook } from './build-hook';
import { checkHttp } from './http';
import { checkEditors } from './editors';
import { checkEmails, checkInquiries } from './inquiries';
import { checkJobs } from './jobs';
import { checkMigrations } from './migrations';
import { checkPermissions } from './permissions';
import { checkPromises } from './promises';
import { databaseTarget, newSecrets, type Secrets } from './redact';
import { fail, plural, type CheckResult, type Database } from './report';
import { checkRetention } from './retention';
import { checkLiveSite } from './site';
import { checkSweep } from './sweep';
import { checkTeam } from './team';
import { checkSecrets } from './vault';
import type { CommandRun } from '../command';

/** A statement that runs longer is cut, so that a locked table cannot hang the doctor; a busy database answers catalogue queries slowly, so it is generous. */
const STATEMENT_TIMEOUT = '60s';

const couldNotRun = (name: string, error: unknown) =>
  fail(name, `could not run: ${(error as Error).message}`, 'supabase db push, then run the doctor again');

/** SUPABASE_DB_URL, GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY from `env`; `--site URL` from `args`; the report to `out`. */
export type DoctorRun = CommandRun;

function print(results: CheckResult[], target: string, say: (line: string) => void): void {
  const nameWidth = Math.max(...results.map((result) => result.name.length));
  say(`Doctor: ${target} (read-only)\n`);
  say(`${'status'.padEnd(6)}  ${'check'.padEnd(nameWidth)}  detail`);
  for (const result of results) {
    say(`${result.status.padEnd(6)}  ${result.name.padEnd(nameWidth)}  ${result.detail}`);
    if (result.status === 'ok' || !result.fix) continue;
    for (const [index, fix] of [result.fix].flat().entries()) {
      say(`${''.padEnd(6)}  ${''.padEnd(nameWidth)}  ${index === 0 ? 'fix: ' : '     '}${fix}`);
    }
  }
  const failed = results.filter((result) => result.status === 'FAIL').length;
  say(`\n${failed ? `${plural(failed, 'problem')} found.` : 'Nothing wrong found.'}`);
}

/** Every value Vault holds, to be withheld from what is printed; none when there is no Vault. */
async function learnVaultSecrets(db: Database, secrets: Secrets): Promise<void> {
  const { rows: vault } = await db.query<{ present: boolean }>(
    `select pg_catalog.to_regclass('vault.decrypted_secrets') is not null as present`,
  );
  if (!vault[0]?.present) return;
  const { rows } = await db.query<{ value: string | null }>('select decrypted_secret as value from vault.decrypted_secrets');
  for (const row of rows) secrets.add(row.value);
}

/** Checks the deployment `run.env` names and prints the table; the exit status, 1 when anything is wrong. */
export async function runDoctor(run: DoctorRun): Promise<number> {
  const { SUPABASE_DB_URL: dbUrl, GATSBY_SUPABASE_URL: siteUrl, GATSBY_SUPABASE_ANON_KEY: anonKey } = run.env;
  const secrets = newSecrets();
  let liveSite: string | undefined;
  try {
    liveSite = parseArgs({ args: run.args, options: { site: { type: 'string' } } }).values.site;
  } catch (error) {
    run.err(`${(error as Error).message}\nnpm run doctor [-- --site https://<the live site>]`);
    return 1;
  }
  if (!dbUrl) {
    run.err("Set SUPABASE_DB_URL to the project's direct connection string (dashboard: Connect → Direct connection).");
    return 1;
  }
  const parsed = databaseTarget(dbUrl);
  for (const value of [dbUrl, parsed?.password, siteUrl, anonKey]) secrets.add(value);
  if (!parsed) {
    run.err('SUPABASE_DB_URL is not a postgresql:// URL.');
    return 1;
  }
  const target = `host ${parsed.host}, database ${parsed.database}`;
  let db: pg.Client;
  try {
    // In the try: pg reads the URL when the client is made, and throws on one it cannot read (an
    // unencoded `/` in the password).
    db = new pg.Client({ connectionString: dbUrl, application_name: 'doctor' });
    await db.connect();
  } catch (error) {
    const failed = error as Error & { code?: string };
    const unread = failed.code === 'ERR_INVALID_URL' ? ': SUPABASE_DB_URL could not be read; percent-encode its password (/ as %2F)' : '';
    run.err(secrets.redact(`Could not connect to ${target}${failed.code ? ` (${failed.code})` : ''}${unread}.`));
    return 1;
  }
  const results: CheckResult[] = [];
  // Each check in a savepoint of one read-only transaction: one that fails or outlasts the statement
  // timeout (a slow or locked database) is reported, and the checks after it still run.
  // Each named for the row that reports it when it cannot run.
  const checks: [string, () => Promise<CheckResult | CheckResult[]>][] = [
    ['migrations', () => checkMigrations(db)],
    ['permissions', () => checkPermissions(db)],
    ['secrets', () => checkSecrets(db, siteUrl)],
    ['scheduled jobs', () => checkJobs(db)],
    ['sweep', () => checkSweep(db, secrets)],
    ['inquiries', () => checkInquiries(db)],
    ['promises', () => checkPromises(db)],
    ['emails', () => checkEmails(db)],
    ['retention', () => checkRetention(db)],
    ['alerts', () => checkAlerts(db, secrets)],
    ['build hook', () => checkBuildHook(db, secrets)],
    ['live site', () => checkLiveSite(db, { site: liveSite })],
    ['editors', () => checkEditors(db)],
    ['team', () => checkTeam(db)],
  ];
  try {
    await db.query('begin transaction read only');
    await db.query(`set local statement_timeout = '${STATEMENT_TIMEOUT}'`);
    await learnVaultSecrets(db, secrets);
    for (const [name, check] of checks) {
      await db.query('savepoint a_check');
      try {
        results.push(...[await check()].flat());
        await db.query('release savepoint a_check');
      } catch (error) {
        await db.query('rollback to savepoint a_check');
        results.push(couldNotRun(name, error));
      }
    }
  } catch (error) {
    results.push(couldNotRun('database', error));
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  }
  results.push(...(await checkHttp(siteUrl, anonKey, secrets)), await checkAuthSettings(siteUrl, anonKey, secrets));
  print(results, target, (line) => run.out(secrets.redact(line)));
  return results.some((result) => result.status === 'FAIL') ? 1 : 0;
}
