// `npm run doctor`'s output, apart from any database: a secret is withheld in every spelling the
// third audit printed it in, and a database URL pg cannot read (an unencoded `/` in the password)
// ends in one line naming host and database, never a stack trace.
import { newSecrets } from '../../scripts/doctor/redact';
import { runDoctor } from '../../scripts/doctor/run';

const SECRET = `sk_live<Pa/ss&"wörd">`;

test("a secret is withheld as written, upper-cased, base64'd, HTML-escaped and \\u-escaped", () => {
  const secrets = newSecrets();
  secrets.add(SECRET);
  const base64 = Buffer.from(SECRET).toString('base64');
  const escaped = Array.from({ length: SECRET.length }, (_, i) => `\\u${SECRET.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  const spellings = [
    SECRET,
    SECRET.toUpperCase(),
    base64,
    base64.replace(/=+$/, ''),
    SECRET.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;'),
    escaped,
    escaped.toUpperCase().replaceAll('\\U', '\\u'),
  ];
  expect(spellings.map((spelling) => secrets.redact(`before ${spelling} after`))).toEqual(spellings.map(() => 'before [withheld] after'));
});

test('a database URL with an unencoded / in its password: exit 1, and one line naming only host and database', async () => {
  const lines: string[] = [];
  const code = await runDoctor({
    env: { SUPABASE_DB_URL: 'postgresql://postgres:Top/SecretPw@db.abcdefgh.supabase.co:5432/postgres' },
    args: [],
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
  });
  expect(code).toBe(1);
  expect(lines).toEqual([
    'Could not connect to host db.abcdefgh.supabase.co, database postgres (ERR_INVALID_URL): ' +
      'SUPABASE_DB_URL could not be read; percent-encode its password (/ as %2F).',
  ]);
});
