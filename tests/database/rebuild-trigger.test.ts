// Rebuild on edit: content changes ask the host for one build per statement through net.http_post
// (recorded by the bootstrap's pg_net stand-in); inquiries never do; no hook URL means no call.
// That is the behaviour without pg_cron, as on PGlite here; with pg_cron a burst of edits makes one
// call after a quiet minute (rebuild-when-quiet.test.ts).
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openEmbeddedDatabase, withRole } from 'gatsby-source-supabase-content/embedded-db';
import { PROJECT_SCHEMA } from 'local-supabase';

const HOOK_URL = 'https://api.netlify.com/build_hooks/test-hook';

type ContentTable = 'material_coverage' | 'timeline' | 'feature_cards';

// One valid row per table, built from a label so statements can insert several at once.
const ROW_SQL: Record<ContentTable, { columns: string; values: (label: string) => string }> = {
  material_coverage: {
    columns: 'name, description, status',
    values: (label) => `('${label}', 'Described', 'live')`,
  },
  timeline: {
    columns: 'period, title, description, status, icon',
    values: (label) => `('Q1', '${label}', 'Described', 'upcoming', 'Clock')`,
  },
  feature_cards: {
    columns: 'classification, title, subtitle, icon, icon_color',
    values: (label) => `('worker', '${label}', 'Subtitle', '10×', '#16a34a')`,
  },
};
const TITLE_COLUMN: Record<ContentTable, string> = {
  material_coverage: 'name',
  timeline: 'title',
  feature_cards: 'title',
};

interface HookCall {
  url: string;
  body: { table: string; op: string };
}

let db: PGlite;

beforeAll(async () => {
  db = await openEmbeddedDatabase({ bootstrap: PROJECT_SCHEMA.bootstrap, migrations: PROJECT_SCHEMA.migrations });
});

afterAll(async () => {
  await db?.close();
});

beforeEach(async () => {
  await db.exec('delete from net.http_post_calls; delete from vault.secrets;');
});

async function setHookUrl(url: string): Promise<void> {
  await db.query(`select vault.create_secret($1, 'site_build_hook_url', 'build hook of the site')`, [url]);
}

async function hookCalls(): Promise<HookCall[]> {
  const { rows } = await db.query<HookCall>('select url, body from net.http_post_calls order by id');
  return rows;
}

function insertRows(table: ContentTable, labels: string[]): string {
  const { columns, values } = ROW_SQL[table];
  return `insert into public.${table} (${columns}) values ${labels.map(values).join(', ')}`;
}

// Editors write through the service role (scripts, the API) or as the owner (dashboard).
function asServiceRole(sql: string): Promise<unknown> {
  return withRole(db, 'service_role', (tx: Transaction) => tx.exec(sql));
}

describe.each<ContentTable>(['material_coverage', 'timeline', 'feature_cards'])('a change to %s', (table) => {
  beforeEach(() => setHookUrl(HOOK_URL));

  it('calls the build hook once for an insert, with the URL from Vault', async () => {
    await asServiceRole(insertRows(table, ['Inserted']));
    expect(await hookCalls()).toEqual([{ url: HOOK_URL, body: { table, op: 'INSERT' } }]);
  });

  it('calls the build hook once for an insert of several rows', async () => {
    await asServiceRole(insertRows(table, ['First', 'Second', 'Third']));
    expect(await hookCalls()).toEqual([{ url: HOOK_URL, body: { table, op: 'INSERT' } }]);
  });

  it('calls the build hook once for an update of several rows', async () => {
    await db.exec(insertRows(table, ['Reordered A', 'Reordered B', 'Reordered C']));
    await db.exec('delete from net.http_post_calls');

    await asServiceRole(
      `update public.${table} set order_index = order_index + 10
         where ${TITLE_COLUMN[table]} like 'Reordered %'`,
    );

    const affected = await db.query<{ n: number }>(`select count(*)::int as n from public.${table} where order_index >= 10`);
    expect(affected.rows[0]?.n).toBeGreaterThanOrEqual(3);
    expect(await hookCalls()).toEqual([{ url: HOOK_URL, body: { table, op: 'UPDATE' } }]);
  });

  it('calls the build hook once for a delete', async () => {
    await db.exec(insertRows(table, ['Deleted A', 'Deleted B']));
    await db.exec('delete from net.http_post_calls');

    await asServiceRole(`delete from public.${table} where ${TITLE_COLUMN[table]} like 'Deleted %'`);

    expect(await hookCalls()).toEqual([{ url: HOOK_URL, body: { table, op: 'DELETE' } }]);
  });

  it('calls the build hook for an edit made as the owner, as in the dashboard', async () => {
    await db.exec(`update public.${table} set is_active = is_active`);
    expect(await hookCalls()).toEqual([{ url: HOOK_URL, body: { table, op: 'UPDATE' } }]);
  });
});

