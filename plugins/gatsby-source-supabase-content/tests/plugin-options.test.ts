import { testPluginOptionsSchema } from 'gatsby-plugin-utils';
import { pluginOptionsSchema } from '../src/options';
import { DEFAULT_PICTURE_LIMITS } from '../src/pictures';
import { EMBEDDED, TABLES } from './fixtures/model';

const embedded = EMBEDDED;
const tables = TABLES;
// Every case but the content model's own gets the recipe site's tables; the backend settings are the point.
const validate = (options: Record<string, unknown>) => testPluginOptionsSchema(pluginOptionsSchema, { tables, ...options });

describe('pluginOptionsSchema accepts', () => {
  test.each([
    ['the embedded default alone', { embedded }],
    ['the embedded default without a seed', { embedded: { bootstrap: 'b.sql', migrations: 'migrations' } }],
    ['a Supabase project', { url: 'https://abcd.supabase.co', anonKey: 'eyJhbGciOi.x.y', embedded }],
    ['a local Supabase over http with a port', { url: 'http://127.0.0.1:54321', anonKey: 'key', embedded }],
    ['a project without the embedded default', { url: 'https://abcd.supabase.co', anonKey: 'key' }],
    ['empty settings, as an .env copied from .env.example gives', { url: '', anonKey: '', embedded }],
    ['unset settings', { url: undefined, anonKey: undefined, embedded }],
    [
      "a required backend, with the site's words for a build without one",
      { embedded, requireBackend: true, wording: { embeddedWarning: 'Demo recipes.', backendRequired: 'Set RECIPES_URL.' } },
    ],
    ["a backend not required, with the plugin's own words", { embedded, requireBackend: false, wording: {} }],
  ])('%s', async (_name, options) => {
    const { isValid, errors } = await validate(options);
    expect(errors).toEqual([]);
    expect(isValid).toBe(true);
  });
});

