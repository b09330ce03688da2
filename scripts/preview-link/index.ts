// npm run preview-link: makes or revokes editors' preview links (run.ts) as this process's command
// line says, reading its environment; the link on standard output.
import { runPreviewLink } from './run';

void runPreviewLink({
  env: process.env,
  args: process.argv.slice(2),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then((code) => {
  process.exitCode = code;
});
