import { testPluginOptionsSchema } from 'gatsby-plugin-utils';
import { pluginOptionsSchema } from '../../plugins/gatsby-source-supabase-content/src/options';

const embedded = { bootstrap: 'supabase/local/bootstrap.sql', migrations: 'supabase/migrations', seed: 'supabase/seed.sql' };
const validate = (options: Record<string, unknown>) => testPluginOptionsSchema(pluginOptionsSchema, options);

describe('pluginOptionsSchema accepts', () => {
  test.each([
    ['the embedded default alone', { embedded }],
    ['the embedded default without a seed', { embedded: { bootstrap: 'b.sql', migrations: 'migrations' } }],
    ['a Supabase project', { url: 'https://abcd.supabase.co', anonKey: 'eyJhbGciOi.x.y', embedded }],
    ['a local Supabase over http with a port', { url: 'http://127.0.0.1:54321', anonKey: 'key', embedded }],
    ['a project without the embedded default', { url: 'https://abcd.supabase.co', anonKey: 'key' }],
    ['empty settings, as an .env copied from .env.example gives', { url: '', anonKey: '', embedded }],
    ['unset settings', { url: undefined, anonKey: undefined, embedded }],
  ])('%s', async (_name, options) => {
    const { isValid, errors } = await validate(options);
    expect(errors).toEqual([]);
    expect(isValid).toBe(true);
  });
});

describe('pluginOptionsSchema rejects', () => {
  test('a URL that is not a URL, and names it', async () => {
    const { isValid, errors } = await validate({ url: 'abcd.supabase', anonKey: 'key', embedded });
    expect(isValid).toBe(false);
    expect(errors).toEqual([
      '"url" must be an http(s) URL such as https://<project>.supabase.co, got "abcd.supabase"',
    ]);
  });

  test('a URL with another scheme', async () => {
    const { isValid, errors } = await validate({ url: 'ftp://abcd.supabase.co', anonKey: 'key', embedded });
    expect(isValid).toBe(false);
    expect(errors).toEqual([
      '"url" must be an http(s) URL such as https://<project>.supabase.co, got "ftp://abcd.supabase.co"',
    ]);
  });

  test.each([
    ['a URL without a key', { url: 'https://abcd.supabase.co', embedded }, 'url'],
    ['a URL with an empty key', { url: 'https://abcd.supabase.co', anonKey: '  ', embedded }, 'url'],
    ['a key without a URL', { anonKey: 'key', embedded }, 'anonKey'],
  ])('%s', async (_name, options, present) => {
    const { isValid, errors } = await validate(options);
    expect(isValid).toBe(false);
    expect(errors).toEqual([
      `set both "url" and "anonKey" (GATSBY_SUPABASE_URL and GATSBY_SUPABASE_ANON_KEY) or neither; only [${present}] is set`,
    ]);
  });

  test('a key that is not a string', async () => {
    const { isValid, errors } = await validate({ url: 'https://abcd.supabase.co', anonKey: 42, embedded });
    expect(isValid).toBe(false);
    expect(errors).toEqual(['"anonKey" must be a string']);
  });

  test('embedded paths that are not strings or are missing', async () => {
    const { isValid, errors } = await validate({ embedded: { bootstrap: 1, seed: ['a'] } });
    expect(isValid).toBe(false);
    expect(errors).toEqual([
      '"embedded.bootstrap" must be a string',
      '"embedded.migrations" is required',
      '"embedded.seed" must be a string',
    ]);
  });

  test('no backend at all', async () => {
    const { isValid, errors } = await validate({});
    expect(isValid).toBe(false);
    expect(errors).toEqual(['"value" must contain at least one of [url, embedded]']);
  });
});
