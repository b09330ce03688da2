// The browser tests run in two workers (jest.config.js), and Jest hands the next file to whichever
// worker is free. The files that use the backend build's port take turns on it
// (support/backend-content.ts), and they add up to about as long as the others, so the run is
// shortest when one worker runs them one after the other while the other runs the rest. This order
// gives that, from the durations measured on two cores (in seconds, alone): landing 125 | backend-refresh 90,
// bundle 60 | develop-refresh 83 | hosts 35, preview 32 | adopted-project 51 | languages 25,
// pictures 9, backend 9. The order is kept even when Jest knows the durations: sorted longest first,
// the files of the port would start side by side and one would wait. A file missing here runs last;
// a wrong guess costs time, never a result.
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = [
  'landing',
  'backend-refresh',
  'bundle',
  'develop-refresh',
  'hosts',
  'preview',
  'adopted-project',
  'languages',
  'pictures',
  'backend',
].map((name) => `/tests/e2e/${name}.e2e.ts`);

const rank = (test) => {
  const index = ORDER.findIndex((suffix) => test.path.endsWith(suffix));
  return index < 0 ? ORDER.length : index;
};

class BrowserTestOrder extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = BrowserTestOrder;
