// The project's import graph, read from the sources: every relative import, type-only ones included
// (a type cycle still ties two modules together), re-exports and dynamic import() too.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Which files import which: project-relative paths with forward slashes. */
export type ImportGraph = Map<string, Set<string>>;

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** Every source file under `dirs` of `root`, node_modules left out. */
function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      else if (entry.isFile() && SOURCE.test(entry.name)) found.push(path);
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(dir);
  return found.sort();
}

/** The module specifiers `text` imports: static, re-exported and dynamic (literal) ones. */
function importedSpecifiers(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers;
}

/** The graph of the source files under `dirs` of `root`; imports of packages are left out. */
export function readImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root, dirs)) {
    const targets = new Set<string>();
    for (const specifier of importedSpecifiers(file, readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(root, dirname(file), specifier);
      if (statSync(target, { throwIfNoEntry: false })?.isFile() === true)
        targets.add(relative(root, target).split(sep).join('/'));
    }
    graph.set(file, targets);
  }
  return graph;
}
