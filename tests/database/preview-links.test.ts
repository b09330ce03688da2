// Editors' preview links on PostgreSQL 15 (supabase/migrations/20261125002000_preview_links.sql and
// scripts/preview-link/): the command stores only a hash of the token it prints; the page's two
// functions serve anon with a valid token, and refuse an invalid, revoked or expired one apart;
// arranging writes one list's order, whatever its ids (uuid, bigint, text), and asks for a rebuild.
// The command's own process runs where its environment and exit status are the point; elsewhere
// the same code (scripts/preview-link/run.ts) runs in this process, sparing a Node start per link.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { BUILD_SETTINGS } from '../support/build-settings';
import { scriptCommand } from '../support/package-script';
import { REPO_ROOT, migrationFiles, runFiles, sqlState, type Row, type ScratchDatabase } from '../support/database';
import {
  clusterForTheFile,
  describeWithPgCron,
  loadSupabaseFiles,
  openPostgresScratchDatabase,
  superuserUrl,
  type PostgresCluster,
} from '../support/postgres';
import { LEGACY_PROJECTS } from './fixtures/legacy-projects';
import { openProjectDatabase, sharedClusterForTheFile } from '../support/shared-postgres';
import { forTheFile } from '../support/for-the-file';
import { runPreviewLink } from '../../scripts/preview-link/run';

const run = promisify(execFile);
const SITE = 'https://preview.example';
const DRAFT_TITLE = 'Recycling credits for waste banks';
const INVALID = 'PT401';
const REVOKED = 'PT403';
const EXPIRED = 'PT410';

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A database the command reads, on a local cluster. */
interface Target {
  port: number;
  database: string;
}

/** A cluster's own `postgres` database. */
const postgresOf = (cluster: PostgresCluster): Target => ({ port: cluster.port, database: 'postgres' });

/** This process's environment without the build's settings, reading `target`. */
function commandEnv(target: Target, env: Record<string, string>): Record<string, string | undefined> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !(BUILD_SETTINGS as readonly string[]).includes(name)));
  return { ...base, SUPABASE_DB_URL: superuserUrl(target.port, target.database), ...env };
}

/**
 * npm run preview-link as an operator runs it, against `target`: its script's command,
 * without npm's own start (backend-command.test.ts runs it through npm).
 */
