// The database's character classes for names and companies (private.is_visible_line in
// 20261127000400_audit_three.sql), written from JavaScript's Unicode properties. PostgreSQL 15's
// regular expressions know no Unicode property, so the migration spells each set as code point
// ranges; tests/database/third-audit.test.ts holds them equal to these, so they cannot drift. When a
// newer Node knows a newer Unicode, that test fails showing the new ranges: a new migration restates
// the function with them.

/** What a name or company may not hold: default-ignorable, format and unassigned code points. */
export const HIDDEN = /^[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cn}]$/u;
/** What a name or company needs at least one of: a letter or a digit. */
export const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

const escape = (codePoint: number) =>
  codePoint > 0xffff ? `\\U${codePoint.toString(16).padStart(8, '0')}` : `\\u${codePoint.toString(16).padStart(4, '0')}`;

/** The code points `property` matches as a PostgreSQL bracket expression's contents (never a surrogate: text holds none). */
export function sqlRanges(property: RegExp): string {
  const ranges: string[] = [];
  let start = -1;
  for (let codePoint = 0; codePoint <= 0x110000; codePoint++) {
    const surrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
    const member = codePoint < 0x110000 && !surrogate && property.test(String.fromCodePoint(codePoint));
    if (member && start < 0) start = codePoint;
    if (!member && start >= 0) {
      ranges.push(start === codePoint - 1 ? escape(start) : `${escape(start)}-${escape(codePoint - 1)}`);
      start = -1;
    }
  }
  return ranges.join('');
}
