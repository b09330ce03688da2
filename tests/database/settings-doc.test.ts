// The figures that live in the database reach the docs from one place: docs/backend.md's table of
// settings, which `npm run docs:settings` writes from the migrated database's column defaults and
// comments (scripts/settings-doc/). The doc must hold exactly what the migrations make now, and a
// setting a later migration adds must reach it without anyone listing it.
import { readFile } from 'node:fs/promises';
import { openPGliteTestDatabase, type Session, type TestDatabase } from '../support/database';
import { forTheFile } from '../support/for-the-file';
import {
  END_MARKER,
  readSettings,
  SETTINGS_COMMAND,
  SETTINGS_DOC,
  settingsMarkdown,
  START_MARKER,
  withSettings,
} from '../../scripts/settings-doc/table';

const database = forTheFile<TestDatabase>('the PGlite database', openPGliteTestDatabase, (db) => db.close());

const generated = (session: Session) => readSettings((sql, params) => session.query(sql, params));

it(`docs/backend.md holds the database's settings as they are (else run \`${SETTINGS_COMMAND}\`)`, async () => {
  const doc = await readFile(SETTINGS_DOC, 'utf8');
  const table = settingsMarkdown(await database().rolledBack('postgres', generated));
  const written = doc.slice(doc.indexOf(START_MARKER), doc.indexOf(END_MARKER) + END_MARKER.length);
  expect(written).toBe(table);
  // The figures the issue names are there, with their defaults.
  for (const row of ['`remind_before` | 4 hours', '`deck_link_valid` | 7 days', '`emails_per_day` | 50', '`max_wait` | 10 minutes'])
    expect(table).toContain(row);
});

it('takes a setting a migration adds, from its default and comment, with no list of columns to update', async () => {
  const settings = await database().rolledBack('postgres', async (session) => {
    await session.exec(`
      alter table private.inquiry_limits add column test_link_valid interval not null default interval '14 days';
      comment on column private.inquiry_limits.test_link_valid is 'How long a test link works | per private.test_links.';
      alter table private.site_rebuild add column test_quiet interval not null default interval '90 seconds',
        add column test_pending bigint not null default 0;
      comment on column private.site_rebuild.test_quiet is 'Setting: how long the test waits.';
      comment on column private.site_rebuild.test_pending is 'Changes waiting, state rather than a setting.';
    `);
    return generated(session);
  });
  const table = settingsMarkdown(settings);
  expect(table).toContain('| `test_link_valid` | 14 days | How long a test link works \\| per `private.test_links`. |');
  expect(table).toContain('| `test_quiet` | 1 minute 30 seconds | How long the test waits. |');
  // In a table that also holds state, only a comment marked "Setting:" makes a setting.
  expect(table).not.toContain('test_pending');
  // Still in name order, within its table.
  expect(table.indexOf('`sweep_silence`')).toBeLessThan(table.indexOf('`test_link_valid`'));
  expect(table.indexOf('`test_link_valid`')).toBeLessThan(table.indexOf('`trust_cf_connecting_ip`'));
});

it('shows the defaults a fresh project gets, not the values an operator set', async () => {
  const table = settingsMarkdown(
    await database().rolledBack('postgres', async (session) => {
      await session.exec(`update private.inquiry_limits set emails_per_day = 7, remind_before = interval '1 hour'`);
      return generated(session);
    }),
  );
  expect(table).toContain('| `emails_per_day` | 50 |');
  expect(table).toContain('| `remind_before` | 4 hours |');
});

it('refuses a setting without a comment, naming it, since the comment is its meaning in the doc', async () => {
  await expect(
    database().rolledBack('postgres', async (session) => {
      await session.exec(`alter table private.inquiry_limits add column test_uncommented integer not null default 1`);
      return generated(session);
    }),
  ).rejects.toThrow(/No comment on private\.inquiry_limits\.test_uncommented/);
});

it('writes between the markers only, and refuses a doc without them', () => {
  const doc = `before\n${START_MARKER}\nold\n${END_MARKER}\nafter\n`;
  expect(withSettings(doc, `${START_MARKER}\nnew\n${END_MARKER}`)).toBe(`before\n${START_MARKER}\nnew\n${END_MARKER}\nafter\n`);
  expect(() => withSettings('no markers', 'x')).toThrow(/settings:start/);
});
