import { createSchemaCustomization, typeDefinition } from '../../plugins/gatsby-source-supabase-content/src/schema';
import { CONTENT_TABLES } from '../../src/content/model';

// The node types are the team's data contract: the page query aliases `id: row_id`, sorts by
// row_position and expects exactly these fields, also when a table is empty (hence @dontInfer and
// explicit types). Only a row's name or title is non-null: an adopted project may leave the rest empty.
describe('GraphQL types of the site content model', () => {
  test('match the data contract field by field', () => {
    expect(CONTENT_TABLES.map(typeDefinition)).toEqual([
      [
        'type MaterialCoverage implements Node @dontInfer {',
        '  row_id: String!',
        '  row_position: Int!',
        '  name: String!',
        '  description: String',
        '  image: String',
        '  status: String',
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
        '}',
      ].join('\n'),
    ]);
  });

  test('are all declared through createSchemaCustomization, from the tables option', async () => {
    const createTypes = jest.fn<void, [string]>();
    await createSchemaCustomization({ actions: { createTypes } } as never, { plugins: [], tables: CONTENT_TABLES }, () => undefined);
    expect(createTypes).toHaveBeenCalledTimes(1);
    const sdl = createTypes.mock.calls[0]?.[0];
    for (const name of ['MaterialCoverage', 'TimelineItem', 'FeatureCard']) {
      expect(sdl).toContain(`type ${name} implements Node @dontInfer {`);
    }
  });
});
