// `npm run doctor`: the check of a deployment (run.ts) on this process's environment and command
// line, its table on standard output; exit status 1 when anything is wrong.
import { runDoctor } from './run';

void runDoctor({
  env: process.env,
  args: process.argv.slice(2),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then((code) => {
  process.exitCode = code;
});
