// `npm run inquiries`: a person's request about their data (run.ts), on this process's environment
// and command line; erase asks its question on the terminal, where there is one.
import { createInterface } from 'node:readline/promises';
import { runAsCommand } from '../command';
import { runInquiries } from './run';

const ask = async (question: string): Promise<string> => {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
};

runAsCommand((command) => runInquiries({ ...command, ask: process.stdin.isTTY ? ask : undefined }));
