// Public Storage objects: files served at /storage/v1/object/public/<bucket>/<name> with no key, as
// Storage serves the objects of a public bucket. Any other object answers 404 as Storage does.
// Uploads to the site-pictures bucket, by a signed-in editor, with the bucket's limits (JPEG, PNG,
// WebP, AVIF; 10 MB): PGlite has no storage schema, so the editors' Storage policy is asked here as
// its question, private.is_editor() for the request's claims.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { withRole } from 'gatsby-source-supabase-content/embedded-db';
import { json, type RestResponse } from './postgrest';
import type { Authorized } from './rest';

export const PUBLIC_OBJECT_PATH = /^\/storage\/v1\/object\/public\/(.+)$/;
export const UPLOAD_PATH = /^\/storage\/v1\/object\/(?!public\/|sign\/)([a-z0-9_-]+)\/(.+)$/;

// The bucket supabase/migrations/20261124000500_site_pictures_bucket.sql makes, with its limits.
const PICTURES = { bucket: 'site-pictures', types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'], maxBytes: 10 * 1024 * 1024 };

export interface Upload {
  bucket: string;
  name: string;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

const storageError = (status: number, error: string, message: string) => json(status, { statusCode: String(status), error, message });

/** The file and its type of a multipart/form-data body (storage-js sends a Blob that way), or the body itself. */
function fileOf(upload: Upload): { type: string; bytes: Buffer } {
  const contentType = String(upload.headers['content-type'] ?? '');
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!contentType.startsWith('multipart/form-data') || !boundary) return { type: contentType.split(';')[0]!.trim(), bytes: upload.bytes };
  const marker = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = upload.bytes.indexOf(marker);
  while (start >= 0) {
    const next = upload.bytes.indexOf(marker, start + marker.length);
    if (next < 0) break;
    const part = upload.bytes.subarray(start + marker.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    if (/filename=/i.test(head) || /name=""/.test(head)) {
      const type = /content-type:\s*([^\r\n;]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream';
      return { type, bytes: part.subarray(split + 4) };
    }
    start = next;
  }
  return { type: 'application/octet-stream', bytes: Buffer.alloc(0) };
}

/** Storage's answer to one upload; stored objects are then served at their public address. */
export async function uploadObject(db: PGlite, objects: PublicObjects, who: Authorized, upload: Upload): Promise<RestResponse> {
  if (upload.bucket !== PICTURES.bucket) return storageError(404, 'Bucket not found', 'Bucket not found');
  const mayUpload =
    who.role === 'service_role' ||
    (who.role === 'authenticated' &&
      (await withRole(db, 'authenticated', async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(who.claims)]);
        return (await tx.query<{ yes: boolean }>('select private.is_editor() as yes')).rows[0]?.yes === true;
      })));
  if (!mayUpload) return storageError(403, 'Unauthorized', 'new row violates row-level security policy');
  const file = fileOf(upload);
  if (file.bytes.length > PICTURES.maxBytes) return storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
  if (!PICTURES.types.includes(file.type)) return storageError(415, 'invalid_mime_type', `mime type ${file.type} is not supported`);
  objects.putBytes(upload.bucket, upload.name, file.bytes, file.type);
  return json(200, { Key: `${upload.bucket}/${upload.name}`, Id: randomUUID() });
}

export interface PublicObjects {
  /** Serves `file` as `<bucket>/<name>` from now on; returns the object's path on the backend. */
  put(bucket: string, name: string, file: string, contentType: string): string;
  /** The same for bytes held in memory (an upload). */
  putBytes(bucket: string, name: string, bytes: Buffer, contentType: string): string;
  /** The answer for `<bucket>/<name>` (decoded). */
  answer(key: string): Promise<RestResponse>;
}

export function publicObjects(): PublicObjects {
  const objects = new Map<string, { file: string | Buffer; contentType: string }>();
  const put = (bucket: string, name: string, file: string | Buffer, contentType: string) => {
    objects.set(`${bucket}/${name}`, { file, contentType });
    return `/storage/v1/object/public/${bucket}/${encodeURIComponent(name)}`;
  };
  return {
    put,
    putBytes: put,
    async answer(key) {
      const object = objects.get(key);
      if (!object) return json(404, { statusCode: '404', error: 'not_found', message: 'Object not found' });
      const body = typeof object.file === 'string' ? await readFile(object.file) : object.file;
      return {
        status: 200,
        // Long caching, as Storage answers.
        headers: { 'Content-Type': object.contentType, 'Content-Length': String(body.length), 'Cache-Control': 'max-age=3600' },
        body,
      };
    },
  };
}