describe('calls per statement', () => {
  beforeEach(() => setHookUrl(HOOK_URL));

  it('records one call for each statement of a transaction', async () => {
    await withRole(db, 'service_role', async (tx) => {
      await tx.exec(insertRows('timeline', ['Step one']));
      await tx.exec(`update public.timeline set status = 'current' where title = 'Step one'`);
    });
    expect((await hookCalls()).map((call) => call.body.op)).toEqual(['INSERT', 'UPDATE']);
  });

  it('records nothing for a rolled-back edit, as pg_net sends only after commit', async () => {
    await expect(
      withRole(db, 'service_role', async (tx) => {
        await tx.exec(insertRows('feature_cards', ['Never published']));
        throw new Error('editor cancelled');
      }),
    ).rejects.toThrow('editor cancelled');
    expect(await hookCalls()).toEqual([]);
  });

  it('calls the build hook once for a truncate', async () => {
    await db.exec(insertRows('material_coverage', ['Truncated']));
    await db.exec('delete from net.http_post_calls');
    await db.exec('truncate public.material_coverage');
    expect(await hookCalls()).toEqual([{ url: HOOK_URL, body: { table: 'material_coverage', op: 'TRUNCATE' } }]);
  });
});

describe('the hook request', () => {
  beforeEach(() => setHookUrl(HOOK_URL));

  it('is JSON without an Authorization header by default, as host build hooks expect', async () => {
    await asServiceRole(insertRows('timeline', ['Plain hook']));
    const { rows } = await db.query<{ headers: Record<string, string> }>('select headers from net.http_post_calls');
    expect(rows).toEqual([{ headers: { 'Content-Type': 'application/json' } }]);
  });

  it('carries the optional Vault secret site_build_hook_authorization as its Authorization header', async () => {
    // gatsby develop's /__refresh compares the header with GATSBY_REFRESH_TOKEN, as is.
    await db.query(`select vault.create_secret('local-refresh-token', 'site_build_hook_authorization')`);
    await asServiceRole(insertRows('timeline', ['Guarded hook']));
    const { rows } = await db.query<{ url: string; headers: Record<string, string> }>('select url, headers from net.http_post_calls');
    expect(rows).toEqual([{ url: HOOK_URL, headers: { 'Content-Type': 'application/json', Authorization: 'local-refresh-token' } }]);
  });
});

describe('contact submissions', () => {
  beforeEach(() => setHookUrl(HOOK_URL));

  it('never call the build hook when a visitor submits one', async () => {
    await withRole(db, 'anon', (tx) =>
      tx.query(
        `insert into public.contact_submissions (id, name, email, company, message, type)
         values (gen_random_uuid(), 'Ada', 'ada@example.com', null, 'Hello', 'contact')`,
      ),
    );
    const stored = await db.query<{ n: number }>('select count(*)::int as n from public.contact_submissions');
    expect(stored.rows[0]?.n).toBeGreaterThan(0);
    expect(await hookCalls()).toEqual([]);
  });

  it('never call the build hook when the notifier claims one', async () => {
    await asServiceRole('update public.contact_submissions set notified_at = now() where notified_at is null');
    expect(await hookCalls()).toEqual([]);
  });
});

describe('without a build hook URL in Vault', () => {
  it('content edits succeed and call nothing', async () => {
    await expect(
      asServiceRole(`${insertRows('timeline', ['Unhooked'])}; update public.timeline set order_index = 1`),
    ).resolves.toBeDefined();
    expect(await hookCalls()).toEqual([]);
  });

  it('an empty URL counts as none', async () => {
    await setHookUrl('  ');
    await asServiceRole(insertRows('feature_cards', ['Blank hook']));
    expect(await hookCalls()).toEqual([]);
  });
});

describe('the trigger function', () => {
  it('runs with its owner rights and a fixed, empty search_path', async () => {
    const { rows } = await db.query<{ definer: boolean; config: string[] | null }>(
      `select prosecdef as definer, proconfig as config
       from pg_proc where oid = 'public.request_site_rebuild()'::regprocedure`,
    );
    expect(rows).toEqual([{ definer: true, config: ['search_path=""'] }]);
  });

  it.each(['anon', 'authenticated', 'service_role'])('cannot be called directly by %s', async (role) => {
    const { rows } = await db.query<{ allowed: boolean }>(
      `select has_function_privilege($1, 'public.request_site_rebuild()', 'execute') as allowed`,
      [role],
    );
    expect(rows).toEqual([{ allowed: false }]);
  });
});
