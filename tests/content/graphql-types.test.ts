import { createSchemaCustomization } from 'gatsby-source-supabase-content/gatsby-node';
import { CONTENT_REVISION, PUBLISHED_TABLES } from '../../src/content/model';

// The node types are the team's data contract: the page query aliases `id: row_id`, sorts by
// row_position and expects exactly these fields, also when a table is empty (hence @dontInfer and
// explicit types), the Indonesian twins (`_ind`) included. Only a row's name or title is non-null: an adopted project may leave the rest empty.
// A material's picture also links the file the build downloaded (Gatsby's own File type).
describe('GraphQL types of the site content model', () => {
  /** The type definitions the plugin declares for the site's tables (and revision, if named), one each. */
  async function declaredTypes(revision?: typeof CONTENT_REVISION): Promise<{ calls: number; types: string[] }> {
    const createTypes = jest.fn<void, [string]>();
    const options = { plugins: [], tables: PUBLISHED_TABLES, ...(revision && { revision }) };
    await createSchemaCustomization?.({ actions: { createTypes } } as never, options, () => undefined);
    return { calls: createTypes.mock.calls.length, types: (createTypes.mock.calls[0]?.[0] ?? '').split('\n\n') };
  }

  test('match the data contract field by field', async () => {
    expect((await declaredTypes()).types).toEqual([
      [
        'type MaterialCoverage implements Node @dontInfer {',
        '  row_id: String!',
        '  row_position: Int!',
        '  name: String!',
        '  description: String',
        '  image: String',
        '  image_file: File @link',
        '  status: String',
        '  name_ind: String',
        '  description_ind: String',
        '}',
      ].join('\n'),
      [
        'type TimelineItem implements Node @dontInfer {',
        '  row_id: String!',
        '  row_position: Int!',
        '  period: String',
        '  title: String!',
        '  description: String',
        '  status: String',
        '  icon: String',
        '  period_ind: String',
        '  title_ind: String',
        '  description_ind: String',
        '}',
      ].join('\n'),
      [
        'type FeatureCard implements Node @dontInfer {',
        '  row_id: String!',
        '  row_position: Int!',
        '  classification: String!',
        '  title: String!',
        '  subtitle: String',
        '  icon: String',
        '  icon_color: String',
        '  title_ind: String',
        '  subtitle_ind: String',
        '}',
      ].join('\n'),
    ]);
  });

  test("declare the content revision's type when the site names its revision function, as gatsby-config.ts does", async () => {
    expect((await declaredTypes(CONTENT_REVISION)).types.at(-1)).toBe(
      ['type SupabaseContentRevision implements Node @dontInfer {', '  revision: String!', '}'].join('\n'),
    );
  });

  test('are all declared through createSchemaCustomization, from the tables option', async () => {
    const { calls, types } = await declaredTypes();
    expect(calls).toBe(1);
    for (const name of ['MaterialCoverage', 'TimelineItem', 'FeatureCard']) {
      expect(types.join('\n\n')).toContain(`type ${name} implements Node @dontInfer {`);
    }
  });
});
