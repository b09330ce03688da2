// npm run team: adds, removes and lists the team members who answer the inquiries on /team/
// (../staff/run.ts), as this process's command line says, reading its environment.
import { runAsCommand } from '../command';
import { runTeam } from '../staff/run';

runAsCommand(runTeam);
