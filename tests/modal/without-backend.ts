// The embedded default, for the tests of the submit path without backend settings: fake timers (the
// 1500 ms simulation), no GATSBY_SUPABASE_* settings, and console.warn captured, since the path warns
// that the backend is not configured. Returns the warn spy of the running test.
export function withoutBackendSettings(): () => jest.SpyInstance {
  let warn: jest.SpyInstance | undefined;
  const clearSettings = () => {
    delete process.env.GATSBY_SUPABASE_URL;
    delete process.env.GATSBY_SUPABASE_ANON_KEY;
  };
  beforeEach(() => {
    jest.useFakeTimers();
    clearSettings();
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn?.mockRestore();
    jest.useRealTimers();
    clearSettings();
  });
  return () => {
    if (!warn) throw new Error('withoutBackendSettings: used outside a test');
    return warn;
  };
}
