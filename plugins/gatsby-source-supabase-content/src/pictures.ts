// The pictures named by `remoteImage` columns: downloaded once at build time, kept in the plugin's
// Gatsby cache, and handed to the site as File nodes (gatsby-transformer-sharp then makes the
// responsive versions). A picture never fails the build: a dead, slow, huge or non-image answer is
// reported as a warning naming the row, and the row's file field stays null so the site falls back.
//
// The download is our own rather than gatsby-source-filesystem's createRemoteFileNode: that one has
// no size cap or content check, and asks the server again on every build (an ETag revalidation),
// while an unchanged URL here costs no request at all on a content-only rebuild.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface PictureLimits {
  /** The whole answer, headers and body, must arrive within this time. */
  timeoutMs: number;
  /** A larger body is abandoned (checked on Content-Length first, then while reading). */
  maxBytes: number;
  /** Downloads running at once. */
  concurrency: number;
}

export const DEFAULT_PICTURE_LIMITS: PictureLimits = { timeoutMs: 15_000, maxBytes: 20 * 1024 * 1024, concurrency: 4 };

/** What the image pipeline (sharp, through gatsby-transformer-sharp) processes, told by its first bytes. */
const FORMATS: ReadonlyArray<{ ext: string; matches: (head: Buffer) => boolean }> = [
  { ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'webp', matches: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
  { ext: 'avif', matches: (b) => b.toString('latin1', 4, 8) === 'ftyp' && /avi[fs]/.test(b.toString('latin1', 8, 32)) },
  { ext: 'tiff', matches: (b) => ['II*\0', 'MM\0*'].includes(b.toString('latin1', 0, 4)) },
];

/** The file extension of a picture the pipeline can process, or null. */
export function pictureFormat(bytes: Buffer): string | null {
  return FORMATS.find((format) => format.matches(bytes))?.ext ?? null;
}

export type Download = { ok: true; bytes: Buffer; ext: string } | { ok: false; reason: string };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

class Refused extends Error {}

/** Redirects followed within the picture's own origin (Storage and CDNs use one, rarely two). */
export const MAX_REDIRECTS = 3;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The answer to `url`, following redirects only within its origin: a redirect elsewhere would take
 * the build to a host the site's rules never allowed (another site, an address inside the build's
 * network).
 */
async function fetchWithinOrigin(url: string, signal: AbortSignal): Promise<Response> {
  let current = new URL(url);
  for (let redirects = 0; ; redirects += 1) {
    const response = await fetch(current, { signal, redirect: 'manual', headers: { accept: 'image/*' } });
    if (!REDIRECTS.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location) throw new Refused(`HTTP ${response.status} without a Location`);
    const next = new URL(location, current);
    if (next.origin !== current.origin) throw new Refused(`HTTP ${response.status} to another host, ${next.origin}, not followed`);
    if (redirects === MAX_REDIRECTS) throw new Refused(`more than ${MAX_REDIRECTS} redirects`);
    current = next;
  }
}

/**
 * One picture, within the limits: an http(s) URL answering 2xx (after redirects within its origin)
 * with an image/* content type and the bytes of a JPEG, PNG, WebP, AVIF or TIFF (the formats the
 * image pipeline reads; an SVG or GIF would reach it and fail there).
 */
