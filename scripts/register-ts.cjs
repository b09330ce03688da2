// Lets plain Node 20 (npm run backend, serve and the benches) require the project's TypeScript: the
// local-supabase and static-host packages, the plugin's embedded-db.ts, the site's content modules.
// Node 20 cannot strip types, and the repository already carries Babel for Jest, so this compiles
// .ts on require with the same TypeScript preset rather than adding a loader package.
//
// What it compiled is kept in node_modules/.cache/register-ts, one file per source text, so a later
// start reads it without loading Babel at all: `npm run backend`'s start went from 1.4 s to 0.2 s.
// (@babel/register's cache was measured too: 0.65 s, as it loads Babel and its options on every
// start.) The folder can be deleted at any time; REGISTER_TS_CACHE names another one.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const CACHE_DIR = process.env.REGISTER_TS_CACHE || path.join(__dirname, '..', 'node_modules', '.cache', 'register-ts');
const PRESET = '@babel/preset-typescript';
const MODULES_PLUGIN = '@babel/plugin-transform-modules-commonjs';

// Besides the source itself, the output depends on this file's options and on Babel's versions.
const SALT = [
  fs.readFileSync(__filename, 'utf8'),
  ...['@babel/core', PRESET, MODULES_PLUGIN].map((name) => require(`${name}/package.json`).version),
].join('\0');

let babel;
function transform(source, filename) {
  babel ??= require('@babel/core');
  return babel.transformSync(source, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: 'inline',
    presets: [require.resolve(PRESET)],
    plugins: [require.resolve(MODULES_PLUGIN)],
  }).code;
}

function compiled(source, filename) {
  const key = createHash('sha256').update(SALT).update('\0').update(filename).update('\0').update(source).digest('hex');
  const file = path.join(CACHE_DIR, `${key}.js`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    const code = transform(source, filename);
    try {
      // Written aside and renamed, so a command starting beside this one never reads half a file.
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, code);
      fs.renameSync(partial, file);
    } catch {
      // A read-only tree: compile on every start, as without the cache.
    }
    return code;
  }
}

// require.extensions is deprecated but remains the only synchronous hook for CommonJS on Node 20.
if (!require.extensions['.ts']) {
  require.extensions['.ts'] = (module, filename) => module._compile(compiled(fs.readFileSync(filename, 'utf8'), filename), filename);
}
