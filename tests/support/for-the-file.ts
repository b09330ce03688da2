// What a whole test file (or describe block) shares and must not outlive it: a PostgreSQL cluster,
// a seeded database, the local backend. Call it where hooks may be registered.

/**
 * Opens `open()` before the first test and closes it after the last. The accessor throws in a test
 * that runs although opening failed, naming `what`, so the failure points at beforeAll.
 */
export function forTheFile<T>(what: string, open: () => Promise<T>, close: (opened: T) => Promise<void>, openTimeoutMs = 120_000): () => T {
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
  }, openTimeoutMs);
  afterAll(async () => {
    if (opened !== undefined) await close(opened);
  }, 30_000);
  return () => {
    if (opened === undefined) throw new Error(`${what} did not start; see beforeAll`);
    return opened;
  };
}
