// Where a picture may come from (supabase/migrations/20261129000400_picture_hosts.sql): a site path,
// a photo of the project's own site-pictures bucket, or an https link to a host an operator lists.
// Every other link is refused, whoever writes it: an editor on /edit/ (authenticated, through RLS,
// with the JWT claims PostgREST sets), the service role, the owner. The message is what /edit/ shows.
import { CHECK_VIOLATION, INSUFFICIENT_PRIVILEGE, sqlState, type Session, type TestDatabase } from '../../support/database';

const PROJECT = 'https://abcd.supabase.co';
const BUCKET = `${PROJECT}/storage/v1/object/public/site-pictures`;
const LISTED = 'pictures.example.com';
const EDITOR = { email: 'dewi@example.test', sub: '0b5d7a52-2f4e-4c6b-9d41-6a1f0e3c2b11' };

type Writer = 'editor' | 'service_role' | 'postgres';
const WRITERS: Writer[] = ['editor', 'service_role'];

/** The project as Vault knows it (as an operator stores it, with a final slash), one listed host, one editor. */
async function arrange(session: Session, projectUrl: string | null = `${PROJECT}/`): Promise<string> {
  await session.query(`delete from vault.secrets where name = 'project_url'`);
  if (projectUrl !== null) await session.query(`select vault.create_secret($1, 'project_url')`, [projectUrl]);
  await session.query(`insert into private.picture_hosts (host, note) values ($1, 'the team''s picture host')`, [LISTED]);
  await session.query(`insert into private.editors (email, user_id) values ($1, $2)`, [EDITOR.email, EDITOR.sub]);
  const { rows } = await session.query(`select id::text as id from public.material_coverage order by order_index limit 1`);
  return String(rows[0]?.id);
}

async function actAs(session: Session, writer: Writer): Promise<void> {
  if (writer === 'editor') {
    const claims = { role: 'authenticated', aud: 'authenticated', sub: EDITOR.sub, email: EDITOR.email };
    await session.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await session.setRole('authenticated');
  } else {
    await session.setRole(writer);
  }
}

/**
 * `stored`, or the reason of the refusal (the message between "refused: " and ". Use"). In a
 * savepoint, so that the transaction goes on after a refusal.
 */
async function attempt(session: Session, sql: string, params: unknown[]): Promise<string> {
  await session.query('savepoint attempt');
  try {
    const { affected } = await session.query(sql, params);
    await session.query('release savepoint attempt');
    return affected === 1 ? 'stored' : `${affected} rows`;
  } catch (error) {
    await session.query('rollback to savepoint attempt');
    if (sqlState(error) !== CHECK_VIOLATION) throw error;
    const message = (error as Error).message;
    return /^picture link refused: (.+?)\. Use /.exec(message)?.[1] ?? message;
  }
}

