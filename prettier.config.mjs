// The code's style as it was written before Prettier, so that formatting moves few lines:
// single quotes, semicolons, two spaces, trailing commas, long lines.
/** @type {import('prettier').Config} */
export default {
  singleQuote: true,
  semi: true,
  tabWidth: 2,
  trailingComma: 'all',
  // Of the widths tried (80 to 250), 140 changed the fewest lines: most of the code is wrapped
  // near 130-140 columns.
  printWidth: 140,
  // Template literals keep their own layout: the page query lists a node's fields on one line, and
  // the SQL and HTML in template strings are written to be read as they are.
  embeddedLanguageFormatting: 'off',
};
