// `npm run doctor`: the check of a deployment (run.ts) on this process's environment and command
// line, its table on standard output; exit status 1 when anything is wrong.
import { runAsCommand } from '../command';
import { runDoctor } from './run';

runAsCommand(runDoctor);
