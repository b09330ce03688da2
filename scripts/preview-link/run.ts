// One run of npm run preview-link (index.ts is the command): makes an editors' preview link, or
// revokes links (docs/preview.md).
// The token is made here and only its SHA-256 reaches the database, so neither the database nor a
// dump of it can give a link back; the link itself is printed once, on standard output.
import { createHash, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { deploySettings, PLACEHOLDER_SITE_URL } from '../../src/build-time/deploy-settings';
import { runOnDatabase, UsageError, type CommandRun } from '../command';

const USAGE = `npm run preview-link [-- options]

Makes a link to /preview/, where editors see every row of the content, drafts included, and can
put each list in a new order. Prints the link; only a hash of its token is stored.

  --site URL      the site's address (default: the build's, from SITE_URL, or URL on Netlify,
                  or VERCEL_PROJECT_PRODUCTION_URL on Vercel)
  --days N        how long the link works (default 7, at most 30)
  --label TEXT    who or what the link is for, so it can be revoked alone
  --read-only     the link previews but cannot arrange
  --revoke        revoke every link that still works
  --revoke LABEL  revoke the links with that label
  --help          this text

Reads SUPABASE_DB_URL: the project's database connection string (Supabase dashboard, Connect).`;

const TOKEN_BYTES = 32;
const MAX_DAYS = 30;

/** SUPABASE_DB_URL and the build's site address (SITE_URL, URL on Netlify, …) from `env`; the link to `out`, how long it works to `err`. */
export type PreviewLinkRun = CommandRun;

type Chosen =
  { revoke: true; label: string | null } | { create: true; site: string; days: number; label: string | null; readOnly: boolean };

function options(argv: string[], env: PreviewLinkRun['env']): Chosen | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      site: { type: 'string' },
      days: { type: 'string' },
      label: { type: 'string' },
      revoke: { type: 'boolean' },
      'read-only': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (values.help) return 'help';
  if (values.revoke) {
    if (values.site !== undefined || values.days !== undefined || values['read-only'])
      throw new UsageError('--revoke takes a label and nothing else');
    if (positionals.length > 1 || (positionals.length === 1 && values.label !== undefined)) {
      throw new UsageError('--revoke takes one label');
    }
    return { revoke: true, label: label(positionals[0] ?? values.label) };
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const days = values.days === undefined ? 7 : Number(values.days);
  if (!Number.isFinite(days) || days <= 0 || days > MAX_DAYS) {
    throw new UsageError(`--days must be a number of days above 0 and at most ${MAX_DAYS}, not "${values.days}"`);
  }
  return { create: true, site: siteUrl(values.site, env), days, label: label(values.label), readOnly: values['read-only'] === true };
}

function label(value: string | undefined): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 200) throw new UsageError('a label is 1 to 200 characters');
  return trimmed;
}

/** The address the build would give the site (src/build-time/deploy-settings.ts decides), or --site's. */
function siteUrl(site: string | undefined, env: PreviewLinkRun['env']): string {
  const settings = deploySettings(
    site === undefined
      ? { SITE_URL: env.SITE_URL, NETLIFY: env.NETLIFY, URL: env.URL, VERCEL_PROJECT_PRODUCTION_URL: env.VERCEL_PROJECT_PRODUCTION_URL }
      : { SITE_URL: site },
  );
  if (settings.errors.length > 0)
    throw new UsageError(site === undefined ? settings.errors.join('\n') : `--site must be an http(s) address, not "${site}"`);
  if (settings.siteUrl === PLACEHOLDER_SITE_URL && site === undefined) {
    throw new UsageError('No site address: pass --site URL (e.g. --site http://localhost:8000 for gatsby develop) or set SITE_URL.');
  }
  return settings.siteUrl;
}

/** What the database said, for an operator: a missing table means the migrations are not applied. */
const explain = ({ code }: { code?: string }) =>
  code === '42P01' ? 'private.preview_links does not exist: apply the migrations first (supabase db push).' : undefined;

async function create(
  client: pg.Client,
  { site, days, label: name, readOnly }: Extract<Chosen, { create: true }>,
  run: PreviewLinkRun,
): Promise<void> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const hash = createHash('sha256').update(token, 'utf8').digest();
  const { rows } = await client.query<{ expires: string }>(
    `insert into private.preview_links (token_hash, label, expires_at, can_arrange)
     values ($1, $2, now() + $3 * interval '1 day', not $4)
     returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as expires`,
    [hash, name, days, readOnly],
  );
  run.out(`${site}/preview/#token=${token}`);
  const revoke = name === null ? '--revoke' : `--revoke ${JSON.stringify(name)}`;
  run.err(`${readOnly ? 'Read-only; works' : 'Works'} until ${rows[0]?.expires}. Revoke it with: npm run preview-link -- ${revoke}`);
}

async function revoke(client: pg.Client, { label: name }: { label: string | null }, run: PreviewLinkRun): Promise<void> {
  const { rowCount = 0 } = await client.query(
    `update private.preview_links set revoked_at = now()
     where revoked_at is null and expires_at > now() and ($1::text is null or label = $1)`,
    [name],
  );
  if (name !== null && rowCount === 0) throw new Error(`No working link is labelled "${name}".`);
  run.out(`Revoked ${rowCount} link${rowCount === 1 ? '' : 's'}${name === null ? '' : ` labelled "${name}"`}.`);
}

/** Makes or revokes links as `run.args` say; the exit status: 2 for a wrong command line, 1 when the database refuses. */
export const runPreviewLink = (run: PreviewLinkRun): Promise<number> =>
  runOnDatabase(run, {
    name: 'preview-link',
    usage: USAGE,
    read: options,
    explain,
    work: (client, chosen) => ('revoke' in chosen ? revoke(client, chosen, run) : create(client, chosen, run)),
  });
