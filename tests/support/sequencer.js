// Longest suites first, so that the workers finish together instead of one starting a two-minute
// suite at the end. Jest's own sequencer already does this from the durations it recorded on this
// machine (node_modules/.cache/jest or the cache directory); a fresh clone (CI) has none, and
// Jest would order by file size, which says little about a suite that waits for pg_cron or starts
// servers. For those runs, the suites below (the slowest, as measured) go first, in this order;
// a renamed or new suite missing here only costs time, never a result.
const Sequencer = require('@jest/test-sequencer').default;

const SLOWEST_FIRST = [
  'tests/database/harness-fails-fast.test.ts',
  'tests/database/doctor.test.ts',
  'tests/supabase-api/logs-without-personal-data.test.ts',
  'tests/database/inquiry-sweep-job.test.ts',
  'tests/database/deploy-with-supabase-cli.test.ts',
  'tests/database/embedded-db.test.ts',
  'tests/database/site-live-watch.test.ts',
  'tests/database/rebuild-when-quiet.test.ts',
  'tests/database/adoption-on-pglite.test.ts',
  'tests/database/inquiry-retention-job.test.ts',
  'tests/supabase-api/backend-command.test.ts',
  'plugins/gatsby-source-supabase-content/tests/remote-pictures.test.ts',
  'tests/supabase-api/local-backend.test.ts',
  'tests/database/pg-cron-cluster.test.ts',
  'tests/database/inquiries-on-pglite.test.ts',
];

const rank = (test) => {
  const index = SLOWEST_FIRST.findIndex((suffix) => test.path.endsWith(suffix));
  return index < 0 ? SLOWEST_FIRST.length : index;
};

class SlowestFirst extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    // Array.prototype.sort is stable: the rest keep Jest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowestFirst;
