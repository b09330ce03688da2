// `npm run backend`, run as a developer runs it: it prints the site's two settings and the service
// key, logs every request, takes an editor's change through the Data API with the service key (the
// rebuild trigger then calls the hook it was given), refuses the same change with the anon key, and
// stops cleanly on Ctrl+C (SIGINT to its process group) and on SIGTERM.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../support/database';
import { scriptCommand } from '../support/package-script';
import { preflight } from './support/site-backend';
const execFileAsync = promisify(execFile);
// Loading PGlite and the migrations and seed: 23 s on a quiet machine, over 90 s on CI's busy one.
// One deadline for all of it: the output in a timeout's message shows how far the start got.
const START_MS = 240_000;
// Starting node and compiling the command's TypeScript, for --help and a wrong option.
const RUN_MS = 30_000;
const TIMELINE_ROW = '20000000-0000-4000-8000-000000000003';

interface Command {
  child: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in the output so far or to come. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `npm run backend -- <args>`, in its own process group so that a signal to the group reaches npm
 * and node as Ctrl+C does. With `direct`, the script's command itself, without npm's start: for
 * what npm plays no part in, and for SIGTERM, which npm does not pass on, so that is the process a
 * service manager would stop.
 */
function run(args: string[], { direct = false } = {}): Command {
  const [program, ...scriptArgs] = direct ? scriptCommand('backend') : ['npm', 'run', '--silent', 'backend', '--'];
  const child = spawn(program, [...scriptArgs, ...args], { cwd: REPO_ROOT, detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': only then has all the output arrived.
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    exited,
    output: () => output,
    async waitFor(pattern, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ${pattern} in the output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

function groupAlive(command: Command): boolean {
  try {
    process.kill(-command.child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whatever of the group a failed test left running, so that Jest is not kept waiting for its output. */
function stopForGood(command: Command): void {
  try {
    process.kill(-command.child.pid!, 'SIGKILL');
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

/** A build hook that records the calls it gets. */
async function startHook(): Promise<{ server: Server; url: string; calls: Array<{ headers: IncomingHttpHeaders; body: unknown }> }> {
  const calls: Array<{ headers: IncomingHttpHeaders; body: unknown }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      calls.push({ headers: req.headers, body: JSON.parse(body) as unknown });
      res.writeHead(200).end('refreshing');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/__refresh`, calls };
}

const keyHeaders = (key: string) => ({ apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' });

async function title(url: string, anonKey: string): Promise<string> {
  const response = await fetch(`${url}/rest/v1/timeline?select=id,title&is_active=eq.true&order=order_index.asc`, {
    headers: { apikey: anonKey },
  });
  const rows = (await response.json()) as Array<{ id: string; title: string }>;
  return rows.find((row) => row.id === TIMELINE_ROW)?.title ?? 'no such row';
}

test(
  '--help names every option',
  async () => {
    const command = run(['--help'], { direct: true });
    expect(await command.exited).toEqual({ code: 0, signal: null });
    for (const option of ['--port', '--db-port', '--build-hook', '--build-hook-authorization', '--help'])
      expect(command.output()).toContain(option);
    expect(command.output()).toContain("PATCH '<url>/rest/v1/timeline?id=eq.<id>'");
  },
  RUN_MS,
);

test(
  'an unknown option is refused with the help',
  async () => {
    const command = run(['--prot', '1'], { direct: true });
    expect(await command.exited).toEqual({ code: 2, signal: null });
    expect(command.output()).toMatch(/Unknown option '--prot'[\s\S]*--build-hook <url>/);
  },
  RUN_MS,
);

describe('a running backend', () => {
  let command: Command;
  let hook: Awaited<ReturnType<typeof startHook>>;
  let url: string;
  let anonKey: string;
  let serviceKey: string;

  beforeAll(async () => {
    hook = await startHook();
    command = run(['--port', '0', '--build-hook', hook.url, '--build-hook-authorization', 'refresh-token']);
    url = (await command.waitFor(/GATSBY_SUPABASE_URL=(http:\/\/127\.0\.0\.1:\d+)\n/, START_MS))[1]!;
    anonKey = (await command.waitFor(/GATSBY_SUPABASE_ANON_KEY=(\S+)\n/))[1]!;
    serviceKey = (await command.waitFor(/service role key: (\S+)\n/))[1]!;
  }, START_MS + 10_000);

  afterAll(async () => {
    stopForGood(command);
    await new Promise((resolve) => hook.server.close(resolve));
  });

  test('prints the two settings and the service key, each different, then the hook it calls', async () => {
    expect(new Set([url, anonKey, serviceKey]).size).toBe(3);
    // It said it was starting before the long wait, so that nobody takes the wait for a hang.
    expect(command.output()).toMatch(/^starting local Supabase: [^\n]*\n[\s\S]*GATSBY_SUPABASE_URL=/m);
    // Its own line, which may come in a later chunk than the settings.
    expect((await command.waitFor(/the rebuild trigger calls (\S+)\n/))[1]).toBe(hook.url);
  });

  test("takes an editor's change with the service key, logs it, and the rebuild trigger calls the hook", async () => {
    const response = await fetch(`${url}/rest/v1/timeline?id=eq.${TIMELINE_ROW}`, {
      method: 'PATCH',
      headers: keyHeaders(serviceKey),
      body: JSON.stringify({ title: 'Retitled by hand' }),
    });
    expect(response.status).toBe(204);
    expect(await title(url, anonKey)).toBe('Retitled by hand');
    await command.waitFor(new RegExp(`204 PATCH /rest/v1/timeline\\?id=eq.${TIMELINE_ROW} \\(service_role\\)`));
    await command.waitFor(/200 GET \/rest\/v1\/timeline\?select=id%2Ctitle&is_active=eq.true&order=order_index.asc \(anon\)/);
    await command.waitFor(new RegExp(`build hook: 200 POST ${hook.url}`));
    expect(hook.calls).toEqual([
      { headers: expect.objectContaining({ authorization: 'refresh-token' }) as unknown, body: { table: 'timeline', op: 'UPDATE' } },
    ]);
  });

  test('refuses the same change with the anon key, as the grants decide', async () => {
    const before = await title(url, anonKey);
    const calls = hook.calls.length;
    const response = await fetch(`${url}/rest/v1/timeline?id=eq.${TIMELINE_ROW}`, {
      method: 'PATCH',
      headers: keyHeaders(anonKey),
      body: JSON.stringify({ title: 'Retitled by a visitor' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: '42501' });
    expect(await title(url, anonKey)).toBe(before);
    await command.waitFor(new RegExp(`401 PATCH /rest/v1/timeline\\?id=eq.${TIMELINE_ROW} \\(anon\\)`));
    expect(hook.calls).toHaveLength(calls);
  });

  test("prints SUPABASE_DB_URL, which npm run preview-link takes; the Data API serves its link's preview and arrangement to anon", async () => {
    const dbUrl = (await command.waitFor(/SUPABASE_DB_URL=(postgresql:\/\/\S+) /))[1]!;
    const [program, ...args] = scriptCommand('preview-link');
    const link = await execFileAsync(program, [...args, '--site', 'http://localhost:8000', '--label', 'local'], {
      cwd: REPO_ROOT,
      env: { ...process.env, SUPABASE_DB_URL: dbUrl },
    });
    const token = /^http:\/\/localhost:8000\/preview\/#token=([\w-]{43})\n$/.exec(link.stdout)?.[1];
    expect(token).toBeDefined();

    type Row = { id: string; is_active: boolean };
    const call = (name: string, body: Record<string, unknown>) =>
      fetch(`${url}/rest/v1/rpc/${name}`, { method: 'POST', headers: keyHeaders(anonKey), body: JSON.stringify(body) });
    const timeline = async (): Promise<Row[]> =>
      ((await (await call('preview_content', { token })).json()) as { lists: { timeline: Row[] } }).lists.timeline;
    const before = await timeline();
    expect(before.some((row) => !row.is_active)).toBe(true);
    const reversed = before.map((row) => row.id).reverse();
    expect((await call('arrange_content', { token, list: 'timeline', ids: reversed })).status).toBe(200);
    expect((await timeline()).map((row) => row.id)).toEqual(reversed);

    const refused = await call('preview_content', { token: 'not-a-token' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'PT401', message: 'preview link invalid' });
    // The browser asks first whether it may send the key and the JSON body.
    const asked = await preflight(`${url}/rest/v1/rpc/arrange_content`, 'http://localhost:8000', 'apikey,authorization,content-type');
    expect(asked.status).toBe(200);
    expect(asked.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  test('Ctrl+C stops it: the backend closes everything, no process is left, the port is closed', async () => {
    process.kill(-command.child.pid!, 'SIGINT');
    // npm itself ends by the signal; the backend says it stopped once it has closed everything.
    await command.waitFor(/SIGINT: stopping\nstopped\n/, 20_000);
    await command.exited;
    const deadline = Date.now() + 10_000;
    while (groupAlive(command) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(groupAlive(command)).toBe(false);
    await expect(fetch(`${url}/rest/v1/timeline`)).rejects.toThrow();
  });
});

test(
  'SIGTERM stops it too',
  async () => {
    const command = run(['--port', '0'], { direct: true });
    try {
      const url = (await command.waitFor(/GATSBY_SUPABASE_URL=(http:\/\/127\.0\.0\.1:\d+)\n/, START_MS))[1]!;
      command.child.kill('SIGTERM');
      expect(await command.exited).toEqual({ code: 0, signal: null });
      expect(command.output()).toMatch(/SIGTERM: stopping\nstopped\n/);
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      stopForGood(command);
    }
  },
  START_MS + 30_000,
);
