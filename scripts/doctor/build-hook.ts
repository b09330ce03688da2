// Whether content edits reach the host's build hook.
import { lastResponse } from './http-response';
import type { Secrets } from './redact';
import { fail, minutesSince, ok, plural, warn, type CheckResult, type Database } from './report';

interface RebuildRow {
  hook: boolean;
  authorization: boolean;
  pending_statements: string | number;
  called_at: Date | null;
  call_request_id: string | null;
  error: string;
}

export async function checkBuildHook(db: Database, secrets: Secrets): Promise<CheckResult> {
  const name = 'build hook';
  const { rows } = await db.query<RebuildRow>(
    `select exists (select from vault.decrypted_secrets where name = 'site_build_hook_url' and pg_catalog.btrim(decrypted_secret) <> '') as hook,
            exists (select from vault.decrypted_secrets where name = 'site_build_hook_authorization') as authorization,
            r.pending_statements, r.changed_at, r.called_at, r.call_request_id, coalesce(r.call_error, '') as error
       from private.site_rebuild as r`,
  );
  const state = rows[0];
  if (!state) return fail(name, 'private.site_rebuild has no row', 'supabase db push');
  if (!state.hook) {
    return fail(
      name,
      'no site_build_hook_url in Vault: content edits never rebuild the site',
      "select vault.create_secret('<build hook URL>', 'site_build_hook_url');",
    );
  }
  if (state.error) return fail(name, `the last call could not be queued: ${state.error}`, 'check site_build_hook_url in Vault');
  const answer = await lastResponse(db, state.call_request_id, secrets);
  if (answer && !(answer.status_code && answer.status_code >= 200 && answer.status_code < 300)) {
    return fail(
      name,
      `the host answered the last call with ${answer.status_code ?? answer.error}`,
      "check site_build_hook_url in Vault against the host's build hook",
    );
  }
  const called = state.called_at ? `last called ${minutesSince(state.called_at)} min ago` : 'not called yet';
  if (state.authorization) {
    return warn(
      name,
      `set; ${called}; site_build_hook_authorization is set too`,
      "hosts need no Authorization: delete from vault.secrets where name = 'site_build_hook_authorization';",
    );
  }
  const pending = Number(state.pending_statements);
  return ok(name, `set; ${called}${pending > 0 ? `; ${plural(pending, 'change')} waiting for a quiet minute` : ''}`);
}
