// A preview link made straight in the database, as npm run preview-link stores one (the SHA-256 of
// the token, never the token), for tests that need a link and are not about the command.

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

export interface LinkState {
  expired?: boolean;
  revoked?: boolean;
  /** Made with --read-only: previews, cannot arrange. */
  readOnly?: boolean;
}

export async function insertPreviewLink(
  query: Query,
  token: string,
  { expired = false, revoked = false, readOnly = false }: LinkState = {},
): Promise<void> {
  await query(
    `insert into private.preview_links (token_hash, label, expires_at, revoked_at, can_arrange)
     values (sha256(convert_to($1, 'UTF8')), 'test', now() + case when $2 then interval '-1 minute' else interval '1 day' end,
             case when $3 then now() end, not $4)`,
    [token, expired, revoked, readOnly],
  );
}
