import assert from 'node:assert/strict';
import { test } from 'node:test';
import { areaGraph, circles, cycleReport, cyclePath, twoWayPairs } from './importCycles.ts';
import { readImportGraph } from './importGraph.ts';
import type { ImportGraph } from './importGraph.ts';
import { tempTree } from './tempTree.ts';

function graphOf(edges: Record<string, string[]>): ImportGraph {
  return new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));
}

test('circles are the groups that reach each other: a ring and a self-import, never a chain', () => {
  const graph = graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: ['e'], e: [], f: ['f'] });
  assert.deepEqual(circles(graph), [['a', 'b', 'c'], ['f']]);
  assert.deepEqual(circles(graphOf({ a: ['b'], b: ['c'], c: [] })), []);
});

test('a larger circle is named whole beside its shortest cycle', () => {
  const graph = graphOf({
    'src/a.ts': ['src/b.ts'],
    'src/b.ts': ['src/a.ts', 'src/c.ts'],
    'src/c.ts': ['src/b.ts'],
  });
  assert.deepEqual(cycleReport(graph), [
    'import cycle between files: src/a.ts -> src/b.ts -> src/a.ts (3 files in one circle: src/a.ts, src/b.ts, src/c.ts)',
  ]);
});

test('a cycle is shown as one shortest way round from its first file', () => {
  const graph = graphOf({ a: ['b', 'x'], b: ['c'], c: ['a'], x: ['a'] });
  assert.deepEqual(cyclePath(graph, ['a', 'b', 'c', 'x']), ['a', 'x', 'a']);
  assert.deepEqual(cyclePath(graphOf({ f: ['f'] }), ['f']), ['f', 'f']);
});

test('core areas import each other through their product files; tests and other layers do not count', () => {
  const graph = graphOf({
    'src/core/runs/a.ts': ['src/core/agents/b.ts', 'src/shared/t.ts'],
    'src/core/agents/b.ts': ['src/core/base/v.ts'],
    'src/core/agents/b.test.ts': ['src/core/runs/a.ts'],
    'src/cli/c.ts': ['src/core/runs/a.ts'],
  });
  const areas = areaGraph(graph);
  assert.deepEqual(
    [...areas].map(([area, to]) => [area, [...to]]),
    [
      ['runs', ['agents']],
      ['agents', ['base']],
    ],
  );
  assert.deepEqual(twoWayPairs(areas), []);
  assert.deepEqual(cycleReport(graph), []);
});

test('the report names each file cycle and each area cycle', () => {
  const graph = graphOf({
    'src/core/runs/a.ts': ['src/core/agents/b.ts'],
    'src/core/agents/b.ts': ['src/core/runs/c.ts'],
    'src/core/runs/c.ts': [],
    'src/x.ts': ['src/y.ts'],
    'src/y.ts': ['src/x.ts'],
  });
  assert.deepEqual(twoWayPairs(areaGraph(graph)), ['agents/runs']);
  assert.deepEqual(cycleReport(graph), [
    'import cycle between files: src/x.ts -> src/y.ts -> src/x.ts',
    'import cycle between src/core areas: agents -> runs -> agents',
  ]);
});

test('the graph counts type-only imports, re-exports and dynamic imports, not packages', (t) => {
  const root = tempTree(t, {
    'src/a.ts':
      "import type { B } from './b.ts';\nimport ts from 'typescript';\nexport type A = B;",
    'src/b.ts': "export * from './c.ts';\nexport type B = number;",
    'src/c.ts': "export const load = () => import('./d/e.ts');",
    'src/d/e.ts': "import { missing } from './gone.ts';\nexport const e = missing;",
  });
  const graph = readImportGraph(root, ['src']);
  assert.deepEqual(
    [...graph].map(([file, to]) => [file, [...to]]),
    [
      ['src/a.ts', ['src/b.ts']],
      ['src/b.ts', ['src/c.ts']],
      ['src/c.ts', ['src/d/e.ts']],
      ['src/d/e.ts', []],
    ],
  );
});