describe('pluginOptionsSchema rejects', () => {
  test.each([
    [
      'a URL that is not a URL, and names it',
      { url: 'abcd.supabase', anonKey: 'key', embedded },
      ['"url" must be an http(s) URL such as https://<project>.supabase.co, got "abcd.supabase"'],
    ],
    [
      'a URL with another scheme',
      { url: 'ftp://abcd.supabase.co', anonKey: 'key', embedded },
      ['"url" must be an http(s) URL such as https://<project>.supabase.co, got "ftp://abcd.supabase.co"'],
    ],
    ['a key that is not a string', { url: 'https://abcd.supabase.co', anonKey: 42, embedded }, ['"anonKey" must be a string']],
    [
      'embedded paths that are not strings or are missing',
      { embedded: { bootstrap: 1, seed: ['a'] } },
      ['"embedded.bootstrap" must be a string', '"embedded.migrations" is required', '"embedded.seed" must be a string'],
    ],
    [
      'a "require backend" switch that is not a boolean, as an environment variable gives it',
      { embedded, requireBackend: '1' },
      ['"requireBackend" must be a boolean'],
    ],
    [
      'wording that is empty, not text or unknown',
      { embedded, wording: { embeddedWarning: '', backendRequired: 7, banner: 'x' } },
      [
        '"wording.embeddedWarning" is not allowed to be empty',
        '"wording.backendRequired" must be a string',
        '"wording.banner" is not allowed',
      ],
    ],
    ['no backend at all', {}, ['"value" must contain at least one of [url, embedded]']],
  ])('%s', async (_name, options, expected) => {
    const { isValid, errors } = await validate(options);
    expect(isValid).toBe(false);
    expect(errors).toEqual(expected);
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
});

describe('pluginOptionsSchema checks the content model', () => {
  const table = { table: 'posts', nodeType: 'Post', columns: [{ name: 'title', type: 'String', required: true }], queries: [{}] };

  test('accepts a table with its own id, active and order columns', async () => {
    const { isValid, errors } = await validate({
      embedded,
      tables: [{ ...table, idColumn: 'slug', activeColumn: 'published', orderColumn: 'rank', queries: [{ lang: 'id' }] }],
    });
    expect(errors).toEqual([]);
    expect(isValid).toBe(true);
  });

  test('requires at least one table', async () => {
    expect((await validate({ embedded, tables: undefined })).errors).toEqual(['"tables" is required']);
    expect((await validate({ embedded, tables: [] })).errors).toEqual(['"tables" must contain at least 1 items']);
  });

  test.each([
    [
      'a column named like a node field',
      { columns: [{ name: 'row_id', type: 'String' }] },
      /"tables\[0\].columns\[0\].name" contains an invalid value/,
    ],
    [
      'a name that is no identifier',
      { table: 'posts; drop table x' },
      /"tables\[0\].table" with value .* fails to match the required pattern/,
    ],
    [
      'an unknown column type',
      { columns: [{ name: 'title', type: 'Date' }] },
      /"tables\[0\].columns\[0\].type" must be one of \[String, Int\]/,
    ],
    [
      'the same column twice',
      {
        columns: [
          { name: 'a', type: 'String' },
          { name: 'a', type: 'Int' },
        ],
      },
      /contains a duplicate value/,
    ],
    ['no query', { queries: [] }, /"tables\[0\].queries" must contain at least 1 items/],
    [
      'a remote image in a number column',
      { columns: [{ name: 'cover', type: 'Int', remoteImage: true }] },
      /"remoteImage" needs a String column/,
    ],
    [
      'a remote image whose file field is another column',
      {
        columns: [
          { name: 'cover', type: 'String', remoteImage: true },
          { name: 'cover_file', type: 'String' },
        ],
      },
      /"cover_file" is both a column and the file field of "cover"/,
    ],
  ])('refuses %s', async (_name, change, message) => {
    const { isValid, errors } = await validate({ embedded, tables: [{ ...table, ...change }] });
    expect(isValid).toBe(false);
    expect(errors).toEqual([expect.stringMatching(message)]);
  });
});

describe('pluginOptionsSchema checks the picture download limits', () => {
  test('accepts limits left out, which default to 15 s, 20 MB and 4 downloads at once', async () => {
    const { isValid } = await validate({ embedded, remoteImages: {} });
    expect(isValid).toBe(true);
    expect(DEFAULT_PICTURE_LIMITS).toEqual({ timeoutMs: 15_000, maxBytes: 20 * 1024 * 1024, concurrency: 4 });
  });

  test('refuses a limit that is not a positive whole number', async () => {
    const { isValid, errors } = await validate({ embedded, remoteImages: { timeoutMs: 0, maxBytes: 1.5 } });
    expect(isValid).toBe(false);
    expect(errors).toEqual(['"remoteImages.timeoutMs" must be greater than or equal to 1', '"remoteImages.maxBytes" must be an integer']);
  });
});

describe('pluginOptionsSchema checks where pictures may come from', () => {
  test('accepts prefixes ending in "/" and a function name', async () => {
    const sources = {
      prefixes: ['https://images.example.com/', 'http://127.0.0.1:54321/storage/v1/object/public/photos/'],
      function: 'picture_sources',
    };
    const { isValid, errors } = await validate({ embedded, remoteImages: { sources } });
    expect(errors).toEqual([]);
    expect(isValid).toBe(true);
  });

  test.each([
    ['a prefix without its final "/", which would also match images.example.com.evil.test', 'https://images.example.com'],
    ['a prefix naming a user', 'https://user@images.example.com/'],
    ['a prefix with a query', 'https://images.example.com/?a=1'],
    ['a prefix another parser reads otherwise', 'https://images.example.com\\@evil.test/'],
    ['a prefix in upper case, which never equals a parsed address', 'https://IMAGES.example.com/'],
    ['a prefix of another scheme', 'ftp://images.example.com/'],
  ])('refuses %s', async (_name, prefix) => {
    const { isValid, errors } = await validate({ embedded, remoteImages: { sources: { prefixes: [prefix] } } });
    expect(isValid).toBe(false);
    expect(errors).toEqual(['"remoteImages.sources.prefixes[0]" must be an http(s) URL ending in "/", without a user, query or fragment']);
  });
});
