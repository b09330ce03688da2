// The site's gatsby-node.ts: once per build, the log says where the address and the analytics
// script come from, and a deploy build that knows no address stops before any work.
import { onPreInit } from '../../gatsby-node';
import { SITE_URL_REQUIRED } from '../../src/build-time/deploy-settings';

class Panic extends Error {}

function preInit(env: Record<string, string>) {
  const reporter = {
    info: jest.fn<void, [string]>(),
    // Under `gatsby build` panic ends the process; here it ends the hook.
    panic: jest.fn((message: string) => {
      throw new Panic(message);
    }),
  };
  const saved = process.env;
  process.env = { NODE_ENV: 'production', ...env };
  try {
    (onPreInit as (args: unknown) => void)({ reporter });
  } catch (error) {
    if (!(error instanceof Panic)) throw error;
  } finally {
    process.env = saved;
  }
  return reporter;
}

it('stops a production build with backend settings but no address, naming SITE_URL', () => {
  const reporter = preInit({ REQUIRE_BACKEND: '1', GATSBY_SUPABASE_URL: 'https://abcd.supabase.co', GATSBY_SUPABASE_ANON_KEY: 'anon' });
  expect(reporter.panic).toHaveBeenCalledWith(SITE_URL_REQUIRED);
  expect(reporter.panic.mock.calls[0]?.[0]).toMatch(/SITE_URL/);
});

it('says once, on the embedded demo build, that the address is a placeholder and that no analytics script loads', () => {
  const reporter = preInit({});
  expect(reporter.panic).not.toHaveBeenCalled();
  const lines = reporter.info.mock.calls.map(([line]) => line);
  expect(lines.filter((line) => /placeholder/.test(line))).toHaveLength(1);
  expect(lines.filter((line) => line.startsWith('analytics: none'))).toHaveLength(1);
});

it('stops a Netlify build without backend settings before any work, naming both settings', () => {
  const reporter = preInit({ NETLIFY: 'true', URL: 'https://adasorter.netlify.app' });
  expect(reporter.panic).toHaveBeenCalledTimes(1);
  expect(reporter.panic.mock.calls[0]?.[0]).toMatch(/NETLIFY=true.*GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY/);
});