async function previewLinkCommand(target: Target, args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  const [program, ...scriptArgs] = scriptCommand('preview-link');
  try {
    const { stdout, stderr } = await run(program, [...scriptArgs, ...args], { cwd: REPO_ROOT, env: commandEnv(target, env) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The same run in this process: what it would write to standard output and standard error. */
async function previewLink(target: Target, args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  const result = { stdout: '', stderr: '' };
  const code = await runPreviewLink({
    env: commandEnv(target, env),
    args,
    out: (line) => void (result.stdout += `${line}\n`),
    err: (line) => void (result.stderr += `${line}\n`),
  });
  return { code, ...result };
}

/** The token of a link the command printed. */
function tokenOf(result: CommandResult): string {
  expect(result).toMatchObject({ code: 0 });
  const match = /^(.+)\/preview\/#token=([A-Za-z0-9_-]+)\n$/.exec(result.stdout);
  if (!match) throw new Error(`not a preview link: ${JSON.stringify(result.stdout)}`);
  return match[2]!;
}

type Outcome<T> = { ok: T } | { refused: string; message: string };

/** One statement as anon (the page's role), committed when it succeeds. */
async function asAnon<T = unknown>(client: Client, sql: string, params: unknown[] = []): Promise<Outcome<T>> {
  await client.query('begin');
  try {
    await client.query('set local role anon');
    const { rows } = await client.query<{ result: T }>(sql, params);
    await client.query('commit');
    return { ok: rows[0]!.result };
  } catch (error) {
    await client.query('rollback');
    const code = sqlState(error);
    if (!code) throw error;
    return { refused: code, message: (error as Error).message };
  }
}

interface PreviewContent {
  label: string | null;
  expires_at: string;
  lists: Record<'coverage' | 'timeline' | 'adasorter' | 'worker', Row[]>;
}

const previewContent = (client: Client, token: string | null) =>
  asAnon<PreviewContent>(client, 'select public.preview_content($1) as result', [token]);

const arrangeContent = (client: Client, token: string, list: string, ids: unknown) =>
  asAnon<number>(client, 'select public.arrange_content($1, $2, $3::jsonb) as result', [token, list, JSON.stringify(ids)]);

async function timelineOrder(client: Client): Promise<Array<{ id: string; order_index: number }>> {
  const { rows } = await client.query<{ id: string; order_index: number }>(
    'select id::text as id, order_index from public.timeline order by order_index, id',
  );
  return rows;
}

function okValue<T>(outcome: Outcome<T>): T {
  if (!('ok' in outcome)) throw new Error(`refused: ${outcome.refused} ${outcome.message}`);
  return outcome.ok;
}

describe('preview links on PostgreSQL 15', () => {
  const project = forTheFile('a copy of the project database', openProjectDatabase, (db) => db.close());
  let client: Client;

  beforeAll(async () => {
    client = project().client;
    // An editor's draft, between two published milestones.
    await client.query(
      `insert into public.timeline (period, title, description, status, icon, is_active, order_index)
       values ('Q2 2027', $1, 'Not announced yet.', 'upcoming', 'Target', false, 35)`,
      [DRAFT_TITLE],
    );
  });

  test('the command prints a /preview/ link whose token is 256 random bits, different each time', async () => {
    const first = await previewLink(project(), ['--site', `${SITE}/`, '--label', 'first']);
    const second = await previewLink(project(), ['--site', SITE]);
    expect(first.stdout.startsWith(`${SITE}/preview/#token=`)).toBe(true);
    expect(tokenOf(first)).toHaveLength(43);
    expect(tokenOf(first)).not.toBe(tokenOf(second));
    expect(first.stderr).toMatch(/^Works until \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Revoke it with: npm run preview-link -- --revoke "first"/);
  });

  test("the site address defaults to the build's (SITE_URL), and without one the command says what to pass", async () => {
    const built = await previewLinkCommand(project(), [], { SITE_URL: 'https://adasorter.example/' });
    expect(built.stdout).toMatch(/^https:\/\/adasorter\.example\/preview\/#token=/);
    const none = await previewLinkCommand(project(), []);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toContain('--site URL');
  });

  test('the database keeps a hash of the token, and no table of it holds the token itself', async () => {
    const token = tokenOf(await previewLink(project(), ['--site', SITE, '--label', 'dump']));
    // Every row of every table in the database, as text, the way a dump would show it.
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname <> 'pg_toast'`,
    );
    let dump = '';
    for (const { name } of tables) {
      const { rows } = await client.query<{ text: string | null }>(`select string_agg(t::text, E'\\n') as text from ${name} as t`);
      dump += `${rows[0]?.text ?? ''}\n`;
    }
    expect(dump.includes(token)).toBe(false);
    // The search does read the links: the hash is there.
    expect(dump.includes(createHash('sha256').update(token).digest('hex'))).toBe(true);
  });

  test('preview_content as anon with the token returns every row, the draft flagged inactive in its place', async () => {
    const token = tokenOf(await previewLink(project(), ['--site', SITE, '--label', 'content']));
    const content = okValue(await previewContent(client, token));
    expect(content.label).toBe('content');
    const titles = content.lists.timeline.map((row) => [row.title, row.is_active]);
    expect(titles).toContainEqual([DRAFT_TITLE, false]);
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from public.timeline');
    expect(content.lists.timeline).toHaveLength(rows[0]!.n);
    expect(content.lists.timeline.map((row) => row.order_index)).toEqual(
      [...content.lists.timeline.map((row) => row.order_index)].sort((a, b) => Number(a) - Number(b)),
    );
    // The columns visitors may read (their Indonesian twins too), never created_at or an adopted table's private ones.
    expect(Object.keys(content.lists.timeline[0]!).sort()).toEqual(
      [
        'description',
        'description_ind',
        'icon',
        'id',
        'is_active',
        'order_index',
        'period',
        'period_ind',
        'status',
        'title',
        'title_ind',
      ].sort(),
    );
    expect(new Set(content.lists.adasorter.map((row) => row.classification))).toEqual(new Set(['adasorter']));
    expect(new Set(content.lists.worker.map((row) => row.classification))).toEqual(new Set(['worker']));
  });

  test.each([
    ['a wrong token', 'A'.repeat(43)],
    ['no token', null],
    ['an empty token', ''],
    ['a token far too long', 'A'.repeat(10_000)],
  ])('%s is refused as invalid', async (_name, token) => {
    await expect(previewContent(client, token)).resolves.toEqual({ refused: INVALID, message: 'preview link invalid' });
    await expect(arrangeContent(client, token ?? '', 'timeline', [])).resolves.toMatchObject({ refused: INVALID });
  });

  test('arrange_content as anon reverses the timeline in the database, drafts included, in steps of 10', async () => {
    const token = tokenOf(await previewLink(project(), ['--site', SITE, '--label', 'arrange']));
    const before = await timelineOrder(client);
    const reversed = before.map((row) => row.id).reverse();
    const moving = before.filter((row, index) => row.order_index !== (before.length - index) * 10).length;
    await expect(arrangeContent(client, token, 'timeline', reversed)).resolves.toEqual({ ok: moving });
    const after = await timelineOrder(client);
    expect(after.map((row) => row.id)).toEqual(reversed);
    expect(after.map((row) => row.order_index)).toEqual(reversed.map((_id, index) => (index + 1) * 10));
    // The same order again moves nothing.
    await expect(arrangeContent(client, token, 'timeline', reversed)).resolves.toEqual({ ok: 0 });
  });

  test('a saved order moves the content revision once, so open pages read the new order; the same order again leaves it', async () => {
    const token = tokenOf(await previewLink(project(), ['--site', SITE, '--label', 'revision']));
    const revision = async () =>
      (await client.query<{ revision: string }>('select public.content_revision()::text as revision')).rows[0]!.revision;
    const before = await revision();
    const reversed = (await timelineOrder(client)).map((row) => row.id).reverse();
    expect(okValue(await arrangeContent(client, token, 'timeline', reversed))).toBeGreaterThan(0);
    const moved = await revision();
    expect(BigInt(moved) - BigInt(before)).toBe(1n);
    await expect(arrangeContent(client, token, 'timeline', reversed)).resolves.toEqual({ ok: 0 });
    await expect(revision()).resolves.toBe(moved);
  });

  test('arrange_content refuses what is not the whole list once, and changes nothing', async () => {
    const token = tokenOf(await previewLink(project(), ['--site', SITE]));
    const ids = (await timelineOrder(client)).map((row) => row.id);
    const { rows: cards } = await client.query<{ id: string }>(
      `select id::text as id from public.feature_cards where classification = 'adasorter'`,
    );
    const before = await timelineOrder(client);
    const refusals = [
      await arrangeContent(client, token, 'timeline', ids.slice(1)),
      await arrangeContent(client, token, 'timeline', [...ids, cards[0]!.id]),
      await arrangeContent(client, token, 'timeline', [...ids.slice(1), ids[2]]),
      await arrangeContent(
        client,
        token,
        'worker',
        cards.map((card) => card.id),
      ),
      await arrangeContent(client, token, 'material_coverage', []),
      await arrangeContent(client, token, 'timeline', { ids }),
    ];
    expect(refusals.map((outcome) => ('refused' in outcome ? outcome.refused : 'stored'))).toEqual(Array(6).fill('22023'));
    expect(refusals.map((outcome) => ('refused' in outcome ? outcome.message : ''))).toEqual([
      'ids are not the timeline list in a new order',
      'ids are not the timeline list in a new order',
      'ids are not the timeline list in a new order',
      'ids are not the worker list in a new order',
      "unknown list 'material_coverage'",
      "ids must be a JSON array of the list's ids (strings or numbers)",
    ]);
    expect(await timelineOrder(client)).toEqual(before);
  });

  test('after --revoke the same call is refused as revoked and changes nothing; --revoke LABEL revokes that link alone', async () => {
    const kept = tokenOf(await previewLink(project(), ['--site', SITE, '--label', 'kept']));
    const anna = tokenOf(await previewLink(project(), ['--site', SITE, '--label', 'anna']));
    const ids = (await timelineOrder(client)).map((row) => row.id);
    const reversed = [...ids].reverse();

    await expect(previewLink(project(), ['--revoke', 'anna'])).resolves.toMatchObject({
      code: 0,
      stdout: 'Revoked 1 link labelled "anna".\n',
    });
    await expect(arrangeContent(client, anna, 'timeline', reversed)).resolves.toEqual({
      refused: REVOKED,
      message: 'preview link revoked',
    });
    expect((await timelineOrder(client)).map((row) => row.id)).toEqual(ids);
    expect(await previewContent(client, kept)).toHaveProperty('ok');
    await expect(previewLink(project(), ['--revoke', 'anna'])).resolves.toMatchObject({ code: 1 });

    const revokeAll = await previewLink(project(), ['--revoke']);
    expect(revokeAll.stdout).toMatch(/^Revoked \d+ links\.\n$/);
    await expect(arrangeContent(client, kept, 'timeline', reversed)).resolves.toEqual({
      refused: REVOKED,
      message: 'preview link revoked',
    });
    await expect(previewContent(client, kept)).resolves.toMatchObject({ refused: REVOKED });
    expect((await timelineOrder(client)).map((row) => row.id)).toEqual(ids);
  });

  test('a link works for --days, then is refused as expired', async () => {
    const token = tokenOf(await previewLink(project(), ['--site', SITE, '--days', '2', '--label', 'two days']));
    const { rows } = await client.query<{ hours: number }>(
      `select round(extract(epoch from expires_at - now()) / 3600)::int as hours from private.preview_links where label = 'two days'`,
    );
    expect(rows[0]?.hours).toBe(48);
    expect(await previewContent(client, token)).toHaveProperty('ok');
    await client.query(`update private.preview_links set expires_at = now() - interval '1 second' where label = 'two days'`);
    await expect(previewContent(client, token)).resolves.toEqual({ refused: EXPIRED, message: 'preview link expired' });
    await expect(arrangeContent(client, token, 'timeline', [])).resolves.toMatchObject({ refused: EXPIRED });
  });

  test('--read-only makes a link that previews but cannot arrange; --days stops at 30', async () => {
    const made = await previewLink(project(), ['--site', SITE, '--read-only', '--label', 'read only']);
    expect(made.stderr).toMatch(/^Read-only; works until /);
    const token = tokenOf(made);
    expect(await previewContent(client, token)).toHaveProperty('ok');
    await expect(arrangeContent(client, token, 'timeline', [])).resolves.toEqual({
      refused: 'PT403',
      message: 'preview link is read-only',
    });
    expect(await previewLinkCommand(project(), ['--site', SITE, '--days', '31'])).toMatchObject({ code: 2, stdout: '' });
    expect(tokenOf(await previewLink(project(), ['--site', SITE, '--days', '30', '--label', 'a month']))).toBeTruthy();
  });

  test('anon reaches neither the links nor the private helpers directly', async () => {
    const refusals: Record<string, string> = {};
    for (const sql of [
      'select count(*) as result from private.preview_links',
      `select private.preview_link('x') as result`,
      `select private.preview_rows('public.timeline', null) as result`,
    ]) {
      const outcome = await asAnon(client, sql);
      refusals[sql] = 'refused' in outcome ? outcome.refused : 'answered';
    }
    expect(Object.values(refusals)).toEqual(['42501', '42501', '42501']);
    // And the drafts stay hidden from anon's own reads.
    await expect(asAnon(client, 'select count(*)::int as result from public.timeline where not is_active')).resolves.toEqual({ ok: 0 });
  });

  test("the service role's own paths are unaffected: it reads drafts and writes order_index, and holds no link", async () => {
    await client.query('begin');
    try {
      await client.query('set local role service_role');
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from public.timeline where not is_active');
      expect(rows[0]!.n).toBeGreaterThan(0);
      await expect(client.query('update public.timeline set order_index = order_index + 1')).resolves.toBeDefined();
      await expect(client.query('select 1 from private.preview_links').catch(sqlState)).resolves.toBe('42501');
    } finally {
      await client.query('rollback');
    }
  });
});

describeWithPgCron('an arrangement and the rebuild (pg_cron)', () => {
  const cluster = clusterForTheFile({ cron: true });

  beforeAll(async () => {
    await loadSupabaseFiles(cluster().client);
  });

  const pending = async () =>
    (
      await cluster().client.query<{ statements: number; tables: string[] }>(
        'select pending_statements::int as statements, pending_tables as tables from private.site_rebuild',
      )
    ).rows[0];

  test('a saved order is one pending change of its table for the quiet-minute rebuild; the same order again is none', async () => {
    const token = tokenOf(await previewLink(postgresOf(cluster()), ['--site', SITE]));
    await cluster().client.query(`update private.site_rebuild set pending_statements = 0, pending_tables = '{}'`);
    const { rows } = await cluster().client.query<{ id: string }>(
      `select id::text as id from public.feature_cards where classification = 'worker' order by order_index desc`,
    );
    expect(
      okValue(
        await arrangeContent(
          cluster().client,
          token,
          'worker',
          rows.map((row) => row.id),
        ),
      ),
    ).toBeGreaterThan(0);
    await expect(pending()).resolves.toEqual({ statements: 1, tables: ['feature_cards'] });
    await expect(
      arrangeContent(
        cluster().client,
        token,
        'worker',
        rows.map((row) => row.id),
      ),
    ).resolves.toEqual({ ok: 0 });
    await expect(pending()).resolves.toEqual({ statements: 1, tables: ['feature_cards'] });
  });
});

describe('preview links over adopted projects (PostgreSQL 15)', () => {
  const cluster = sharedClusterForTheFile();

  /** An adopted project after the migrations, with a link whose token is `token`. */
  async function adopted(name: string, token: string): Promise<ScratchDatabase & { client: Client }> {
    const project = LEGACY_PROJECTS.find((candidate) => candidate.name.startsWith(name));
    if (!project) throw new Error(`no legacy project ${name}`);
    const db = await openPostgresScratchDatabase(cluster());
    await db.run(project.sql);
    await runFiles(db, await migrationFiles());
    await db.run(
      `insert into private.preview_links (token_hash, expires_at)
       values (sha256(convert_to('${token}', 'UTF8')), now() + interval '1 hour')`,
    );
    const client = new Client({ host: '127.0.0.1', port: cluster().port, user: 'postgres', database: await databaseName(db) });
    await client.connect();
    return {
      ...db,
      client,
      close: async () => {
        await client.end();
        await db.close();
      },
    };
  }

  async function databaseName(db: ScratchDatabase): Promise<string> {
    const [[row]] = (await db.results('select current_database() as name')) as [[Row]];
    return String(row.name);
  }

  test('bigint ids (Table Editor): numbers in, numbers out; a list holding an old row that breaks a rule is refused until it is fixed', async () => {
    const db = await adopted('Table Editor', 'editor-token');
    try {
      const content = okValue(await previewContent(db.client, 'editor-token'));
      const worker = content.lists.worker.map((row) => row.id);
      expect(worker.every((id) => typeof id === 'number')).toBe(true);
      expect(content.lists.worker.map((row) => row.is_active)).toEqual([true, false]);

      const reversed = [...worker].reverse();
      await expect(arrangeContent(db.client, 'editor-token', 'worker', reversed)).resolves.toEqual({
        refused: '23514',
        message: 'a row of the worker list breaks the rule feature_cards_icon_color_valid',
      });
      await db.run(`update public.feature_cards set icon_color = 'teal' where title = 'Hidden card'`);
      await expect(arrangeContent(db.client, 'editor-token', 'worker', reversed)).resolves.toEqual({ ok: 2 });
      const after = okValue(await previewContent(db.client, 'editor-token'));
      expect(after.lists.worker.map((row) => row.id)).toEqual(reversed);
    } finally {
      await db.close();
    }
  });

  test('text ids (hand-rolled): arranged as strings, the draft and the row without is_active included', async () => {
    const db = await adopted('hand-rolled', 'rolled-token');
    try {
      await db.run(`update public.timeline set period = 'Q2 2024' where id = 'a2'`);
      await expect(arrangeContent(db.client, 'rolled-token', 'timeline', ['a3', 'a2', 'a1'])).resolves.toEqual({ ok: 3 });
      const content = okValue(await previewContent(db.client, 'rolled-token'));
      expect(content.lists.timeline.map((row) => [row.id, row.order_index, row.is_active])).toEqual([
        ['a3', 10, false],
        ['a2', 20, null],
        ['a1', 30, true],
      ]);
    } finally {
      await db.close();
    }
  });

  test('uuid ids with extra columns (site builder): only the published columns reach the preview', async () => {
    const db = await adopted('site-builder', 'builder-token');
    try {
      const content = okValue(await previewContent(db.client, 'builder-token'));
      const keys = new Set(Object.values(content.lists).flatMap((rows) => rows.flatMap((row) => Object.keys(row))));
      for (const hidden of ['color', 'year', 'link_url', 'created_at', 'updated_at']) expect(keys.has(hidden)).toBe(false);
      expect(content.lists.coverage.length).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });
});
