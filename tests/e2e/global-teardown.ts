// Stops the static servers global-setup.ts started and lets the next browser-test run in (same
// realm as global-setup.ts, so its globals are visible here).
export default async function globalTeardown(): Promise<void> {
  await Promise.all((globalThis.__E2E_SERVERS__ ?? []).map((server) => server.stop()));
  await globalThis.__E2E_RUN_LOCK__?.release();
}