// [case, link, what happens]: stored, or the reason the editor reads.
// prettier-ignore
const LINKS: Array<[string, string | null, string]> = [
  ['a site path', '/images/materials/pet.svg', 'stored'],
  ["a photo of the project's bucket", `${BUCKET}/pet-2026.jpg`, 'stored'],
  ['the same with the host in capitals', 'https://ABCD.supabase.co/storage/v1/object/public/site-pictures/pet.jpg', 'stored'],
  ['a listed host over https', `https://${LISTED}/team/pet.webp?width=1200`, 'stored'],
  ['no picture', null, 'stored'],
  ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/iam/security-credentials/', '169.254.169.254 is not a host pictures may come from'],
  ['the metadata address over http', 'http://169.254.169.254/latest/meta-data/', 'http:// is not accepted: use https://'],
  ['the project as a user name before another host', 'https://abcd.supabase.co@evil.example/storage/v1/object/public/site-pictures/pet.jpg', 'it names a user before its host (…@)'],
  ['the project and a port as user and password', 'https://abcd.supabase.co:443@169.254.169.254/latest/meta-data/', 'it names a user before its host (…@)'],
  ['a backslash before another host', 'https://abcd.supabase.co\\@evil.example/storage/v1/object/public/site-pictures/pet.jpg', 'it holds a space, a backslash or a control character'],
  ['a percent-encoded @', 'https://abcd.supabase.co%40evil.example/storage/v1/object/public/site-pictures/pet.jpg', 'its host is not a plain name'],
  ["a host ending in the project's name", 'https://abcd.supabase.co.evil.example/storage/v1/object/public/site-pictures/pet.jpg', 'abcd.supabase.co.evil.example is not a host pictures may come from'],
  ['the project over http', 'http://abcd.supabase.co/storage/v1/object/public/site-pictures/pet.jpg', 'http:// is not accepted: use https://'],
  ['the project on another port', 'https://abcd.supabase.co:8443/storage/v1/object/public/site-pictures/pet.jpg', 'abcd.supabase.co:8443 is not a host pictures may come from'],
  ['another bucket of the project', `${PROJECT}/storage/v1/object/public/investor-deck/deck.pdf`, 'on abcd.supabase.co pictures come from /storage/v1/object/public/site-pictures/… only'],
  ['a dot segment out of the bucket', `${BUCKET}/../investor-deck/deck.pdf`, 'it holds a /./ or /../ segment'],
  ['a percent-encoded dot segment', `${BUCKET}/%2E%2e/investor-deck/deck.pdf`, 'it holds a /./ or /../ segment'],
  ['an IPv6 literal', 'https://[::ffff:a9fe:a9fe]/latest/meta-data/', 'its host is not a plain name'],
  ['a listed host with a trailing dot', `https://${LISTED}./pet.jpg`, `${LISTED}. is not a host pictures may come from`],
  ['a listed host over http', `http://${LISTED}/pet.jpg`, 'http:// is not accepted: use https://'],
  ['a listed host on another port', `https://${LISTED}:8443/pet.jpg`, `${LISTED}:8443 is not a host pictures may come from`],
  ['a look-alike of a listed host (a Cyrillic е)', 'https://pictur\u0435s.example.com/pet.jpg', 'it holds characters outside plain ASCII'],
  ['a host nobody listed', 'https://cdn.example.com/pet.png', 'cdn.example.com is not a host pictures may come from'],
  ['a javascript: link', 'javascript:alert(1)', 'it is neither a site path (/…) nor an https:// address'],
  ['a javascript: link in capitals', 'JAVASCRIPT:alert(document.cookie)', 'it is neither a site path (/…) nor an https:// address'],
  ['a data: link', 'data:image/png;base64,iVBORw0KGgo=', 'it is neither a site path (/…) nor an https:// address'],
  ['a protocol-relative link', '//evil.example/pet.jpg', 'it is neither a site path (/…) nor an https:// address'],
  ['a site path a browser reads as another host', '/\\evil.example/pet.jpg', 'it holds a space, a backslash or a control character'],
  ['a link with a leading blank', ` https://${LISTED}/pet.jpg`, 'it holds a space, a backslash or a control character'],
  ['a tab inside the host, which URL parsers drop', `https://pictures.exam\tple.com/pet.jpg`, 'it holds a space, a backslash or a control character'],
  ['a second link on a new line', `https://${LISTED}/pet.jpg\nhttps://evil.example/`, 'it holds a space, a backslash or a control character'],
  ['an empty link', '', 'it is neither a site path (/…) nor an https:// address'],
];

