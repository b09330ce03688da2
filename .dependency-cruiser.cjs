// The repository's import rules, checked by tests/repository/imports.test.ts (and by hand with
// `npx depcruise .`): no import circles anywhere outside tests/, nothing outside tests/ importing
// from tests/, and the site's layers pointing one way.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle has no first file to read; type-only imports count, since a reader follows them too.',
      from: { pathNot: '^tests/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import this check cannot follow could hide a circle or a way into tests/.',
      from: { pathNot: '^tests/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'not-to-tests',
      severity: 'error',
      comment: 'Tests are not shipped: a tool that developers run is a package of its own (tools/).',
      from: { pathNot: '^tests/' },
      to: { path: '^tests/' },
    },
    // The site's layers point one way: pages and components → hooks → lib → content → the plugin's
    // browser entry. What the build runs in Node (src/build-time/) is never the browser's.
    ...[
      ['content', 'lib|hooks|components|pages|build-time'],
      ['lib', 'hooks|components|pages|build-time'],
      ['hooks', 'components|pages|build-time'],
      ['components', 'pages|build-time'],
      ['pages', 'build-time'],
    ].map(([layer, above]) => ({
      name: `${layer}-points-down`,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      to: { path: `^src/(${above})/` },
    })),
    {
      name: 'plugins-stand-alone',
      severity: 'error',
      comment: 'A plugin is a package of its own: it knows nothing of the site that uses it.',
      from: { path: '^plugins/' },
      to: { path: '^src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|public|\\.cache|artifacts|coverage)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
