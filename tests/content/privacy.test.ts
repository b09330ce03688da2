// The privacy notice's words (src/content/privacy.ts) for a build's settings
// (src/build-time/privacy-settings.ts): the retention and the limits' keeping it states are the
// database's (its defaults, on PGlite, and its job's schedule), and it names the processors the
// build uses and no other.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { privacySettings } from '../../src/build-time/privacy-settings';
import { LANGUAGES } from '../../src/content/languages';
import { INQUIRY_RETENTION_MONTHS, LIMIT_RECORD_MINUTES, PRIVACY_WRITERS, type PrivacyPage } from '../../src/content/privacy';
import { openPGliteTestDatabase, SUPABASE_PATHS } from '../support/database';

const MIGRATION = path.join(SUPABASE_PATHS.migrations, '20261127000200_personal_data.sql');
const LIMITS_MIGRATION = path.join(SUPABASE_PATHS.migrations, '20261129000100_visitor_data_scope.sql');

const text = (page: PrivacyPage) =>
  [page.intro, ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])])].join('\n');

function withEnv<T>(env: Record<string, string>, fn: () => T): T {
  const saved = process.env;
  process.env = { NODE_ENV: 'production', ...env };
  try {
    return fn();
  } finally {
    process.env = saved;
  }
}

const page = (language: (typeof LANGUAGES)[number], env: Record<string, string>) =>
  withEnv(env, () => PRIVACY_WRITERS[language](privacySettings(process.env)));

const BACKEND = { GATSBY_SUPABASE_URL: 'https://abcd.supabase.co', GATSBY_SUPABASE_ANON_KEY: 'anon' };

test("the retention the notice states is the database's default", () => {
  const migration = readFileSync(MIGRATION, 'utf8');
  const [, months] = /add column if not exists inquiry_retention interval not null default interval '(\d+) months'/.exec(migration) ?? [];
  expect(Number(months)).toBe(INQUIRY_RETENTION_MONTHS);
  expect(text(page('en', {}))).toContain(`${months} months after you send it`);
  expect(text(page('id', {}))).toContain(`${months} bulan setelah Anda mengirimnya`);
});

test("the limits' keeping the notice states is the window they count over plus the pruning job's interval", async () => {
  const db = await openPGliteTestDatabase();
  const windowMinutes = await db
    .rolledBack('postgres', (session) => session.query('select extract(epoch from private.inquiry_writes_kept()) / 60 as minutes'))
    .finally(() => db.close());
  // pg_cron's `*/N` runs at every minute divisible by N: N apart whenever N divides 60.
  const [, every] = /cron\.schedule\('inquiry-limit-prune', '\*\/(\d+) \* \* \* \*'/.exec(readFileSync(LIMITS_MIGRATION, 'utf8')) ?? [];
  expect(60 % Number(every)).toBe(0);
  const minutes = Number(windowMinutes.rows[0]?.minutes) + Number(every);
  expect(minutes).toBe(LIMIT_RECORD_MINUTES);
  expect(text(page('en', {}))).toContain(`for at most ${minutes} minutes after the message`);
  expect(text(page('id', {}))).toContain(`paling lama ${minutes} menit setelah pesan dikirim`);
});

test.each(LANGUAGES)('%s: the company, its address from GATSBY_INQUIRY_EMAIL, and the region from SUPABASE_REGION', (language) => {
  const written = text(page(language, { ...BACKEND, GATSBY_INQUIRY_EMAIL: 'privacy@adasorter.example', SUPABASE_REGION: 'Singapore' }));
  expect(written).toContain('AdaSorter, Jakarta, Indonesia');
  expect(written).toContain('privacy@adasorter.example');
  expect(written).toContain('Singapore');
  expect(written).toContain('3 × 24');
});

test('the processors follow the build: the demo names only a host', () => {
  expect(withEnv({}, () => privacySettings(process.env).processors)).toEqual([{ kind: 'host', name: null }]);
  expect(text(page('en', {}))).not.toMatch(/Supabase stores|Resend|Turnstile|counts page views/);
});

test('the processors follow the build: backend, Vercel with its analytics, Turnstile', () => {
  const env = {
    ...BACKEND,
    VERCEL: '1',
    VERCEL_PROJECT_PRODUCTION_URL: 'adasorter.example',
    GATSBY_TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
  };
  expect(withEnv(env, () => privacySettings(process.env).processors)).toEqual([
    { kind: 'supabase', name: 'Supabase' },
    { kind: 'resend', name: 'Resend' },
    { kind: 'host', name: 'Vercel' },
    { kind: 'turnstile', name: 'Cloudflare Turnstile' },
    { kind: 'analytics', name: 'Vercel Web Analytics' },
  ]);
  const indonesian = page('id', env).sections.find((section) => section.items?.length)?.items;
  expect(indonesian).toHaveLength(5);
  expect(indonesian?.[2]).toMatch(/^Vercel menayangkan situs web ini/);
});

test('an analytics script elsewhere is named by its host; off is not named', () => {
  const names = (env: Record<string, string>) =>
    withEnv(env, () =>
      privacySettings(process.env)
        .processors.filter((p) => p.kind === 'analytics')
        .map((p) => p.name),
    );
  expect(
    names({ NETLIFY: 'true', URL: 'https://a.example', ALLOW_DEMO_BUILD: '1', GATSBY_ANALYTICS_SRC: 'https://plausible.io/js/script.js' }),
  ).toEqual(['plausible.io']);
  expect(names({ VERCEL: '1', VERCEL_PROJECT_PRODUCTION_URL: 'a.example', ALLOW_DEMO_BUILD: '1', GATSBY_ANALYTICS_SRC: 'off' })).toEqual(
    [],
  );
});
