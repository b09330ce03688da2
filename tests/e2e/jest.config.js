// Browser tests (`npm run test:e2e`, run with --runInBand): global setup builds the site once per
// variant and serves each build; every *.e2e.ts file then drives Chromium against them.
// The TypeScript and PGlite transforms are the unit tests' own, taken from the root config so the
// two cannot drift apart.
const path = require('node:path');
const root = require('../../jest.config.js');

const node = root.projects.find((project) => project.displayName === 'node');

module.exports = {
  rootDir: path.join(__dirname, '..', '..'),
  displayName: 'e2e',
  testEnvironment: 'node',
  transform: node.transform,
  transformIgnorePatterns: node.transformIgnorePatterns,
  testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/tests/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/tests/e2e/global-teardown.ts',
  testSequencer: '<rootDir>/tests/e2e/sequencer.js',
  // A browser flow waits for real timers (the 1.5 s simulated submit, the 2 s auto-close).
  testTimeout: 60_000,
  slowTestThreshold: 20,
};
