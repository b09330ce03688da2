// Where the build may download pictures from (the `remoteImages.sources` option). The build runs on
// a machine with a network of its own (a cloud host's metadata service, an intranet), so a picture
// URL from a row must not make it fetch anything the site did not mean: a URL is used only when it
// starts with one of the site's prefixes, such as the project's public Storage folder or
// `https://<a host the site lists>/`. Browser-safe: no Node code.
import { projectUrl } from './model';

/** The `remoteImages.sources` option. Without it: the project's public Storage, `<url>/storage/v1/object/public/`. */
export interface PictureSourcesSpec {
  /** URL prefixes, each ending in `/`, e.g. `https://images.example.com/`. */
  readonly prefixes?: readonly string[];
  /**
   * A function in `public`, callable by anon, answering more prefixes (a text array): the site's
   * database keeps the list. Read once per build, with the lists.
   */
  readonly function?: string;
}

/** How messages name the function's read, e.g. `the picture sources (rpc/picture_sources)`. */
export const describePictureSources = (name: string): string => `the picture sources (rpc/${name})`;

/** The prefixes a build without the option allows: the project's public Storage objects, or none without a project. */
export function defaultPictureSources(url: string | undefined): string[] {
  return url ? [`${projectUrl(url)}/storage/v1/object/public/`] : [];
}

/** An http(s) URL ending in `/`, with no user, query or fragment: a prefix the rule can compare. */
export function isPicturePrefix(value: unknown): value is string {
  if (typeof value !== 'string' || !value.endsWith('/') || !PLAIN.test(value)) return false;
  const url = parsed(value);
  return url !== null && url.href === value && !url.username && !url.password && !url.search && !url.hash;
}

/** The prefixes a function answered (a JSON array of prefixes), or null when it is not that. */
export function picturePrefixesOf(body: unknown): string[] | null {
  return Array.isArray(body) && body.every(isPicturePrefix) ? body : null;
}

// Printable ASCII without blanks or backslashes: what a URL parser reads one way only. (The WHATWG
// parser drops tabs and newlines and reads `\` as `/`; other parsers do not.)
const PLAIN = /^[\x21-\x5b\x5d-\x7e]+$/;

function parsed(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The rule of a build: a picture URL may be downloaded when, read by the same parser `fetch` uses,
 * it names no user and has the origin of a prefix and a path under it (after `.` and `..` are
 * resolved). Answers why not, or null when it may.
 */
export function pictureSourceRule(prefixes: readonly string[]): (url: string) => string | null {
  const allowed = prefixes.map((prefix) => new URL(prefix));
  return (value) => {
    if (!PLAIN.test(value)) return 'its address holds a blank, a backslash or a character outside plain ASCII';
    const url = parsed(value);
    if (!url) return 'not an http(s) address';
    if (url.username || url.password) return 'its address names a user';
    const under = allowed.some((prefix) => url.origin === prefix.origin && url.pathname.startsWith(prefix.pathname));
    return under ? null : 'not from a place the site takes pictures from';
  };
}
