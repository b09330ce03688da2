// npm run docs:settings: migrates a fresh embedded database (the build's PGlite, with the project's
// migrations) and writes its settings into docs/backend.md between the settings markers (table.ts).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openEmbeddedDatabase } from 'gatsby-source-supabase-content/embedded-db';
import { PROJECT_SCHEMA } from 'local-supabase';
import { runAsCommand, type CommandRun } from '../command';
import { readSettings, SETTINGS_DOC, settingsMarkdown, withSettings } from './table';

async function writeSettingsDoc(run: CommandRun): Promise<number> {
  const db = await openEmbeddedDatabase(PROJECT_SCHEMA);
  let block: string;
  try {
    block = settingsMarkdown(await readSettings((sql, params) => db.query(sql, params)));
  } finally {
    await db.close();
  }
  const doc = await readFile(SETTINGS_DOC, 'utf8');
  const written = withSettings(doc, block);
  const name = path.relative(process.cwd(), SETTINGS_DOC);
  if (written === doc) {
    run.out(`${name}: the settings table is current`);
    return 0;
  }
  await writeFile(SETTINGS_DOC, written);
  run.out(`${name}: the settings table written`);
  return 0;
}

runAsCommand(async (run) => {
  try {
    return await writeSettingsDoc(run);
  } catch (error) {
    run.err((error as Error).message);
    return 1;
  }
});
