// forTheFile's hooks, run by hand in the order Jest runs them, including after a beforeAll that Jest
// gave up on: what opens late must still be closed, or it holds its port into the next file.
import { forTheFile } from './for-the-file';

type Hook = () => Promise<void>;

/** Calls forTheFile with Jest's hook globals caught, so that the test runs them itself. */
function caught<T>(open: () => Promise<T>, close: (opened: T) => Promise<void>) {
  const hooks: { before?: Hook; after?: Hook } = {};
  const jestHooks = { beforeAll: globalThis.beforeAll, afterAll: globalThis.afterAll };
  Object.assign(globalThis, {
    beforeAll: (fn: Hook) => (hooks.before = fn),
    afterAll: (fn: Hook) => (hooks.after = fn),
  });
  try {
    const accessor = forTheFile('the thing', open, close);
    return { accessor, before: hooks.before!, after: hooks.after! };
  } finally {
    Object.assign(globalThis, jestHooks);
  }
}

test('closes what it opened once, after the last test', async () => {
  const closed: string[] = [];
  const { accessor, before, after } = caught(
    async () => 'server',
    async (opened) => void closed.push(opened),
  );
  expect(accessor).toThrow('the thing did not start; see beforeAll');
  await before();
  expect(accessor()).toBe('server');
  await after();
  expect(closed).toEqual(['server']);
});

test('closes what opened only after beforeAll timed out', async () => {
  const closed: string[] = [];
  let finishOpening: (value: string) => void = () => undefined;
  const { accessor, before, after } = caught(
    () => new Promise<string>((resolve) => (finishOpening = resolve)),
    async (opened) => void closed.push(opened),
  );
  // Jest moves on from a timed-out hook without waiting for it.
  void before();
  expect(accessor).toThrow('the thing did not start');
  const afterDone = after();
  finishOpening('late server');
  await afterDone;
  expect(closed).toEqual(['late server']);
});

test('closes nothing when opening failed', async () => {
  const close = jest.fn(async () => undefined);
  const { before, after } = caught(() => Promise.reject(new Error('no port')), close);
  await expect(before()).rejects.toThrow('no port');
  await after();
  expect(close).not.toHaveBeenCalled();
});
