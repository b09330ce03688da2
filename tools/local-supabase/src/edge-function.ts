// Runs a Supabase edge function from supabase/functions/ under the real Deno runtime (the `deno`
// npm package), started on first use so that tests which never call a function do not pay for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { json, type RestResponse } from './postgrest';
import { FUNCTIONS_DIR, REPO_ROOT } from './project';

const DENO = path.join(REPO_ROOT, 'node_modules', '.bin', 'deno');
const ENTRY = path.join(__dirname, '..', 'deno-entry.mjs');
// The first run fetches the function's npm: imports into Deno's cache.
const START_TIMEOUT_MS = 90_000;
const HOP_BY_HOP = ['host', 'connection', 'content-length', 'transfer-encoding'];

export interface FunctionRequest {
  method: string;
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  body: string;
}

export interface FunctionProcess {
  /** The function's base URL, starting Deno if it is not running yet. */
  url(): Promise<string>;
  /** Sends a request to the function as Supabase's functions gateway does; 502 when Deno cannot start. */
  forward(request: FunctionRequest): Promise<RestResponse>;
  /** Everything Deno printed, for failure messages. */
  output: string[];
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `env` is read when Deno starts, so it may name things (such as the backend's URL) known only later. */
export function edgeFunction(name: string, env: () => Record<string, string>): FunctionProcess {
  const dir = path.join(FUNCTIONS_DIR, name);
  const output: string[] = [];
  let child: ChildProcess | null = null;
  let starting: Promise<string> | null = null;

  const start = async (): Promise<string> => {
    const index = path.join(dir, 'index.ts');
    if (!existsSync(index)) throw new Error(`local backend: no edge function at ${index}`);
    const port = await freePort();
    const config = path.join(dir, 'deno.json');
    const args = ['run', '-A', ...(existsSync(config) ? ['--config', config] : []), ENTRY, index];
    const proc = spawn(DENO, args, {
      cwd: dir,
      env: { ...process.env, ...env(), PORT: String(port), NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`local backend: ${name} did not start within ${START_TIMEOUT_MS} ms:\n${output.join('')}`)),
        START_TIMEOUT_MS,
      );
      const collect = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        output.push(text);
        if (text.includes('local-backend: function listening on')) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${port}`);
        }
      };
      proc.stdout?.on('data', collect);
      proc.stderr?.on('data', collect);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        child = null;
        starting = null;
        reject(new Error(`local backend: ${name} exited with ${code}:\n${output.join('')}`));
      });
    });
  };

  const url = () => {
    starting ??= start();
    return starting;
  };

  return {
    output,
    url,
    async forward(request) {
      let target: string;
      try {
        target = await url();
      } catch (error) {
        return json(502, { code: 'LOCAL_FUNCTION_DOWN', message: String(error instanceof Error ? error.message : error) });
      }
      const headers = new Headers();
      for (const [header, value] of Object.entries(request.headers)) {
        if (value === undefined || HOP_BY_HOP.includes(header)) continue;
        headers.set(header, Array.isArray(value) ? value.join(', ') : value);
      }
      const search = request.query.toString();
      const response = await fetch(`${target}/${name}${search ? `?${search}` : ''}`, {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
      });
      const out: Record<string, string> = {};
      response.headers.forEach((value, header) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(header)) out[header] = value;
      });
      return { status: response.status, headers: out, body: await response.text() };
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      });
    },
  };
}