export async function downloadPicture(url: string, limits: PictureLimits): Promise<Download> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  try {
    const response = await fetchWithinOrigin(url, controller.signal);
    if (!response.ok) throw new Refused(`HTTP ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!/^image\//i.test(type)) throw new Refused(`the answer is ${type || 'of no content type'}, not an image`);
    const declared = Number(response.headers.get('content-length'));
    if (declared > limits.maxBytes) throw new Refused(`${megabytes(declared)}, over the ${megabytes(limits.maxBytes)} limit`);

    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
      received += part.value.byteLength;
      if (received > limits.maxBytes) throw new Refused(`more than the ${megabytes(limits.maxBytes)} limit`);
      chunks.push(part.value);
    }
    const bytes = Buffer.concat(chunks);
    const ext = pictureFormat(bytes);
    if (!ext) throw new Refused(`${type} that is not a JPEG, PNG, WebP, AVIF or TIFF picture`);
    return { ok: true, bytes, ext };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    if (controller.signal.aborted) return { ok: false, reason: `no complete answer within ${limits.timeoutMs / 1000} s` };
    return { ok: false, reason: networkFailure(error) };
  } finally {
    clearTimeout(timer);
    // An abandoned body must not keep the socket open.
    controller.abort();
  }
}

/** fetch puts the useful part ("connect ECONNREFUSED …", "getaddrinfo ENOTFOUND …") in the cause. */
function networkFailure(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const message = (value: unknown) => {
    const text = (value as { message?: unknown } | null)?.message;
    return typeof text === 'string' ? text : String(value);
  };
  return cause ? message(cause) : message(error);
}

/** The slice of Gatsby's plugin cache (GatsbyCache) that fetchPictures uses. */
export interface PictureCache {
  directory: string;
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<unknown>;
}

/** One row naming a picture, for the warning when the picture cannot be used. */
export interface PictureUse {
  url: string;
  /** e.g. `recipes row 12, "photo"` */
  where: string;
}

export interface FetchedPictures {
  /** The local file of each URL that could be used. */
  files: Map<string, string>;
  downloaded: number;
  fromCache: number;
  failed: number;
}

const MANIFEST_KEY = 'remote-pictures';
const FOLDER = 'remote-pictures';

/**
 * Makes every picture of this build available as a local file: from the cache when this URL was
 * downloaded before (no request at all), else downloaded now. A URL `refusal` objects to is neither
 * downloaded nor taken from the cache (its host may have left the site's list since). Failures
 * become one warning per row. The cache then holds exactly this build's pictures: files no row
 * names any more are removed.
 */
export async function fetchPictures(
  uses: readonly PictureUse[],
  cache: PictureCache,
  limits: PictureLimits,
  warn: (message: string) => void,
  refusal: (url: string) => string | null,
): Promise<FetchedPictures> {
  const folder = path.join(cache.directory, FOLDER);
  const previous = asManifest(await cache.get(MANIFEST_KEY));
  const urls = [...new Set(uses.map((use) => use.url))];
  const files = new Map<string, string>();
  const failures = new Map<string, string>();
  let downloaded = 0;

  await mkdir(folder, { recursive: true });
  await eachLimited(urls, limits.concurrency, async (url) => {
    const refused = refusal(url);
    if (refused) {
      failures.set(url, refused);
      return;
    }
    const cached = previous[url];
    if (cached && (await isFile(path.join(folder, cached)))) {
      files.set(url, cached);
      return;
    }
    const download = await downloadPicture(url, limits);
    if (!download.ok) {
      failures.set(url, download.reason);
      return;
    }
    // Named by content: the same picture under another URL is the same file, which gatsby-plugin-sharp
    // has processed already.
    const name = `${createHash('sha256').update(download.bytes).digest('hex').slice(0, 32)}.${download.ext}`;
    // Written aside and renamed, so an interrupted build never leaves half a picture to reuse.
    const partial = path.join(folder, `${name}.${randomUUID()}.partial`);
    await writeFile(partial, download.bytes);
    await rename(partial, path.join(folder, name));
    files.set(url, name);
    downloaded += 1;
  });

  for (const use of uses) {
    const reason = failures.get(use.url);
    if (reason) warn(`${use.where}: picture ${use.url} not used (${reason}); the row is published without it`);
  }

  const manifest = Object.fromEntries(urls.flatMap((url) => (files.has(url) ? [[url, files.get(url) as string]] : [])));
  await cache.set(MANIFEST_KEY, manifest);
  const kept = new Set(Object.values(manifest));
  for (const entry of await readdir(folder)) {
    if (!kept.has(entry)) await rm(path.join(folder, entry), { force: true });
  }
  return {
    files: new Map([...files].map(([url, name]) => [url, path.join(folder, name)])),
    downloaded,
    fromCache: files.size - downloaded,
    failed: failures.size,
  };
}

function asManifest(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
