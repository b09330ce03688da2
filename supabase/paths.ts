// The files that make the project's database, in the order they load: the stand-ins for what a
// Supabase project already has (its API roles, Vault, pg_net; needed on PGlite and plain PostgreSQL
// only), the migrations, then the demo content. The one place that names them: the build's embedded
// database (gatsby-config.ts), the local backend (tools/local-supabase) and the tests read them here,
// as they read the function's name and the sign-in email's template below.
// No Node imports, so that Deno (the function's tests) and Node alike can use it.

export interface SchemaPaths {
  bootstrap: string;
  migrations: string;
  seed: string;
}

/** The schema's files under `supabaseDir`, the absolute path of this folder. */
export function schemaPaths(supabaseDir: string): SchemaPaths {
  const dir = supabaseDir.replace(/\/+$/, '');
  return {
    bootstrap: `${dir}/local/bootstrap.sql`,
    migrations: `${dir}/migrations`,
    seed: `${dir}/seed.sql`,
  };
}

/** The Edge Function that stores and emails inquiries (`supabase/functions/<name>/`): its one spelling outside that folder. */
export const INQUIRY_FUNCTION = 'inquiry-notif-resend';

/**
 * The email with the sign-in code (`supabase/templates/`): config.toml names it as Auth's magic_link
 * template, which the hosted project gets through `supabase config push`; the local backend's Auth
 * sends the same file.
 */
export const SIGN_IN_TEMPLATE = 'templates/sign-in-code.html';
