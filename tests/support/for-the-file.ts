// What a whole test file (or describe block) shares and must not outlive it: a PostgreSQL cluster,
// a seeded database, the local backend. Call it where hooks may be registered.

/**
 * Opens `open()` before the first test and closes it after the last. The accessor throws in a test
 * that runs although opening failed, naming `what`, so the failure points at beforeAll. What opens
 * only after beforeAll's timeout is closed too: on a slow machine it would otherwise outlive the
 * file, holding its port or server into the next file.
 */
export function forTheFile<T>(what: string, open: () => Promise<T>, close: (opened: T) => Promise<void>, openTimeoutMs = 120_000): () => T {
  let opening: Promise<T> | undefined;
  let opened: T | undefined;
  beforeAll(async () => {
    opening = open();
    opened = await opening;
  }, openTimeoutMs);
  afterAll(async () => {
    // Awaited rather than read from `opened`, which a start that outlived beforeAll never set.
    const result = await opening?.catch(() => undefined);
    if (result !== undefined) await close(result);
  });
  return () => {
    if (opened === undefined) throw new Error(`${what} did not start; see beforeAll`);
    return opened;
  };
}
