// Stops the static servers global-setup.ts started (same realm, so its globals are visible here).
export default async function globalTeardown(): Promise<void> {
  await Promise.all((globalThis.__E2E_SERVERS__ ?? []).map((server) => server.stop()));
}
