import { createSchemaCustomization, typeDefinition } from '../src/schema';
import { AUTHORS, RECIPES, TABLES } from './fixtures/model';

// The node types are a site's data contract: its page query aliases `id: row_id`, sorts by
// row_position and expects exactly the described fields, also when a table is empty (hence
// @dontInfer and explicit types). Only required columns are non-null. A remoteImage column also
// links the file the build downloaded (Gatsby's own File type).
describe('GraphQL types of a content model', () => {
  test('match the described columns field by field', () => {
    expect(typeDefinition(AUTHORS)).toBe(
      [
        'type Author implements Node @dontInfer {',
        '  row_id: String!',
        '  row_position: Int!',
        '  name: String!',
        '  bio: String',
        '  portrait: String',
        '  portrait_file: File @link',
        '  role: String',
        '}',
      ].join('\n'),
    );
    expect(typeDefinition(RECIPES)).toBe(
      [
        'type Recipe implements Node @dontInfer {',
        '  row_id: String!',
        '  row_position: Int!',
        '  course: String!',
        '  title: String!',
        '  summary: String',
        '  difficulty: String',
        '  minutes: Int',
        '}',
      ].join('\n'),
    );
  });

  test('are all declared through createSchemaCustomization, from the tables option', async () => {
    const createTypes = jest.fn<void, [string]>();
    await createSchemaCustomization({ actions: { createTypes } } as never, { plugins: [], tables: TABLES }, () => undefined);
    expect(createTypes).toHaveBeenCalledTimes(1);
    expect(createTypes.mock.calls[0]?.[0]).toBe(TABLES.map(typeDefinition).join('\n\n'));
    for (const name of ['Author', 'Recipe']) {
      expect(createTypes.mock.calls[0]?.[0]).toContain(`type ${name} implements Node @dontInfer {`);
    }
  });
});
