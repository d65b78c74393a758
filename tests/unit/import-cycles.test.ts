/**
 * No module imports itself back, however long the way round: a cycle makes the order in which modules are
 * evaluated depend on which is imported first, and says two modules are one. Type-only imports count too:
 * they tie the modules just as tightly. The graph is read with TypeScript, over every file the three
 * tsconfig projects compile, by the projects' own module resolution.
 */
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PROJECTS = ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.test.json'];

/** The module paths a file names in `import`, `export … from` and `import()` of a written-out path. */
function namedModules(file: string): string[] {
  const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true);
  const named: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      named.push((node.moduleSpecifier as ts.StringLiteral).text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [path] = node.arguments;
      if (path && ts.isStringLiteralLike(path)) named.push(path.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return named;
}

/** Every project file and the project files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const name of PROJECTS) {
    const configFile = resolve(ROOT, name);
    const config: unknown = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path)).config;
    const project = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, configFile);
    for (const file of project.fileNames)
      graph.set(
        file,
        namedModules(file).flatMap(
          (path) => ts.resolveModuleName(path, file, project.options, ts.sys).resolvedModule?.resolvedFileName ?? [],
        ),
      );
  }
  for (const [file, imports] of graph)
    graph.set(
      file,
      imports.filter((imported) => graph.has(imported)),
    );
  return graph;
}

/** The strongly connected groups of more than one module, or of one that imports itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    lowest.set(file, order.get(file) ?? 0);
    stack.push(file);
    for (const imported of graph.get(file) ?? []) {
      if (!order.has(imported)) visit(imported);
      if (stack.includes(imported))
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(imported) ?? 0, order.get(imported) ?? 0));
    }
    if (lowest.get(file) !== order.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.map((each) => relative(ROOT, each)));
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

describe('the module graph', () => {
  it('has no import cycle', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(400);
    expect(cycles(graph)).toEqual([]);
  }, 60_000);

  it('finds a cycle of any length, and a module that imports itself', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(graph).map((group) => group.map((file) => file.split('/').pop()).sort())).toEqual([
      ['a', 'b', 'c'],
      ['e'],
    ]);
  });
});
