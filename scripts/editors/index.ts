// npm run editors: adds, removes and lists the editors who may sign in on /edit/ (../staff/run.ts),
// as this process's command line says, reading its environment.
import { runAsCommand } from '../command';
import { runEditors } from '../staff/run';

runAsCommand(runEditors);
