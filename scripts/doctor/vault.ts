// Whether Vault holds each secret the deployment needs (named, never read out).
import { fail, ok, type CheckResult, type Database } from './report';

/** Each secret the deployment needs, with what to store (docs/backend.md explains each). */
export const SECRETS: Record<string, string> = {
  project_url: 'https://<ref>.supabase.co',
  service_role_key: '<service role key>',
  inquiry_alert_webhook_url: '<incoming webhook URL>',
  site_build_hook_url: '<build hook URL>',
};

export async function checkSecrets(db: Database, siteUrl: string | undefined): Promise<CheckResult> {
  const name = 'Vault secrets';
  const { rows } = await db.query<{ name: string; present: boolean; matches_site: boolean | null }>(
    `select w.name, exists (
              select from vault.decrypted_secrets as s where s.name = w.name and pg_catalog.btrim(s.decrypted_secret) <> ''
            ) as present,
            case when w.name = 'project_url' and $2::text is not null then exists (
              select from vault.decrypted_secrets as s
              where s.name = 'project_url' and pg_catalog.rtrim(pg_catalog.btrim(s.decrypted_secret), '/') = pg_catalog.rtrim($2, '/')
            ) end as matches_site
       from pg_catalog.unnest($1::text[]) as w(name)`,
    [Object.keys(SECRETS), siteUrl ?? null],
  );
  const missing = rows.filter((row) => !row.present).map((row) => row.name);
  const mismatch = rows.some((row) => row.matches_site === false && row.present);
  const present = rows.filter((row) => row.present).map((row) => row.name);
  if (missing.length) {
    return fail(
      name,
      `missing: ${missing.join(', ')}${present.length ? `; present: ${present.join(', ')}` : ''}`,
      missing.map((secret) => `select vault.create_secret('${SECRETS[secret]}', '${secret}');`),
    );
  }
  if (mismatch) {
    return fail(
      name,
      'project_url is not the GATSBY_SUPABASE_URL the site is built with',
      "select vault.update_secret((select id from vault.secrets where name = 'project_url'), '<project URL>');",
    );
  }
  return ok(name, `present: ${present.join(', ')}`);
}
