import { createSchemaCustomization, typeDefinition } from '../../plugins/gatsby-source-supabase-content/src/schema';
import { TABLES } from '../../plugins/gatsby-source-supabase-content/src/tables';

// The node types are the team's data contract: the page query aliases `id: row_id` and expects
// exactly these fields, also when a table is empty (hence @dontInfer and explicit types).
describe('GraphQL types', () => {
  test('match the data contract field by field', () => {
    expect(TABLES.map(typeDefinition)).toEqual([
      [
        'type MaterialCoverage implements Node @dontInfer {',
        '  row_id: String!',
        '  name: String!',
        '  description: String!',
        '  image: String',
        '  status: String!',
        '  order_index: Int!',
        '}',
      ].join('\n'),
      [
        'type TimelineItem implements Node @dontInfer {',
        '  row_id: String!',
        '  period: String!',
        '  title: String!',
        '  description: String!',
        '  status: String!',
        '  icon: String!',
        '  order_index: Int!',
        '}',
      ].join('\n'),
      [
        'type FeatureCard implements Node @dontInfer {',
        '  row_id: String!',
        '  classification: String!',
        '  title: String!',
        '  subtitle: String!',
        '  icon: String!',
        '  icon_color: String!',
        '  order_index: Int!',
        '}',
      ].join('\n'),
    ]);
  });

  test('are all declared through createSchemaCustomization', () => {
    const createTypes = jest.fn();
    createSchemaCustomization({ actions: { createTypes } } as never, { plugins: [] }, () => undefined);
    expect(createTypes).toHaveBeenCalledTimes(1);
    const sdl = createTypes.mock.calls[0][0] as string;
    for (const name of ['MaterialCoverage', 'TimelineItem', 'FeatureCard']) {
      expect(sdl).toContain(`type ${name} implements Node @dontInfer {`);
    }
  });
});
