// One run of npm run editors or npm run team (their index.ts are the commands): a role's allow-list
// (private.editors, private.team_members; supabase/migrations/20261127000300_editors.sql and
// 20261129000300_staff_by_user_id.sql) over SUPABASE_DB_URL, and the person's Auth user through
// Supabase's Auth admin API, since sign-ups are off and a one-time code goes only to a user who
// exists. The database decides by that user's id: an entry counts once it is linked to its user,
// here when the user is made or found, or by the database at the user's first confirmed sign-in.
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { runOnDatabase, UsageError, type CommandRun } from '../command';

/** A role an operator hands out: its command, its list and the words the command uses for it. */
export interface StaffRole {
  /** npm run NAME. */
  command: string;
  /** The allow-list: email, user_id, added_at. */
  table: string;
  /** "an editor", "a team member". */
  one: string;
  /** The plural the list prints when empty: "editors". */
  many: string;
  /** The page its people sign in on. */
  page: string;
  /** What --help says the role is, wrapped as the rest of it. */
  about: string;
  /** For list: what the role last did, as a labelled SQL expression over the entry `e`. */
  lastDone?: { label: string; sql: string };
}

export const EDITORS: StaffRole = {
  command: 'editors',
  table: 'private.editors',
  one: 'an editor',
  many: 'editors',
  page: '/edit/',
  about: `Who may sign in on the site's /edit/ page and change the content (the three content tables
and their photos, nothing else).`,
  lastDone: {
    label: 'last change',
    sql: `(select to_char(max(a.changed_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
             from private.content_audit as a
            where a.editor_email = e.email or a.editor_id = e.user_id)`,
  },
};

export const TEAM: StaffRole = {
  command: 'team',
  table: 'private.team_members',
  one: 'a team member',
  many: 'team members',
  page: '/team/',
  about: `Who may sign in on the site's /team/ page: the people who answer the inquiries. Being on the
team opens none of the content (that is npm run editors).`,
};

const ROLES = [EDITORS, TEAM];

const usage = (role: StaffRole) => `npm run ${role.command} -- add|remove|list [email]

${role.about}
The database decides by the person's Auth user, linked to their entry here.

  add EMAIL      lists EMAIL as ${role.one}, and makes their Auth user (confirmed, no password)
                 when it does not exist yet; they then sign in on ${role.page} with a one-time code
  remove EMAIL   takes EMAIL off the list: their next request is refused, whatever their session;
                 their Auth user is deleted (no new code goes to them) unless another role keeps it
  list           the ${role.many}, when each was added${role.lastDone ? `, and their ${role.lastDone.label}` : ''}
  --help         this text

Reads SUPABASE_DB_URL: the project's database connection string (Supabase dashboard, Connect).
add and remove also read SUPABASE_URL (the project's URL) and SUPABASE_SERVICE_ROLE_KEY (its
service-role key) for the Auth user; without them only the list changes, the user is invited or
deleted in the dashboard (Authentication, Users), and the entry is linked to its user at their first
sign-in: until then the address alone reaches nothing.`;

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

async function add(role: StaffRole, client: pg.Client, email: string, run: CommandRun): Promise<void> {
  const admin = authAdmin(run.env);
  let userId: string | null = null;
  if (admin) {
    const found = await admin.find(email);
    userId = (found ?? (await admin.make(email))).id;
    run.err(found ? `${email} already has an Auth user.` : `Made the Auth user ${email}.`);
  } else {
    run.err(`${NO_ADMIN} Invite them there; their first sign-in links them to this list.`);
  }
  await client.query(
    `insert into ${role.table} as entry (email, user_id) values ($1, $2)
     on conflict (email) do update set user_id = coalesce(excluded.user_id, entry.user_id)`,
    [email, userId],
  );
  run.out(`${email} is ${role.one}: they sign in on the site's ${role.page} page with a one-time code sent to that address.`);
}

/** The other roles that still list the person by address or by Auth user, in words. */
async function otherRoles(role: StaffRole, client: pg.Client, email: string, userId: string | null): Promise<string[]> {
  const kept: string[] = [];
  for (const other of ROLES.filter((r) => r !== role)) {
    const { rows: present } = await client.query<{ yes: boolean }>(`select pg_catalog.to_regclass($1) is not null as yes`, [other.table]);
    if (!present[0]?.yes) continue;
    const { rows } = await client.query<{ listed: boolean }>(
      `select exists (select from ${other.table} as e where e.email = $1 or e.user_id = $2::uuid) as listed`,
      [email, userId],
    );
    if (rows[0]?.listed) kept.push(other.one);
  }
  return kept;
}

async function remove(role: StaffRole, client: pg.Client, email: string, run: CommandRun): Promise<void> {
  const { rows } = await client.query<{ user_id: string | null }>(`delete from ${role.table} where email = $1 returning user_id::text`, [
    email,
  ]);
  if (rows.length === 0) throw new UsageError(`${email} is not ${role.one}.`);
  run.out(`${email} is no longer ${role.one}: their next request is refused.`);
  const still = await otherRoles(role, client, email, rows[0]!.user_id);
  const admin = authAdmin(run.env);
  if (still.length > 0 || !admin) {
    run.err(still.length > 0 ? `Kept the Auth user ${email}: they are still ${still.join(' and ')}.` : NO_ADMIN);
    return;
  }
  const user = await admin.find(email);
  if (user) await admin.delete(user.id);
  run.err(user ? `Deleted the Auth user ${email}: no new code goes to that address.` : `${email} had no Auth user.`);
}

async function list(role: StaffRole, client: pg.Client, run: CommandRun): Promise<void> {
  const { rows } = await client.query<{ email: string; linked: boolean; added: string; last_done: string | null }>(
    `select e.email, e.user_id is not null as linked,
            to_char(e.added_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as added,
            ${role.lastDone?.sql ?? 'null::text'} as last_done
       from ${role.table} as e order by e.email`,
  );
  if (rows.length === 0) {
    run.out(`No ${role.many}. Add one with: npm run ${role.command} -- add name@example.com`);
    return;
  }
  for (const row of rows) {
    const done = role.lastDone ? `\t${role.lastDone.label} ${row.last_done ?? 'none'}` : '';
    run.out(`${row.email}\tadded ${row.added}${done}${row.linked ? '' : ' (no Auth user linked)'}`);
  }
}

/** Runs one command of `role`; the exit status: 2 for a wrong command line or address, 1 when the database or Auth refuses. */
export const runStaff =
  (role: StaffRole) =>
  (run: CommandRun): Promise<number> =>
    runOnDatabase(run, {
      name: role.command,
      usage: usage(role),
      read: options,
      explain: ({ code }) =>
        code === '42P01' ? `${role.table} does not exist: apply the migrations first (supabase db push).` : undefined,
      work: (client, chosen) =>
        chosen.command === 'list'
          ? list(role, client, run)
          : chosen.command === 'add'
            ? add(role, client, chosen.email, run)
            : remove(role, client, chosen.email, run),
    });

/** npm run editors: who edits the content on /edit/. */
export const runEditors = runStaff(EDITORS);
/** npm run team: who answers the inquiries on /team/. */
export const runTeam = runStaff(TEAM);
