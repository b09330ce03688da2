// Every secret the doctor knows is taken out of whatever it prints: the values read from Vault,
// from the environment and the database URL's password, whatever their length, in the spellings
// they take inside JSON, URLs, HTML, base64 and upper case. Text is cut only after that, so no cut
// leaves a secret's start.

const WITHHELD = '[withheld]';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every UTF-16 unit of `value` as a `\uXXXX` escape, in lower- and upper-case hex. */
function unicodeEscaped(value: string): string[] {
  const lower = Array.from({ length: value.length }, (_, i) => `\\u${value.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  return [lower, lower.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u${hex.toUpperCase()}`)];
}

/** The ways `value` may be written inside other text. */
function spellings(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const encoded = encodeURIComponent(value);
  const base64 = Buffer.from(value).toString('base64');
  const found = [
    value,
    value.toUpperCase(),
    json,
    json.replaceAll('/', '\\/'),
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encodeURI(value),
    value.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!),
    value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`),
    base64,
    base64.replace(/=+$/, ''),
    Buffer.from(value).toString('base64url'),
    ...unicodeEscaped(value),
  ];
  try {
    found.push(decodeURIComponent(value));
  } catch {
    // Not percent-encoded text: its own spelling is already listed.
  }
  return found;
}

/** The secrets one run of the doctor has learnt, and what it prints with them withheld. */
export interface Secrets {
  /** Remembers `value` (and its trimmed form) as a secret. */
  add(value: string | null | undefined): void;
  /** `text` with every known secret withheld, longest first so that no part of a longer one is left. */
  redact(text: string): string;
  /** At most `length` characters of `text`, cut after the secrets are withheld. */
  cut(text: string, length: number): string;
}

/** An empty set of secrets: each run starts its own, so none outlives the run that read it. */
export function newSecrets(): Secrets {
  const known = new Set<string>();
  const redact = (text: string): string => {
    let clean = text;
    for (const secret of [...known].sort((a, b) => b.length - a.length)) clean = clean.replaceAll(secret, WITHHELD);
    return clean;
  };
  return {
    add(value) {
      if (!value) return;
      for (const form of [value, value.trim()]) for (const spelling of spellings(form)) if (spelling) known.add(spelling);
    },
    redact,
    cut: (text, length) => redact(text).slice(0, length),
  };
}

export interface DatabaseTarget {
  host: string;
  database: string;
  password: string | undefined;
}

/**
 * Host, database and password of a connection URL, read the way a person wrote it: everything before
 * the last `@` is the user information, even where a password holds an unencoded `/` or `#`.
 */
export function databaseTarget(url: string): DatabaseTarget | null {
  const match = /^postgres(?:ql)?:\/\/(?:(.*)@)?([^@/?#]*)(?:\/([^?#]*))?/i.exec(url.trim());
  if (!match) return null;
  const [, userInfo, hostPort = '', database = ''] = match;
  const host = hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : (hostPort.split(':')[0] ?? '');
  const colon = userInfo?.indexOf(':') ?? -1;
  return { host, database: database || 'postgres', password: colon >= 0 ? userInfo?.slice(colon + 1) : undefined };
}
