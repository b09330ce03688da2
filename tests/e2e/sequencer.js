// Jest's own order (failed first, then slowest first, from its cache), except that the files that
// run `gatsby develop` go last: develop starts with ./public set aside (support/develop-server.ts),
// so Gatsby takes ./.cache for incomplete and deletes it, and a test file's `gatsby build` after it
// (adopted-project.e2e.ts) would start cold, webpack and every picture again.
const { readFileSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const startsDevelop = (test) => readFileSync(test.path, 'utf8').includes('startDevelop(');

class DevelopLastSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => !startsDevelop(test)), ...sorted.filter(startsDevelop)];
  }
}

module.exports = DevelopLastSequencer;
