// supabase/local/bootstrap.sql stands in for what a Supabase project already has: its API roles,
// its default privileges, Vault and pg_net. Migrations are written against these, so they must
// behave like the real ones where the migrations can tell.
import { readFileSync } from 'node:fs';
import {
  INSUFFICIENT_PRIVILEGE,
  SUPABASE_PATHS,
  UNIQUE_VIOLATION,
  sqlState,
  type DbRole,
  type Session,
  type TestDatabase,
} from '../../support/database';

async function refusal(session: Session, sql: string): Promise<string | undefined> {
  try {
    await session.query(sql);
    return undefined;
  } catch (error) {
    return sqlState(error);
  }
}

export function describePlatformStandIns(database: () => TestDatabase): void {
  const asRole = <T>(role: DbRole, fn: (session: Session) => Promise<T>) => database().rolledBack(role, fn);

  describe('roles', () => {
    test('anon, authenticated and service_role cannot log in; only service_role bypasses RLS', async () => {
      const roles = await asRole('postgres', async (session) => {
        const { rows } = await session.query(
          `select rolname, rolcanlogin, rolbypassrls, rolinherit from pg_roles
            where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
        );
        return rows;
      });
      expect(roles).toEqual([
        { rolname: 'anon', rolcanlogin: false, rolbypassrls: false, rolinherit: false },
        { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false, rolinherit: false },
        { rolname: 'authenticator', rolcanlogin: true, rolbypassrls: false, rolinherit: false },
        { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true, rolinherit: false },
      ]);
    });

    test('authenticator is a member of each API role, so PostgREST can switch to it per request', async () => {
      const memberships = await asRole('postgres', async (session) => {
        const { rows } = await session.query(
          `select r.role from unnest(array['anon', 'authenticated', 'service_role']) as r(role)
            where pg_has_role('authenticator', r.role, 'MEMBER')`,
        );
        return rows.map((row) => row.role);
      });
      expect(memberships).toEqual(['anon', 'authenticated', 'service_role']);
    });

    test('a new table in public is fully granted to the API roles, as on Supabase', async () => {
      const granted = await asRole('postgres', async (session) => {
        await session.query('create table public.bootstrap_probe (id int)');
        const { rows } = await session.query(
          `select r.role from unnest(array['anon', 'authenticated', 'service_role']) as r(role)
            where (select bool_and(has_table_privilege(r.role, 'public.bootstrap_probe', p.privilege))
                     from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'])
                          as p(privilege))`,
        );
        return rows.map((row) => row.role);
      });
      expect(granted).toEqual(['anon', 'authenticated', 'service_role']);
    });

    test('the extensions schema exists and the API roles may use it', async () => {
      const usable = await asRole('anon', async (session) => {
        const { rows } = await session.query("select has_schema_privilege('extensions', 'USAGE') as usage");
        return rows[0]?.usage;
      });
      expect(usable).toBe(true);
    });
  });

  describe('vault', () => {
    test('create_secret stores a named secret that decrypted_secrets returns', async () => {
      const secret = await asRole('postgres', async (session) => {
        const created = await session.query(
          "select vault.create_secret('https://api.netlify.com/build_hooks/abc', 'site_build_hook_url', 'Build hook') as id",
        );
        const { rows } = await session.query(
          `select id = $1 as same_id, name, description, secret, decrypted_secret
             from vault.decrypted_secrets where name = 'site_build_hook_url'`,
          [created.rows[0]?.id],
        );
        return rows;
      });
      expect(secret).toEqual([
        {
          same_id: true,
          name: 'site_build_hook_url',
          description: 'Build hook',
          secret: 'https://api.netlify.com/build_hooks/abc',
          decrypted_secret: 'https://api.netlify.com/build_hooks/abc',
        },
      ]);
    });

    test('secret names are unique, and update_secret changes the value', async () => {
      const result = await asRole('postgres', async (session) => {
        const { rows } = await session.query("select vault.create_secret('one', 'hook') as id");
        await session.query('select vault.update_secret($1, $2)', [rows[0]?.id, 'two']);
        const value = (await session.query("select decrypted_secret from vault.decrypted_secrets where name = 'hook'")).rows;
        const duplicate = await refusal(session, "select vault.create_secret('three', 'hook')");
        return { value, duplicate };
      });
      expect(result).toEqual({ value: [{ decrypted_secret: 'two' }], duplicate: UNIQUE_VIOLATION });
    });

    test.each<DbRole>(['anon', 'authenticated', 'service_role'])('%s cannot read or write the vault', async (role) => {
      const refusals = [];
      for (const sql of ['select * from vault.decrypted_secrets', 'select * from vault.secrets', "select vault.create_secret('x', 'y')"]) {
        refusals.push(await asRole(role, (session) => refusal(session, sql)));
      }
      expect(refusals).toEqual([INSUFFICIENT_PRIVILEGE, INSUFFICIENT_PRIVILEGE, INSUFFICIENT_PRIVILEGE]);
    });
  });

  describe('pg_net', () => {
    test("http_post records the call with pg_net's defaults and returns the call's id", async () => {
      const recorded = await asRole('postgres', async (session) => {
        const first = await session.query("select net.http_post('https://hooks.example/build')::int as id");
        const second = await session.query(
          `select net.http_post(
             url := 'https://hooks.example/other',
             body := '{"table": "timeline"}',
             params := '{"trigger": "db"}',
             headers := '{"Authorization": "Bearer t"}',
             timeout_milliseconds := 1000)::int as id`,
        );
        const { rows } = await session.query(
          `select id::int, url, body, params, headers, timeout_milliseconds from net.http_post_calls order by id`,
        );
        return { first: first.rows[0]?.id, second: second.rows[0]?.id, rows };
      });
      expect(recorded.rows).toEqual([
        {
          id: recorded.first,
          url: 'https://hooks.example/build',
          body: {},
          params: {},
          headers: { 'Content-Type': 'application/json' },
          timeout_milliseconds: 5000,
        },
        {
          id: recorded.second,
          url: 'https://hooks.example/other',
          body: { table: 'timeline' },
          params: { trigger: 'db' },
          headers: { Authorization: 'Bearer t' },
          timeout_milliseconds: 1000,
        },
      ]);
      expect(Number(recorded.second)).toBeGreaterThan(Number(recorded.first));
    });

    test.each<DbRole>(['anon', 'authenticated', 'service_role'])(
      '%s may call net.http_post (Supabase grants it) but not read the recorded calls',
      async (role) => {
        const outcome = await asRole(role, async (session) => {
          await session.query("select net.http_post('https://hooks.example/build')");
          return refusal(session, 'select * from net.http_post_calls');
        });
        expect(outcome).toBe(INSUFFICIENT_PRIVILEGE);
      },
    );
  });

  test('the bootstrap can run again on a database that already has it', async () => {
    const bootstrap = readFileSync(SUPABASE_PATHS.bootstrap, 'utf8');
    await expect(asRole('postgres', (session) => session.exec(bootstrap))).resolves.toBeUndefined();
  });
}
