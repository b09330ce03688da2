// Lets plain Node 20 (npm run backend, serve and the benches) require the project's TypeScript: the
// local-supabase and static-host packages, the plugin's embedded-db.ts, the site's content modules.
// Node 20 cannot strip types, and the repository already carries Babel for Jest, so this compiles
// .ts on require with the same TypeScript preset rather than adding a loader package.
const babel = require('@babel/core');
const fs = require('node:fs');

const compile = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { code } = babel.transformSync(source, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: 'inline',
    presets: [require.resolve('@babel/preset-typescript')],
    plugins: [require.resolve('@babel/plugin-transform-modules-commonjs')],
  });
  module._compile(code, filename);
};

// require.extensions is deprecated but remains the only synchronous hook for CommonJS on Node 20.
if (!require.extensions['.ts']) require.extensions['.ts'] = compile;
