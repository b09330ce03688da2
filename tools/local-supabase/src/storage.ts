// Public Storage objects: files served at /storage/v1/object/public/<bucket>/<name> with no key, as
// Storage serves the objects of a public bucket. Any other object answers 404 as Storage does.
import { readFile } from 'node:fs/promises';
import { json, type RestResponse } from './postgrest';

export const PUBLIC_OBJECT_PATH = /^\/storage\/v1\/object\/public\/(.+)$/;

export interface PublicObjects {
  /** Serves `file` as `<bucket>/<name>` from now on; returns the object's path on the backend. */
  put(bucket: string, name: string, file: string, contentType: string): string;
  /** The answer for `<bucket>/<name>` (decoded). */
  answer(key: string): Promise<RestResponse>;
}

export function publicObjects(): PublicObjects {
  const objects = new Map<string, { file: string; contentType: string }>();
  return {
    put(bucket, name, file, contentType) {
      objects.set(`${bucket}/${name}`, { file, contentType });
      return `/storage/v1/object/public/${bucket}/${encodeURIComponent(name)}`;
    },
    async answer(key) {
      const object = objects.get(key);
      if (!object) return json(404, { statusCode: '404', error: 'not_found', message: 'Object not found' });
      const body = await readFile(object.file);
      return {
        status: 200,
        // Long caching, as Storage answers.
        headers: { 'Content-Type': object.contentType, 'Content-Length': String(body.length), 'Cache-Control': 'max-age=3600' },
        body,
      };
    },
  };
}
