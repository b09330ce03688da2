// The `revision` option: the build reads the site's revision function before the lists and
// publishes what it returned as one SupabaseContentRevision node; the browser entry builds the
// browser's request for it. On the recipe site of ./fixtures, in the embedded database; the remote
// driver's reading of it is tests/supabase-api/plugin-revision.test.ts at the repository's root.
import { testPluginOptionsSchema } from 'gatsby-plugin-utils';
import { REVISION_NODE_TYPE, revisionOf, revisionUrl } from '../browser';
import type { Driver } from '../src/drivers';
import { embeddedDriver } from '../src/embedded';
import { ERROR_CODES } from '../src/errors';
import { pluginOptionsSchema } from '../src/options';
import { REVISION_TYPE_DEFINITION, createSchemaCustomization } from '../src/schema';
import { sourceContent } from '../src/source-nodes';
import { fakeGatsby, removeFakeCacheFolders } from '../testing';
import { EMBEDDED, REVISION, SEEDED_REVISION, TABLES } from './fixtures/model';

// The pictures' cache folders the sourcing made.
afterAll(removeFakeCacheFolders);

const revisionNodes = (gatsby: ReturnType<typeof fakeGatsby>) =>
  gatsby.ofType(REVISION_NODE_TYPE).map(({ id: _id, internal: _internal, ...fields }) => fields);

/** A driver that notes what it was asked, in order, and asks `inner`. */
function recording(inner: Driver, calls: string[]): Driver {
  return {
    label: inner.label,
    read: (spec, filter) => {
      calls.push(`read ${spec.table}`);
      return inner.read(spec, filter);
    },
    revision: (spec) => {
      calls.push(`revision ${spec.function}`);
      return inner.revision(spec);
    },
    pictureSources: (name) => {
      calls.push(`picture sources ${name}`);
      return inner.pictureSources(name);
    },
    close: () => inner.close(),
  };
}

describe('the option', () => {
  const validate = (options: Record<string, unknown>) =>
    testPluginOptionsSchema(pluginOptionsSchema, { tables: TABLES, embedded: EMBEDDED, ...options });

  test('names a function', async () => {
    await expect(validate({ revision: REVISION })).resolves.toMatchObject({ isValid: true, errors: [] });
  });

  test.each([
    ['no function', { revision: {} }, '"revision.function" is required'],
    ['a name that is no identifier', { revision: { function: 'rpc/x' } }, /"revision.function" with value "rpc\/x" fails to match/],
    ['a field it does not know', { revision: { function: 'f', schema: 'private' } }, '"revision.schema" is not allowed'],
  ])('rejects %s', async (_name, options, expected) => {
    const { isValid, errors } = await validate(options);
    expect(isValid).toBe(false);
    expect(errors).toEqual([expect.stringMatching(expected)]);
  });

  test('declares the revision type only when a site asks for a revision', async () => {
    const createTypes = jest.fn<void, [string]>();
    await createSchemaCustomization({ actions: { createTypes } } as never, { plugins: [], tables: TABLES, revision: REVISION }, () => {});
    await createSchemaCustomization({ actions: { createTypes } } as never, { plugins: [], tables: TABLES }, () => {});
    expect(REVISION_TYPE_DEFINITION).toBe(`type ${REVISION_NODE_TYPE} implements Node @dontInfer {\n  revision: String!\n}`);
    expect(createTypes.mock.calls[0]?.[0]).toContain(REVISION_TYPE_DEFINITION);
    expect(createTypes.mock.calls[1]?.[0]).not.toContain(REVISION_NODE_TYPE);
  });
});

describe('on the embedded database', () => {
  test('reads the revision before the lists and publishes it as one node', async () => {
    const calls: string[] = [];
    const gatsby = fakeGatsby();
    await sourceContent(gatsby.args, { tables: TABLES, embedded: EMBEDDED, revision: REVISION }, async () =>
      recording(await embeddedDriver(EMBEDDED), calls),
    );
    expect(gatsby.errors).toEqual([]);
    expect(calls).toEqual(['revision recipes_revision', 'read authors', 'read recipes', 'read recipes']);
    expect(revisionNodes(gatsby)).toEqual([{ revision: SEEDED_REVISION, parent: null, children: [] }]);
    expect(gatsby.infos.join('\n')).toContain(`revision ${SEEDED_REVISION}`);
  });

  test('without the option, asks for none and publishes none', async () => {
    const calls: string[] = [];
    const gatsby = fakeGatsby();
    await sourceContent(gatsby.args, { tables: TABLES, embedded: EMBEDDED }, async () => recording(await embeddedDriver(EMBEDDED), calls));
    expect(calls).not.toContain('revision recipes_revision');
    expect(gatsby.ofType(REVISION_NODE_TYPE)).toEqual([]);
  });

  test('a function that does not exist fails the build, naming it, and publishes nothing', async () => {
    const gatsby = fakeGatsby();
    await gatsby.source({ tables: TABLES, embedded: EMBEDDED, revision: { function: 'no_such_revision' } });
    expect(gatsby.errors).toEqual([
      {
        id: ERROR_CODES.EmbeddedFailed,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Jest's asymmetric matchers are typed any
        text: expect.stringMatching(/failed while reading the revision \(rpc\/no_such_revision\): .*no_such_revision/),
      },
    ]);
    expect(gatsby.nodes.size).toBe(0);
  });
});

describe("the browser's request", () => {
  test('is a GET URL with the key as its one parameter, whatever the trailing slashes', () => {
    expect(revisionUrl('https://abcd.supabase.co//', 'ey+J/key=', REVISION)).toBe(
      'https://abcd.supabase.co/rest/v1/rpc/recipes_revision?apikey=ey%2BJ%2Fkey%3D',
    );
  });

  test.each([
    [42, '42'],
    [0, '0'],
    ['2026-11-25.3', '2026-11-25.3'],
    [null, null],
    [1.5, null],
    [2 ** 53, null],
    ['   ', null],
    ['x'.repeat(201), null],
    [[1], null],
    [{ revision: 1 }, null],
  ])('reads %p as %p', (body, revision) => {
    expect(revisionOf(body)).toBe(revision);
  });
});
