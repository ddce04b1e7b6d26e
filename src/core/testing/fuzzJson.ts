// Test support for the fuzzers of JSON documents (workloads, matrices): valid documents with a few edits.
import fc from 'fast-check';
import { oddValue } from './fuzzCheck.ts';

type Json = unknown;
type Path = (string | number)[];

function pathsOf(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

/** One edit to a JSON document: where (an index into its paths) and what to do there. */
interface Edit {
  where: number;
  kind: 'replace' | 'delete' | 'insert' | 'truncate';
  value: unknown;
  fragment: string;
  at: number;
}

function applyEdit(root: Json, edit: Edit): Json {
  const paths = pathsOf(root);
  const path = paths[edit.where % paths.length] as Path;
  const change = (old: Json): Json | undefined => {
    if (edit.kind === 'delete') return undefined;
    if (typeof old === 'string' && edit.kind === 'insert') {
      const at = edit.at % (old.length + 1);
      return old.slice(0, at) + edit.fragment + old.slice(at);
    }
    if (typeof old === 'string' && edit.kind === 'truncate')
      return old.slice(0, edit.at % (old.length + 1));
    return edit.value;
  };
  if (path.length === 0) return change(root) ?? null;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  const next = change(parent[last]);
  if (next !== undefined) parent[last] = next;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else Reflect.deleteProperty(parent, last);
  return copy;
}

/** A valid document from `bases` with one to three edits: values swapped for odd ones, keys dropped, text cut or spliced with `fragments`. */
export function mutatedJson(
  bases: readonly Json[],
  fragments: fc.Arbitrary<string>,
): fc.Arbitrary<Json> {
  const edit: fc.Arbitrary<Edit> = fc.record({
    where: fc.nat(),
    kind: fc.constantFrom('replace', 'delete', 'insert', 'insert', 'truncate'),
    value: oddValue,
    fragment: fragments,
    at: fc.nat(),
  });
  return fc
    .tuple(fc.constantFrom(...bases), fc.array(edit, { minLength: 0, maxLength: 3 }))
    .map(([base, edits]) => edits.reduce(applyEdit, base));
}
