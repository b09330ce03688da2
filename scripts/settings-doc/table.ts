// The figures that live in the database (caps, windows, retention, lifetimes), written into
// docs/backend.md from the catalogue itself: each setting's default and its column comment. The
// tables are named here; their columns are read, so a setting added by a migration reaches the doc
// at the next `npm run docs:settings`, and tests/database/settings-doc.test.ts fails until it has.
import path from 'node:path';

export const SETTINGS_DOC = path.join(__dirname, '..', '..', 'docs', 'backend.md');
export const SETTINGS_COMMAND = 'npm run docs:settings';
export const START_MARKER = '<!-- settings:start -->';
export const END_MARKER = '<!-- settings:end -->';

/** In a table that also holds state, a setting's column comment starts with this. */
export const SETTING_MARK = /^Setting(?:, [^:]+)?:\s*/;

interface SettingsTable {
  /** Schema-qualified. */
  name: string;
  /** Every column but the primary key is a setting, or only those whose comment carries SETTING_MARK. */
  columns: 'all' | 'marked';
  /** The sentence before the table: what one row is and how a figure is changed. */
  intro: string;
}

export const SETTINGS_TABLES: readonly SettingsTable[] = [
  {
    name: 'private.inquiry_limits',
    columns: 'all',
    intro: 'one row; `update private.inquiry_limits set <setting> = <value>;` in the SQL editor takes effect at the next request.',
  },
  {
    name: 'private.site_rebuild',
    columns: 'marked',
    intro: "one row, beside the rebuild's state: `update private.site_rebuild set <setting> = <value>;`.",
  },
  {
    name: 'private.preview_links',
    columns: 'marked',
    intro: "each link's own row, from its making: `update private.preview_links set <setting> = <value> where label = '<label>';`.",
  },
];

/** What the generator needs of a database: PGlite's `query` and the tests' sessions both fit. */
export type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Setting {
  table: string;
  column: string;
  /** The default as a reader writes it: `20`, `1 hour`, `true`, `null`. */
  value: string;
  meaning: string;
}

interface CatalogueColumn {
  column: string;
  type: string;
  default_expr: string | null;
  comment: string | null;
  in_key: boolean;
}

const COLUMNS = `
  select a.attname as column, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
         pg_catalog.pg_get_expr(d.adbin, d.adrelid) as default_expr,
         pg_catalog.col_description(a.attrelid, a.attnum) as comment,
         exists (
           select from pg_catalog.pg_index as i
           where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any (i.indkey)
         ) as in_key
  from pg_catalog.pg_attribute as a
  left join pg_catalog.pg_attrdef as d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
  order by a.attname`;

/** Every setting of SETTINGS_TABLES, by table and column name; throws naming a setting without a comment. */
export async function readSettings(query: Query): Promise<Setting[]> {
  const settings: Setting[] = [];
  const uncommented: string[] = [];
  for (const table of SETTINGS_TABLES) {
    const { rows } = await query(COLUMNS, [table.name]);
    for (const row of rows as unknown as CatalogueColumn[]) {
      if (row.in_key) continue;
      const comment = row.comment?.replace(/\s+/g, ' ').trim() ?? '';
      if (table.columns === 'marked' && !SETTING_MARK.test(comment)) continue;
      if (!comment) {
        uncommented.push(`${table.name}.${row.column}`);
        continue;
      }
      settings.push({
        table: table.name,
        column: row.column,
        value: await defaultValue(query, row),
        meaning: comment.replace(SETTING_MARK, ''),
      });
    }
  }
  if (uncommented.length > 0) {
    throw new Error(
      `No comment on ${uncommented.join(', ')}: a setting's column comment is its meaning in docs/backend.md. ` +
        'Add `comment on column <table>.<column> is ...` in a new migration.',
    );
  }
  return settings;
}

const INTERVAL_UNITS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** The column's default, evaluated by the database; an interval as its parts (`24 hours` stays so). */
async function defaultValue(query: Query, { default_expr: expr, type }: CatalogueColumn): Promise<string> {
  if (expr === null) return 'null';
  if (type === 'interval') {
    const parts = INTERVAL_UNITS.map((unit) => `pg_catalog.date_part('${unit}', v)::float8 as ${unit}`).join(', ');
    const { rows } = await query(`select ${parts} from (select (${expr})::interval as v) as d`);
    const row = rows[0] as Record<(typeof INTERVAL_UNITS)[number], number>;
    const spelled = INTERVAL_UNITS.filter((unit) => row[unit] !== 0).map((unit) => `${row[unit]} ${unit}${row[unit] === 1 ? '' : 's'}`);
    return spelled.length > 0 ? spelled.join(' ') : '0';
  }
  const { rows } = await query(`select (${expr})::text as value`);
  return String((rows[0] as { value: string | null }).value ?? 'null');
}

/** A column, table or function named in a comment (`reply_due_at`, `private.failed_inquiries`). */
const IDENTIFIER = /\b(?:[a-z]+\.)?[a-z0-9]+(?:_[a-z0-9]+)+\b/g;

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A comment as a table cell: a capital first letter (a marked comment continues after its colon), names as code. */
const meaningCell = (text: string) => cell(text.charAt(0).toUpperCase() + text.slice(1)).replace(IDENTIFIER, (name) => `\`${name}\``);

/** The Markdown between the markers: one table per settings table, its settings in name order. */
export function settingsMarkdown(settings: readonly Setting[]): string {
  const sections = SETTINGS_TABLES.map((table) => {
    const rows = settings
      .filter((setting) => setting.table === table.name)
      .map((setting) => `| \`${setting.column}\` | ${cell(setting.value)} | ${meaningCell(setting.meaning)} |`);
    return [`\`${table.name}\`: ${table.intro}`, '', '| setting | default | meaning |', '|---|---|---|', ...rows].join('\n');
  });
  return [
    START_MARKER,
    `<!-- Written by \`${SETTINGS_COMMAND}\` from the migrations' defaults and column comments; edit those, not this. -->`,
    '',
    sections.join('\n\n'),
    '',
    END_MARKER,
  ].join('\n');
}

/** `doc` with the text between its markers (the markers included) replaced by `block`. */
export function withSettings(doc: string, block: string): string {
  const start = doc.indexOf(START_MARKER);
  const end = doc.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`docs/backend.md has no ${START_MARKER} … ${END_MARKER} to write the settings between`);
  return doc.slice(0, start) + block + doc.slice(end + END_MARKER.length);
}
