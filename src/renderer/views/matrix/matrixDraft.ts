// The matrix being built in the form: defaults, presets, axis toggles and where a host error belongs.
import type { ApiError } from '../../../shared/errors.ts';
import { DEFAULT_LAB_KIND } from '../../../shared/labKinds.ts';
import type { MatrixServer, MatrixSpec } from '../../../shared/matrix.ts';
import { MATRIX_SPEC_KEYS } from '../../../shared/matrixSpec.ts';
import type { ConnectionPolicy } from '../../../shared/types.ts';

/** The sections of the builder a validation error can point at. */
/** Matrix fields the builder has no section of its own for (their errors show in the summary). */
const NO_SECTION = ['id', 'description', 'studyConcurrency', 'poolEntries'] as const;

/** The sections of the builder a validation error can point at: the matrix's other fields. */
export type MatrixField = Exclude<(typeof MATRIX_SPEC_KEYS)[number], (typeof NO_SECTION)[number]>;

const SECTIONS: ReadonlySet<string> = new Set(
  MATRIX_SPEC_KEYS.filter((key) => !(NO_SECTION as readonly string[]).includes(key)),
);

/** A new matrix: the Salford search test on an OpenLDAP lab at two sizes, indexed. */
export const NEW_MATRIX: MatrixSpec = {
  name: 'my-matrix',
  description: '',
  servers: [{ lab: DEFAULT_LAB_KIND }],
  sizes: [10_000, 100_000],
  indexProfiles: ['salford-indexed'],
  shape: 'salford',
  load: 'offline',
  workloads: ['salford/S.3'],
  connections: [8],
  depth: 1,
  policies: [{ kind: 'persistent' }],
  repeats: 1,
  warmupS: 5,
  durationS: 30,
  seed: 1,
};

/** Directory sizes offered as one-click chips (the studies' ladder). */
export const SIZE_PRESETS: readonly number[] = [1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/** Concurrency levels offered as chips (UnboundID's thread sweep). */
export const CONNECTION_PRESETS: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128];

/** Connection policies offered, in the words of the run form. */
export const POLICY_CHOICES: readonly { policy: ConnectionPolicy; label: string }[] = [
  { policy: { kind: 'persistent' }, label: 'Persistent' },
  { policy: { kind: 'reconnect', everyOps: 100 }, label: 'Reconnect every 100 ops' },
  { policy: { kind: 'per-op' }, label: 'New connection per op' },
  { policy: { kind: 'rebind' }, label: 'Rebind before each op' },
];

/** Adds `value` to `list` or removes it, keeping `list`'s order and sorting numbers. */
export function toggleValue<T>(list: readonly T[], value: T, same = Object.is): T[] {
  const has = list.some((item) => same(item, value));
  const next = has ? list.filter((item) => !same(item, value)) : [...list, value];
  return typeof value === 'number' ? [...next].sort((a, b) => Number(a) - Number(b)) : next;
}

/** A stable key for a server of the matrix. */
export function serverKey(server: MatrixServer): string {
  if ('lab' in server) return `lab:${server.lab}`;
  // A target group is its own axis value, never the same as its first target alone.
  return `target:${[server.targetId, ...(server.moreTargetIds ?? [])].join('+')}`;
}

/** True when two servers are the same axis value. */
export function sameServer(a: MatrixServer, b: MatrixServer): boolean {
  return serverKey(a) === serverKey(b);
}

/** True when two policies are the same axis value. */
export function samePolicy(a: ConnectionPolicy, b: ConnectionPolicy): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** True when some server of the matrix is a lab (so sizes, profiles, shape and load apply). */
export function hasLab(spec: Pick<MatrixSpec, 'servers'>): boolean {
  return spec.servers.some((server) => 'lab' in server);
}

/** The builder section a host validation error names (`sizes[2]` -> `sizes`), or null for the summary. */
export function errorField(error: ApiError | undefined): MatrixField | null {
  const head = error?.field?.split(/[[.]/, 1)[0];
  // Fields the builder has no section for (id, studyConcurrency, ...) are shown in the summary.
  return head !== undefined && SECTIONS.has(head) ? (head as MatrixField) : null;
}

/** A file name for a matrix exported as JSON. */
export function matrixFileName(spec: Pick<MatrixSpec, 'name'>): string {
  return `${spec.name.replace(/[^\w.-]+/g, '-') || 'matrix'}.matrix.json`;
}

/** The matrix as a user would save it: without the id it had in DirBench. */
export function exportableMatrix(spec: MatrixSpec): MatrixSpec {
  const { id: _id, ...rest } = spec;
  return rest;
}

/** Reads a count typed by a person: `100000`, `100,000`, `100k`, `1M`; null when it is not one. */
export function parseCount(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([kKmM]?)$/.exec(text.replace(/[,_\s]/g, ''));
  if (!match) return null;
  const scale = { '': 1, k: 1_000, m: 1_000_000 }[(match[2] ?? '').toLowerCase()] ?? 1;
  const value = Number(match[1]) * scale;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Fields the builder reads as lists; an imported file that has one must give a list. */
const LIST_FIELDS = [
  'servers',
  'sizes',
  'indexProfiles',
  'workloads',
  'connections',
  'policies',
  'thresholds',
] as const;

/**
 * A matrix from an imported file, with its missing lists empty and a missing name blank so the
 * builder can show it (the host's check then says what is missing); or why the file cannot be one.
 */
export function importedMatrix(parsed: unknown): { spec: MatrixSpec } | { error: string } {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { error: 'it holds no JSON object; a matrix file is one object (servers, sizes, ...)' };
  }
  const value = parsed as Record<string, unknown>;
  const notList = LIST_FIELDS.find((field) => field in value && !Array.isArray(value[field]));
  if (notList !== undefined) return { error: `its "${notList}" is not a list` };
  if ('name' in value && typeof value.name !== 'string') {
    return { error: 'its "name" is not a string' };
  }
  const blank = {
    name: '',
    servers: [],
    sizes: [],
    indexProfiles: [],
    workloads: [],
    connections: [],
  };
  // Numbers stay as the file has them (missing ones too): the host's check names each.
  return { spec: { ...blank, ...value } as unknown as MatrixSpec };
}
