// PGlite's CommonJS build loads Node built-ins with `await import("fs")` and the like, which Jest's
// module sandbox refuses without --experimental-vm-modules. Those modules are all CommonJS built-ins
// read through named properties, so `require` serves the same objects. The module's own `require` is
// kept under another name first: Emscripten's code declares a local `var require` of its own.
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');

const BUILTIN_IMPORT = /\bimport\((["'])((?:node:)?[a-z_]+(?:\/[a-z_]+)?)\1\)/g;
const SELF = readFileSync(__filename, 'utf8');

module.exports = {
  process(source) {
    const code = source.replace(BUILTIN_IMPORT, 'Promise.resolve(__requireBuiltin($1$2$1))');
    return { code: code === source ? source : `const __requireBuiltin = require;${code}` };
  },
  // Jest would otherwise keep serving a transform cached before this file changed.
  getCacheKey(source, filename) {
    return createHash('sha256').update(SELF).update(filename).update(source).digest('hex');
  },
};
