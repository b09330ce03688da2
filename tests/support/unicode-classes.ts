// The database's character classes for names and companies (private.is_visible_line in
// 20261127000400_audit_three.sql), written from JavaScript's Unicode properties. PostgreSQL 15's
// regular expressions know no Unicode property, so the migration spells each set as code point
// ranges; tests/database/third-audit.test.ts holds them equal to these, so they cannot drift. When a
// newer Node knows a newer Unicode, that test fails showing the new ranges: a new migration restates
// the function with them.

/** What a name or company may not hold: default-ignorable, format and unassigned code points. */
export const HIDDEN = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cn}]/u;
/** What a name or company needs at least one of: a letter or a digit. */
export const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const escape = (codePoint: number) =>
  codePoint > 0xffff ? `\\U${codePoint.toString(16).padStart(8, '0')}` : `\\u${codePoint.toString(16).padStart(4, '0')}`;

/** Every code point but the surrogates (text holds none), in order: a string of 1,112,064 of them. */
const ALL_CODE_POINTS = (() => {
  const chunks: string[] = [];
  for (let start = 0; start < 0x110000; start += 0x1000) {
    const codePoints: number[] = [];
    for (let codePoint = start; codePoint < start + 0x1000; codePoint++)
      if (codePoint < 0xd800 || codePoint > 0xdfff) codePoints.push(codePoint);
    chunks.push(String.fromCodePoint(...codePoints));
  }
  return chunks.join('');
})();

const lowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The code points the character class `property` matches, as a PostgreSQL bracket expression's
 * contents: its runs over all code points, found by the regular expression engine itself (a test
 * per code point took a second under Jest).
 */
export function sqlRanges(property: RegExp): string {
  const runs = new RegExp(`${property.source}+`, 'gu');
  const ranges: string[] = [];
  for (const [run] of ALL_CODE_POINTS.matchAll(runs)) {
    const first = run.codePointAt(0)!;
    // The last code point: a pair of surrogates when the run ends above U+FFFF.
    const last = run.codePointAt(run.length - (lowSurrogate(run.charCodeAt(run.length - 1)) ? 2 : 1))!;
    ranges.push(first === last ? escape(first) : `${escape(first)}-${escape(last)}`);
  }
  return ranges.join('');
}
