// The doctor's Auth row (scripts/doctor/auth.ts): it reads GET /auth/v1/settings with the public key,
// passes the local backend's Auth (sign-ups and anonymous sign-ins off, as it enforces them), fails a
// project answering with sign-ups or anonymous sign-ins on (or email sign-in off), and says so when
// the settings cannot be read, from a server of this file standing in for such a project.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort, startLocalBackend } from 'local-supabase';
import { checkAuthSettings } from '../../scripts/doctor/auth';
import { newSecrets } from '../../scripts/doctor/redact';
import { forTheFile } from '../support/for-the-file';

const KEY = 'anon-key-of-the-project';
const backend = forTheFile(
  'the local backend',
  () => startLocalBackend(),
  (opened) => opened.stop(),
);

let server: Server;
let project: string;
/** What the stand-in project answers at /auth/v1/settings: Auth's settings, or a status and a body. */
let answer: { settings: object } | { status: number; body: string };
const heard: { path: string | undefined; headers: IncomingHttpHeaders }[] = [];

const settings = (signUps: boolean, anonymous: boolean, email = true) => ({
  settings: {
    external: { anonymous_users: anonymous, email, phone: false, google: false },
    disable_signup: !signUps,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  },
});

beforeAll(async () => {
  server = createServer((request, response) => {
    heard.push({ path: request.url, headers: request.headers });
    if ('settings' in answer)
      return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.settings));
    response.writeHead(answer.status).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise((resolve) => server?.close(resolve)));

beforeEach(() => {
  heard.length = 0;
});

const check = (url = project, key = KEY) => checkAuthSettings(url, key, newSecrets(), 5_000);

it("passes the local backend's Auth, which has sign-ups and anonymous sign-ins off", async () => {
  expect(await check(backend().url, backend().anonKey)).toEqual({
    name: 'Auth settings',
    status: 'ok',
    detail: 'sign-ups off, anonymous sign-ins off, email sign-in on: only the users an operator adds sign in',
  });
  expect(backend().requests.at(-1)).toMatchObject({ method: 'GET', path: '/auth/v1/settings', status: 200 });
});

it('asks /auth/v1/settings with the public key, and passes a project with both off', async () => {
  answer = settings(false, false);
  expect((await check()).status).toBe('ok');
  expect(heard).toEqual([{ path: '/auth/v1/settings', headers: expect.objectContaining({ apikey: KEY }) as unknown }]);
});

it('fails a project with sign-ups on, anonymous sign-ins on, or both, naming the switch to turn off', async () => {
  answer = settings(true, false);
  const signUps = await check();
  expect(signUps).toMatchObject({ status: 'FAIL', detail: 'sign-ups are on: anyone can make an Auth user and sign in' });
  expect(signUps.fix).toEqual([expect.stringContaining('"Allow new users to sign up": off') as unknown]);

  answer = settings(false, true);
  const anonymous = await check();
  expect(anonymous).toMatchObject({ status: 'FAIL', detail: 'anonymous sign-ins are on: anyone can get a session without an address' });
  expect(anonymous.fix).toEqual([expect.stringContaining('"Allow anonymous sign-ins": off') as unknown]);

  answer = settings(true, true);
  const both = await check();
  expect(both.status).toBe('FAIL');
  expect(both.detail).toBe(
    'sign-ups are on: anyone can make an Auth user and sign in; anonymous sign-ins are on: anyone can get a session without an address',
  );
  expect(both.fix).toHaveLength(2);
});

it('fails a project whose email sign-in is off: editors would get no code', async () => {
  answer = settings(false, false, false);
  expect(await check()).toMatchObject({ status: 'FAIL', detail: 'email sign-in is off: editors get no code' });
});

it('says the settings could not be read, as a failure, when Auth refuses, answers something else or is not there', async () => {
  answer = { status: 401, body: '{"message":"Invalid API key"}' };
  expect(await check()).toMatchObject({
    status: 'FAIL',
    detail: '/auth/v1/settings answered HTTP 401: {"message":"Invalid API key"}: whether anyone can sign up is unknown',
  });
  answer = { status: 200, body: '<html>Project paused</html>' };
  expect((await check()).detail).toBe(
    "/auth/v1/settings did not answer with Auth's settings: <html>Project paused</html>: whether anyone can sign up is unknown",
  );
  answer = { status: 200, body: '{"disable_signup":true}' };
  expect((await check()).detail).toMatch(/^\/auth\/v1\/settings did not answer with Auth's settings/);
  expect(await check(`http://127.0.0.1:${await freePort()}`)).toMatchObject({
    status: 'FAIL',
    detail: 'Auth did not answer /auth/v1/settings (ECONNREFUSED): whether anyone can sign up is unknown',
  });
});

it('skips without the site settings, as the other checks over HTTP do', async () => {
  expect(await checkAuthSettings(undefined, KEY, newSecrets())).toMatchObject({ status: 'skip', detail: 'not checked' });
  expect(await checkAuthSettings(project, undefined, newSecrets())).toMatchObject({ status: 'skip' });
  expect(heard).toEqual([]);
});
