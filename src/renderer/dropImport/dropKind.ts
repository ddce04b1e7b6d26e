// What a file dropped on the window is, told by its content (not its name): a peer tool's CSV
// (UnboundID searchrate --csv, OpenDJ searchrate/addrate/modrate -S), a matrix JSON or a workload
// JSON; anything else is refused with the file's name and the kinds that are accepted.
import type { ImportFormat } from '../../shared/exchange.ts';
import { inputExcerpt, jsonSyntaxProblem } from '../../shared/inputExcerpt.ts';

/** The kinds a drop accepts, as the refusal lists them. */
export const ACCEPTED_KINDS =
  'an UnboundID searchrate --csv file, an OpenDJ searchrate/addrate/modrate -S (script-friendly) CSV, a matrix JSON or a workload JSON';

/** A saved definition found in a dropped JSON file. */
export type DroppedDefinition =
  | { kind: 'matrix'; spec: Record<string, unknown>; name: string }
  | { kind: 'workload'; spec: Record<string, unknown>; name: string };

/** What a dropped file turned out to be. */
export type DropKind =
  | { kind: 'run'; format: ImportFormat }
  | DroppedDefinition
  /** JSON that reads as both a matrix and a workload: the user picks. */
  | { kind: 'either'; matrix: DroppedDefinition; workload: DroppedDefinition }
  | { kind: 'refused'; message: string };

const OPENDJ_HEADER = 'Recent throughput (ops/second)';
const SEARCHRATE_RATE = /(^|,)"?Recent (?!Errors)\w+\/Sec"?(,|$)/;
const SEARCHRATE_DURATION = /(^|,)"?Recent Avg Dur ms"?(,|$)/;
/** Saved names: letters, digits, '.', '_' and '-', starting with a letter or digit. */
const NAME_CHARS = /[^A-Za-z0-9._-]+/g;

function refused(fileName: string, why: string): DropKind {
  return {
    kind: 'refused',
    message: `"${fileName}" cannot be imported: ${why}. Drop ${ACCEPTED_KINDS}.`,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A name fit for `user/NAME`: the last part of an id like `salford/S.3`, or the title's words. */
export function savedName(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const last = candidate.split('/').pop() ?? '';
    const name = last
      .replace(NAME_CHARS, '-')
      .replace(/^[^A-Za-z0-9]+|-+$/g, '')
      .slice(0, 64);
    if (name !== '') return name;
  }
  return 'imported';
}

function definitionsOf(value: Record<string, unknown>): DroppedDefinition[] {
  const found: DroppedDefinition[] = [];
  if (Array.isArray(value['servers']) && Array.isArray(value['sizes']))
    found.push({ kind: 'matrix', spec: value, name: savedName(value['name']) });
  if (Array.isArray(value['operations']))
    found.push({ kind: 'workload', spec: value, name: savedName(value['id'], value['title']) });
  return found;
}

function jsonKind(fileName: string, text: string): DropKind {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return refused(fileName, `it is not valid JSON (${jsonSyntaxProblem(err, text)})`);
  }
  if (!isRecord(value)) return refused(fileName, 'its JSON is not an object');
  if (Array.isArray(value['workloads']) && !Array.isArray(value['servers']))
    return refused(
      fileName,
      'it is a workload catalog (a list of workloads); drop one workload definition at a time',
    );
  const [first, second] = definitionsOf(value);
  if (first && second) return { kind: 'either', matrix: first, workload: second };
  if (first) return first;
  return refused(
    fileName,
    'its JSON has neither a matrix\'s "servers" and "sizes" nor a workload\'s "operations"',
  );
}

/** Tells what the dropped file `fileName` with contents `text` is. */
export function detectDrop(fileName: string, text: string): DropKind {
  const body = text.replace(/^\uFEFF/, '');
  const start = body.trimStart();
  if (start === '') return refused(fileName, 'it is empty');
  if (start.startsWith('{') || start.startsWith('[')) return jsonKind(fileName, start);
  const header = start.split(/\r?\n/, 1)[0] ?? '';
  if (header.includes(OPENDJ_HEADER)) return { kind: 'run', format: 'opendj-csv' };
  if (SEARCHRATE_RATE.test(header) && SEARCHRATE_DURATION.test(header))
    return { kind: 'run', format: 'searchrate-csv' };
  return refused(
    fileName,
    `its first line (${inputExcerpt(header)}) is not the header of a rate tool's CSV, and it is not JSON`,
  );
}
