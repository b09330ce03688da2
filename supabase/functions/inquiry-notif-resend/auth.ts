/**
 * Whether the bearer token is the service-role key. The platform's verify_jwt lets the public anon
 * JWT through as well: only the service key may sweep, or anyone could make the function spend
 * Resend's quota on a schedule of their own.
 *
 * Compared in constant time: SHA-256 of both (so the lengths match whatever was sent), then every
 * byte, never stopping at the first difference.
 */
export async function isServiceKey(authorization: string | null, serviceRoleKey: string): Promise<boolean> {
  const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  const encoder = new TextEncoder();
  const [given, expected] = await Promise.all(
    [token, serviceRoleKey].map(async (text) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))),
  );
  let difference = token === '' ? 1 : 0;
  for (let i = 0; i < expected!.length; i++) difference |= given![i]! ^ expected![i]!;
  return difference === 0;
}
