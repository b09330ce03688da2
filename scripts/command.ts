// What a script's run gets from the command around it, so that tests can run it in their own
// process and a command is only this process's environment, command line and streams around it.

export interface CommandRun {
  /** The settings it reads (the command's environment). */
  env: Record<string, string | undefined>;
  /** The command line after `--`. */
  args: string[];
  /** A line for standard output. */
  out(line: string): void;
  /** A line for standard error: what went wrong, or a note beside the output. */
  err(line: string): void;
}

/** Runs `run` as this process's command: its exit status becomes the process's. */
export function runAsCommand(run: (command: CommandRun) => Promise<number>): void {
  void run({
    env: process.env,
    args: process.argv.slice(2),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then((code) => {
    process.exitCode = code;
  });
}
