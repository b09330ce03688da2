// npm run preview-link: makes or revokes editors' preview links (run.ts) as this process's command
// line says, reading its environment; the link on standard output.
import { runAsCommand } from '../command';
import { runPreviewLink } from './run';

runAsCommand(runPreviewLink);
