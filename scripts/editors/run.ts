// One run of npm run editors (index.ts is the command): the allow-list of editors
// (private.editors, supabase/migrations/20261127000300_editors.sql) over SUPABASE_DB_URL, and the
// editor's Auth user through Supabase's Auth admin API, since sign-ups are off and a one-time code
// goes only to a user who exists.
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { runOnDatabase, UsageError, type CommandRun } from '../command';

const USAGE = `npm run editors -- add|remove|list [email]

Who may sign in on the site's /edit/ page and change the content (the three content tables and
their photos, nothing else).

  add EMAIL      lists EMAIL as an editor and makes their Auth user (confirmed, no password) when
                 it does not exist yet; they then sign in on /edit/ with a one-time code
  remove EMAIL   takes EMAIL off the list and deletes their Auth user: their next request is
                 refused, whatever their session, and no new code is sent to them
  list           the editors, when each was added, and their last change
  --help         this text

Reads SUPABASE_DB_URL: the project's database connection string (Supabase dashboard, Connect).
add and remove also read SUPABASE_URL (the project's URL) and SUPABASE_SERVICE_ROLE_KEY (its
service-role key) for the Auth user; without them only the list changes, and the user is invited
or deleted in the dashboard (Authentication, Users).`;

type Chosen = { command: 'add' | 'remove'; email: string } | { command: 'list' };

function options(argv: string[]): Chosen | 'help' {
  const { values, positionals } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (values.help) return 'help';
  const [command, email, ...rest] = positionals;
  if (rest.length > 0) throw new UsageError(`unexpected argument: ${rest[0]}`);
  if (command === 'list') {
    if (email !== undefined) throw new UsageError('list takes no address');
    return { command };
  }
  if (command !== 'add' && command !== 'remove') throw new UsageError(command ? `unknown command: ${command}` : 'add, remove or list?');
  const address = (email ?? '').trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) throw new UsageError(`${command} takes an email address, not "${email ?? ''}"`);
  return { command, email: address };
}

interface AuthUser {
  id: string;
  email?: string;
}

/** Supabase's Auth admin API (/auth/v1/admin/users) with the service-role key, when both are set. */
function authAdmin(env: CommandRun['env']) {
  const projectUrl = env.SUPABASE_URL;
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY;
  if (!projectUrl || !serviceKey) return null;
  const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' };
  const base = `${projectUrl.replace(/\/+$/, '')}/auth/v1/admin/users`;
  const find = async (email: string): Promise<AuthUser | null> => {
    for (let page = 1; ; page++) {
      const listed = await fetch(`${base}?page=${page}&per_page=1000`, { headers });
      if (!listed.ok) throw new Error(`Auth admin API: listing users answered ${listed.status} ${await listed.text()}`);
      const { users } = (await listed.json()) as { users: AuthUser[] };
      const found = users.find((user) => user.email?.toLowerCase() === email);
      if (found) return found;
      if (users.length < 1000) return null;
    }
  };
  return {
    find,
    async make(email: string): Promise<AuthUser> {
      const made = await fetch(base, { method: 'POST', headers, body: JSON.stringify({ email, email_confirm: true }) });
      if (!made.ok) throw new Error(`Auth admin API: making the user answered ${made.status} ${await made.text()}`);
      return (await made.json()) as AuthUser;
    },
    async delete(id: string): Promise<void> {
      const deleted = await fetch(`${base}/${id}`, { method: 'DELETE', headers });
      if (!deleted.ok) throw new Error(`Auth admin API: deleting the user answered ${deleted.status} ${await deleted.text()}`);
    },
  };
}

const NO_ADMIN =
  'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are not both set: the Auth user was left as it is (dashboard: Authentication, Users).';

async function add(client: pg.Client, email: string, run: CommandRun): Promise<void> {
  const admin = authAdmin(run.env);
  let userId: string | null = null;
  if (admin) {
    const found = await admin.find(email);
    userId = (found ?? (await admin.make(email))).id;
    run.err(found ? `${email} already has an Auth user.` : `Made the Auth user ${email}.`);
  } else {
    run.err(`${NO_ADMIN} Invite them there; the list matches their address until then.`);
  }
  await client.query(
    `insert into private.editors (email, user_id) values ($1, $2)
     on conflict (email) do update set user_id = coalesce(excluded.user_id, editors.user_id)`,
    [email, userId],
  );
  run.out(`${email} is an editor: they sign in on the site's /edit/ page with a one-time code sent to that address.`);
}

async function remove(client: pg.Client, email: string, run: CommandRun): Promise<void> {
  const { rowCount } = await client.query(`delete from private.editors where email = $1`, [email]);
  if (!rowCount) throw new UsageError(`${email} is not an editor.`);
  run.out(`${email} is no longer an editor: their next request is refused.`);
  const admin = authAdmin(run.env);
  if (!admin) return run.err(NO_ADMIN);
  const user = await admin.find(email);
  if (user) await admin.delete(user.id);
  run.err(user ? `Deleted the Auth user ${email}: no new code goes to that address.` : `${email} had no Auth user.`);
}

async function list(client: pg.Client, run: CommandRun): Promise<void> {
  const { rows } = await client.query<{ email: string; user_id: string | null; added: string; last_change: string | null }>(
    `select e.email, e.user_id::text,
            to_char(e.added_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as added,
            (select to_char(max(a.changed_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
               from private.content_audit as a
              where a.editor_email = e.email or a.editor_id = e.user_id) as last_change
       from private.editors as e order by e.email`,
  );
  if (rows.length === 0) {
    run.out('No editors. Add one with: npm run editors -- add name@example.com');
    return;
  }
  for (const row of rows) {
    const auth = row.user_id ? '' : ' (no Auth user linked)';
    run.out(`${row.email}\tadded ${row.added}\tlast change ${row.last_change ?? 'none'}${auth}`);
  }
}

const explain = ({ code }: { code?: string }) =>
  code === '42P01' ? 'private.editors does not exist: apply the migrations first (supabase db push).' : undefined;

/** Runs one command; the exit status: 2 for a wrong command line or address, 1 when the database or Auth refuses. */
export const runEditors = (run: CommandRun): Promise<number> =>
  runOnDatabase(run, {
    name: 'editors',
    usage: USAGE,
    read: options,
    explain,
    work: (client, chosen) =>
      chosen.command === 'list'
        ? list(client, run)
        : chosen.command === 'add'
          ? add(client, chosen.email, run)
          : remove(client, chosen.email, run),
  });
