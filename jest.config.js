// Two projects: node for every *.test.ts (the plugins', the database's, the backend's, the build's);
// dom, on jsdom, for every *.test.tsx (the page's components).
const transform = {
  '^.+\\.(m?js|jsx|tsx?)$': '<rootDir>/tests/support/jest-preprocess.js',
  '/@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/tests/support/pglite-transform.js',
};
const common = {
  rootDir: __dirname,
  transform,
  // Gatsby and a few of its runtime packages ship untranspiled ESM; so do lucide-react's per-icon files.
  // PGlite's CommonJS build needs its built-in imports rewritten (tests/support/pglite-transform.js).
  transformIgnorePatterns: ['node_modules/(?!(gatsby|gatsby-script|gatsby-link|@gatsbyjs|@electric-sql/pglite|lucide-react)/)'],
  globals: { __PATH_PREFIX__: '', __BASE_PATH__: '' },
  testPathIgnorePatterns: ['/node_modules/', '/\\.cache/', '/public/', '<rootDir>/tests/e2e/'],
  // The run's shared PostgreSQL 15 cluster (tests/support/shared-postgres.ts); Jest runs each hook once.
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  globalTeardown: '<rootDir>/tests/support/global-teardown.ts',
};

module.exports = {
  // Four workers on two cores: one suite spends 20 s waiting (for a server that fails late) and many
  // wait on servers for moments. Measured on a quiet 2-core machine, whole runs: two workers took
  // 66 s, three 53 s, four 49-50 s and five 49 s, with 74, 75, 76-80 and 81 CPU seconds; seven took
  // 52-56 s and 87-94 CPU seconds, since each worker loads its own modules and WebAssembly.
  maxWorkers: 4,
  testSequencer: '<rootDir>/tests/support/sequencer.js',
  // A guard against a hang, not a measure: tests that time something assert the figure itself. One
  // limit for every test and hook that names none (most name none): on a busy 2-core machine a jsdom
  // test took over 20 s and a hook that starts a backend over 60 s, and a test cut off mid-way leaves
  // its work running into the next. (Jest reads this option for the whole run, not per project.)
  testTimeout: 120_000,
  projects: [
    {
      ...common,
      displayName: 'node',
      testEnvironment: '<rootDir>/tests/support/node-environment.js',
      testMatch: ['<rootDir>/tests/**/*.test.ts', '<rootDir>/plugins/*/tests/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'dom',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/setup-dom.ts'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/tests/support/style-stub.js',
        '\\.(png|jpe?g|webp|avif|svg|woff2?)$': '<rootDir>/tests/support/file-stub.js',
        '^gatsby$': '<rootDir>/tests/support/gatsby-mock.tsx',
      },
    },
  ],
};
