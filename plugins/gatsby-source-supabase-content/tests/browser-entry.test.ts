// The plugin's browser entry is bundled into the page's refresh code: nothing reachable from it
// may load Node built-ins, Gatsby's Node APIs or PGlite. Its import graph is read from the source
// (type-only imports are erased by the compiler and do not count).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const PLUGIN = path.join(__dirname, '..');

/** The module specifiers a file loads at run time. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly = node.isTypeOnly || (clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const [first] = node.arguments;
      found.push(first && ts.isStringLiteral(first) ? first.text : '<computed>');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function importGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) walk(`${path.resolve(path.dirname(file), specifier)}.ts`);
      else packages.add(specifier);
    }
  };
  walk(entry);
  return { files: [...files].map((file) => path.relative(PLUGIN, file)).sort(), packages: [...packages].sort() };
}

test('browser.ts reaches only the model, the query builder, the row normalisation and the revision request, and no package', () => {
  const { files, packages } = importGraph(path.join(PLUGIN, 'browser.ts'));
  expect(files).toEqual(['browser.ts', 'src/model.ts', 'src/query.ts', 'src/revision.ts', 'src/rows.ts']);
  // postgrest-js is only a type here: the site hands in its own client.
  expect(packages).toEqual([]);
});

test('the check sees what it must: gatsby-node.ts reaches PGlite and Node built-ins', () => {
  const { packages } = importGraph(path.join(PLUGIN, 'gatsby-node.ts'));
  expect(packages).toEqual(expect.arrayContaining(['@electric-sql/pglite', '@supabase/postgrest-js', 'node:fs/promises']));
});
