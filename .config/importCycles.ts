// `npm run lint`'s cycle check: fails when files import each other in a circle, or when areas of
// src/core (its first-level folders) do. Type-only imports count: they tie modules together too.
import { readImportGraph } from './importGraph.ts';
import type { ImportGraph } from './importGraph.ts';

/** The folders whose sources are checked. */
const CHECKED_DIRS = ['src', 'electron', 'e2e', '.config'];

/** The groups of nodes that reach each other (strongly connected, more than one node or a self-import). */
export function circles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) connect(next);
      if (onStack.has(next))
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      onStack.delete(top);
      group.push(top);
      if (top === node) break;
    }
    if (group.length > 1 || graph.get(node)?.has(node)) found.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return found;
}

/** One shortest way round `group` from its first node back to it, e.g. [a, b, a]. */
export function cyclePath(graph: ImportGraph, group: readonly string[]): string[] {
  const start = group[0] as string;
  const members = new Set(group);
  const parent = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (next === start) return [...pathFromStart(parent, node), start];
      if (!members.has(next) || parent.has(next)) continue;
      parent.set(next, node);
      queue.push(next);
    }
  }
  return [start];
}

/** The nodes from the search's start to `node`, following `parent` back. */
function pathFromStart(parent: ReadonlyMap<string, string>, node: string): string[] {
  const path: string[] = [];
  for (let at: string | undefined = node; at !== undefined; at = parent.get(at)) path.unshift(at);
  return path;
}

/** The src/core area (first-level folder) of a product file; undefined for tests and other files. */
export function coreArea(file: string): string | undefined {
  const match = /^src\/core\/([^/]+)\/.+$/.exec(file);
  if (match === null || /\.test\.tsx?$/.test(file)) return undefined;
  return match[1];
}

/** Which core areas import which, from the product files' imports. */
export function areaGraph(graph: ImportGraph): ImportGraph {
  const areas: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = coreArea(file);
    if (from === undefined) continue;
    const edges = areas.get(from) ?? new Set<string>();
    areas.set(from, edges);
    for (const target of targets) {
      const to = coreArea(target);
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return areas;
}

/** Pairs of areas that import each other. */
export function twoWayPairs(areas: ImportGraph): string[] {
  const pairs: string[] = [];
  for (const [from, targets] of areas)
    for (const to of targets)
      if (from < to && areas.get(to)?.has(from)) pairs.push(`${from}/${to}`);
  return pairs.sort();
}

/** One line per circle: its shortest cycle, and every member when the circle is larger. */
function circleLines(graph: ImportGraph, what: string, members: string): string[] {
  return circles(graph).map((group) => {
    const path = cyclePath(graph, group);
    const whole =
      group.length > path.length - 1
        ? ` (${group.length} ${members} in one circle: ${group.join(', ')})`
        : '';
    return `import cycle between ${what}: ${path.join(' -> ')}${whole}`;
  });
}

/** The lines that describe every cycle of `graph` (none when it has none). */
export function cycleReport(graph: ImportGraph): string[] {
  return [
    ...circleLines(graph, 'files', 'files'),
    ...circleLines(areaGraph(graph), 'src/core areas', 'areas'),
  ];
}

if (import.meta.main) {
  const graph = readImportGraph(process.cwd(), CHECKED_DIRS);
  const lines = cycleReport(graph);
  for (const line of lines) console.error(line);
  // --counts: the figures the issue tracks (two-way pairs are areas importing each other directly).
  if (process.argv.includes('--counts')) {
    const areas = areaGraph(graph);
    const pairs = twoWayPairs(areas);
    console.log(
      `${circles(graph).length} file circles, ${circles(areas).length} area circles, ` +
        `${pairs.length} two-way area pairs${pairs.length === 0 ? '' : `: ${pairs.join(' ')}`}`,
    );
  }
  if (lines.length > 0) {
    console.error('Break each cycle: move the shared piece down, or pass it in as a parameter.');
    process.exitCode = 1;
  }
}
