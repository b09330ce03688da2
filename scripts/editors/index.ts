// npm run editors: adds, removes and lists the editors who may sign in on /edit/ (run.ts), as this
// process's command line says, reading its environment.
import { runAsCommand } from '../command';
import { runEditors } from './run';

runAsCommand(runEditors);