export function describePictureLinks(database: () => TestDatabase): void {
  const save = (writer: Writer, link: string | null, projectUrl?: string | null) =>
    database().rolledBack('postgres', async (session) => {
      const id = await arrange(session, projectUrl);
      await actAs(session, writer);
      return attempt(session, `update public.material_coverage set image = $1 where id::text = $2`, [link, id]);
    });

  describe('a picture link is saved only from the project, a site path or a listed host', () => {
    const cases = WRITERS.flatMap((writer) => LINKS.map(([name, link, outcome]) => ({ writer, name, link, outcome })));
    test.each(cases)('$writer: $name → $outcome', async ({ writer, link, outcome }) => {
      await expect(save(writer, link)).resolves.toBe(outcome);
    });
  });

  test('the owner (the SQL editor, migrations) is held to it too, and a new row as much as a changed one', async () => {
    await expect(save('postgres', 'https://169.254.169.254/latest/meta-data/')).resolves.toBe(
      '169.254.169.254 is not a host pictures may come from',
    );
    const added = (writer: Writer, link: string) =>
      database().rolledBack('postgres', async (session) => {
        await arrange(session);
        await actAs(session, writer);
        return attempt(session, `insert into public.material_coverage (name, status, image) values ('Glass', 'live', $1)`, [link]);
      });
    for (const writer of WRITERS) {
      await expect(added(writer, `https://${LISTED}.evil.example/glass.jpg`)).resolves.toBe(
        `${LISTED}.evil.example is not a host pictures may come from`,
      );
      await expect(added(writer, `${BUCKET}/glass.jpg`)).resolves.toBe('stored');
    }
  });

  test("the editor reads the list's hosts in the message, and without a list is told who lists them", async () => {
    const message = (listed: boolean) =>
      database().rolledBack('postgres', async (session) => {
        const id = await arrange(session);
        if (!listed) await session.query(`delete from private.picture_hosts`);
        await actAs(session, 'editor');
        try {
          await session.query(`update public.material_coverage set image = 'https://169.254.169.254/' where id::text = $1`, [id]);
          return 'stored';
        } catch (error) {
          return (error as Error).message;
        }
      });
    await expect(message(true)).resolves.toBe(
      'picture link refused: 169.254.169.254 is not a host pictures may come from. Use a photo uploaded here, a site path such as ' +
        `/images/materials/pet.svg, or an https link from ${LISTED}`,
    );
    await expect(message(false)).resolves.toMatch(/, or an https link from a host an operator lists$/);
  });

  test("the local backend's project URL, http with a port, admits its own bucket and nothing else over http", async () => {
    const local = 'http://127.0.0.1:54321';
    const bucket = `${local}/storage/v1/object/public/site-pictures/pet.jpg`;
    // The table's own rule (https or a site path) refuses http for everyone; the local backend's tests drop it.
    const withoutHttpsRule = (link: string) =>
      database().rolledBack('postgres', async (session) => {
        const id = await arrange(session, local);
        await session.query(`alter table public.material_coverage drop constraint material_coverage_image_valid`);
        await actAs(session, 'editor');
        return attempt(session, `update public.material_coverage set image = $1 where id::text = $2`, [link, id]);
      });
    await expect(withoutHttpsRule(bucket)).resolves.toBe('stored');
    await expect(withoutHttpsRule('http://127.0.0.1:5432/pet.jpg')).resolves.toBe('http:// is not accepted: use https://');
    // Without a project URL in Vault the project's photos are not recognised.
    await expect(save('editor', `${BUCKET}/pet.jpg`, null)).resolves.toBe('abcd.supabase.co is not a host pictures may come from');
  });

  test('a row that predates the rule keeps its link through edits of its other fields; a new link follows the rule', async () => {
    const outcomes = await database().rolledBack('postgres', async (session) => {
      const id = await arrange(session);
      // As an adopted project's row: written before the trigger existed.
      await session.query(`alter table public.material_coverage disable trigger material_coverage_picture_link`);
      await session.query(`update public.material_coverage set image = 'https://cdn.example.com/pet.png' where id::text = $1`, [id]);
      await session.query(`alter table public.material_coverage enable trigger material_coverage_picture_link`);
      await actAs(session, 'editor');
      const update = (set: string, params: unknown[] = []) =>
        attempt(session, `update public.material_coverage set ${set} where id::text = $1`, [id, ...params]);
      const results = {
        rename: await update(`name = 'PET bottles (clear)'`),
        sameLink: await update(`image = image, description = 'Clear only.'`),
        otherForeignLink: await update(`image = $2`, ['https://cdn.example.com/pet-2.png']),
        cleared: await update(`image = null`),
      };
      await session.setRole('postgres');
      const { rows } = await session.query(`select name, image from public.material_coverage where id::text = $1`, [id]);
      return { ...results, row: rows[0] };
    });
    expect(outcomes).toEqual({
      rename: 'stored',
      sameLink: 'stored',
      otherForeignLink: 'cdn.example.com is not a host pictures may come from',
      cleared: 'stored',
      row: { name: 'PET bottles (clear)', image: null },
    });
  });

  test("the build (anon) reads the prefixes: the project's bucket, then each listed host", async () => {
    const prefixes = (projectUrl: string | null) =>
      database().rolledBack('postgres', async (session) => {
        await arrange(session, projectUrl);
        await session.query(`insert into private.picture_hosts (host) values ('cdn.example.co.id')`);
        await session.setRole('anon');
        const { rows } = await session.query(`select public.picture_sources() as prefixes`);
        return rows[0]?.prefixes;
      });
    await expect(prefixes(`${PROJECT}/`)).resolves.toEqual([`${BUCKET}/`, 'https://cdn.example.co.id/', `https://${LISTED}/`]);
    await expect(prefixes(null)).resolves.toEqual(['https://cdn.example.co.id/', `https://${LISTED}/`]);
    await expect(prefixes('not a URL')).resolves.toEqual(['https://cdn.example.co.id/', `https://${LISTED}/`]);
  });

  test.each([
    ['an IPv4 address', '169.254.169.254'],
    ['a name without a dot', 'localhost'],
    ['capitals', 'Pictures.example.com'],
    ['a trailing dot', 'pictures.example.org.'],
    ['a port', 'pictures.example.org:8443'],
    ['an IPv6 literal', '[::1]'],
    ['a user', 'me@pictures.example.org'],
    ['a scheme', 'https://pictures.example.org'],
  ])('the list refuses a host with %s (%s)', async (_name, host) => {
    const outcome = await database().rolledBack('postgres', async (session) => {
      try {
        await session.query(`insert into private.picture_hosts (host) values ($1)`, [host]);
        return 'stored';
      } catch (error) {
        return sqlState(error);
      }
    });
    expect(outcome).toBe(CHECK_VIOLATION);
  });

  test.each(['anon', 'editor', 'service_role'] as const)('%s can neither read nor change the list, nor ask the rule', async (who) => {
    const outcomes = await database().rolledBack('postgres', async (session) => {
      await arrange(session);
      if (who === 'anon') await session.setRole('anon');
      else await actAs(session, who);
      const results: Array<string | undefined> = [];
      for (const sql of [
        `select host from private.picture_hosts`,
        `insert into private.picture_hosts (host) values ('evil.example')`,
        `select private.picture_link_problem('https://evil.example/')`,
      ]) {
        await session.query('savepoint attempt');
        try {
          await session.query(sql);
          results.push('allowed');
        } catch (error) {
          results.push(sqlState(error));
        }
        await session.query('rollback to savepoint attempt');
      }
      return results;
    });
    expect(outcomes).toEqual([INSUFFICIENT_PRIVILEGE, INSUFFICIENT_PRIVILEGE, INSUFFICIENT_PRIVILEGE]);
  });
}
