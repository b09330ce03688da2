// The characters a field may not hide, as the database's rules refuse them
// (20261126000100_inquiry_hardening.sql, 20261127000400_audit_three.sql), and how a stored value is
// shown so that no text inside one field can pass for another, or hide, in the team's email.

/** Control characters (C0, C1, so CR, LF and tab), line and paragraph separators, bidirectional controls. */
// deno-lint-ignore no-control-regex -- control characters are exactly what is refused.
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same, less the line breaks and tabs a message keeps. */
// deno-lint-ignore no-control-regex -- control characters are exactly what is refused.
const HIDDEN_IN_MESSAGE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** What shows nothing beyond white space: no-break and other space separators, zero-width and joiner characters. */
const BLANKS =
  '\\u00a0\\u00ad\\u034f\\u061c\\u115f\\u1160\\u1680\\u180e\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u2064\\u2066-\\u206f\\u2800\\u3000\\u3164\\ufeff\\uffa0';
const INVISIBLE = new RegExp(`[\\s${BLANKS}]`, 'g');
/**
 * What shows nothing or is not a character yet: default-ignorable (tag characters, variation
 * selectors, joiners), format and unassigned code points, decided by Unicode property. The
 * database spells the same sets as ranges (private.is_visible_line).
 */
const HIDDEN = '\\p{Default_Ignorable_Code_Point}\\p{Cf}\\p{Cn}';
const ANY_HIDDEN = new RegExp(`[${HIDDEN}]`, 'u');
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** What the email writes out as a code point instead: controls, blanks and hidden code points, not the plain space. */
const SHOWN_AS_CODE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BLANKS}${HIDDEN}]`, 'gu');

/** A name or company: one line, nothing hidden, and at least one letter or digit. */
export function isOneVisibleLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value) && !ANY_HIDDEN.test(value) && LETTER_OR_DIGIT.test(value);
}

/** A message: any lines, with something visible, and no hidden controls. */
export function isCleanMessage(value: string): boolean {
  return !HIDDEN_IN_MESSAGE.test(value) && value.replace(INVISIBLE, '') !== '';
}

/** `value` with every hidden character written out as [U+XXXX], so that the reader sees it. */
export function shown(value: string): string {
  return value.replace(SHOWN_AS_CODE, (char) => `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}

/** A one-line field for the text part: in double quotes, its own quotes and backslashes escaped. */
export function quoted(value: string): string {
  return `"${shown(value.replaceAll('\\', '\\\\').replaceAll('"', '\\"'))}"`;
}

/** A message for the text part: set apart, every line of it behind "| ", so no line can pass for a field. */
export function setApart(message: string): string {
  return message
    .split(/\r\n|\r|\n/)
    .map((line) => `| ${shown(line)}`)
    .join('\n');
}

/** One line for a subject: hidden characters gone, white space runs made one space. */
export function subjectText(value: string): string {
  return value.replace(SHOWN_AS_CODE, ' ').replace(INVISIBLE, ' ').replace(/ +/g, ' ').trim();
}

/** `value` cut to at most `limit` characters, "…" the last of a cut one: code points, so no emoji is cut in half. */
export function shortened(value: string, limit: number): string {
  const characters = Array.from(value);
  return characters.length > limit ? `${characters.slice(0, limit - 1).join('')}…` : value;
}
