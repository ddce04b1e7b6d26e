// Checks a test matrix from anywhere (a JSON file, the builder, a saved row): every error names the
// field path (`sizes[2]`, `servers[0].lab`) and says how to fix it. Pure, so the GUI can use it too.
import { validateRunAgents } from './runAgentsRequest.ts';
import { parseThresholds } from './thresholds.ts';
import { invalid } from './errors.ts';
import type { MatrixServer, MatrixSpec } from './matrix.ts';
import { DEFAULT_LAB_KIND, LAB_KIND_LIST } from './labKinds.ts';
import { LAB_SHAPES, MAX_LAB_REPLICAS } from './labTypes.ts';
import type { LabKind, LabLoadMethod, LabShape } from './labTypes.ts';
import type { ConnectionPolicy } from './types.ts';
import type { RunAgentsRequest } from './agentTypes.ts';
import { checkInteger, LIMITS, parsePolicy, shownValue, validatePolicy } from './validation.ts';
import { policyToken } from './describe.ts';
import { isTargetGroup, matrixServerKey, targetGroupServer } from './matrixTargetGroup.ts';

export {
  estimateMatrixS,
  expandMatrixCells,
  formatDurationS,
  labBuildCount,
} from './matrixSpecCells.ts';

/** Bounds of a matrix beyond the single-run LIMITS. */
export const MATRIX_LIMITS = {
  repeats: 20,
  /** Cells of one matrix: a typo should not queue a month of runs. */
  cells: 10_000,
  axisValues: 100,
  nameLength: 200,
} as const;

/** A lab server of the default kind, as examples in messages show one. */
const LAB_EXAMPLE = `{"lab": "${DEFAULT_LAB_KIND}"}`;

/** Lab kinds a matrix can build. */
export const MATRIX_LAB_KINDS: readonly LabKind[] = LAB_KIND_LIST;

/** Every field a matrix file may have, in the order errors list them. */
export const MATRIX_SPEC_KEYS = [
  'id',
  'name',
  'description',
  'servers',
  'sizes',
  'indexProfiles',
  'shape',
  'load',
  'workloads',
  'connections',
  'depth',
  'policies',
  'repeats',
  'warmupS',
  'durationS',
  'seed',
  'studyConcurrency',
  'poolEntries',
  'thresholds',
  'agents',
] as const;

/** Ids of saved and built-in matrices: `user/NAME` or `builtin/NAME`. */
export const MATRIX_ID = /^(user|builtin)\/[A-Za-z0-9][\w.-]{0,63}$/;

function record(value: unknown, field: string, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(field, `${field === '' ? 'the matrix' : field} must be ${what}`);
  }
  return value as Record<string, unknown>;
}

/** A list of at most axisValues items; `required` rejects an empty one. */
function list(value: unknown, field: string, required: boolean, example: string): unknown[] {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value)) throw invalid(field, `${field} must be a list, e.g. ${example}`);
  if (required && value.length === 0)
    throw invalid(field, `${field} needs at least one value, e.g. ${example}`);
  if (value.length > MATRIX_LIMITS.axisValues)
    throw invalid(field, `${field} has more than ${MATRIX_LIMITS.axisValues} values`);
  return value;
}

function text(value: unknown, field: string, example: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid(field, `${field} must be a non-empty string, e.g. ${example}`);
  return value.trim();
}

/** Throws naming `field[i]` at the second occurrence of a key already seen. */
function noDuplicates<T>(items: T[], field: string, key: (item: T) => string): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const k = key(item);
    const first = seen.get(k);
    if (first !== undefined)
      throw invalid(
        `${field}[${i}]`,
        `${field}[${i}] repeats ${field}[${first}] (${k}); remove one`,
      );
    seen.set(k, i);
  });
}

function server(value: unknown, field: string): MatrixServer {
  const s = record(value, field, `an object like ${LAB_EXAMPLE} or {"targetId": "..."}`);
  if (isTargetGroup(s)) return targetGroupServer(s, field);
  const keys = Object.keys(s).filter((k) => !('lab' in s && k === 'replicas'));
  if (keys.length !== 1 || (keys[0] !== 'lab' && keys[0] !== 'targetId')) {
    throw invalid(
      field,
      `${field} must have exactly one of lab or targetId, e.g. ${LAB_EXAMPLE} or {"lab": "${DEFAULT_LAB_KIND}", "replicas": 1}`,
    );
  }
  if ('targetId' in s)
    return { targetId: text(s.targetId, `${field}.targetId`, 'a saved target id') };
  if (!(MATRIX_LAB_KINDS as readonly unknown[]).includes(s.lab)) {
    throw invalid(
      `${field}.lab`,
      `${field}.lab "${String(s.lab)}" is not a lab kind: use ${MATRIX_LAB_KINDS.join(', ')}`,
    );
  }
  const replicas =
    s.replicas === undefined
      ? 0
      : checkInteger(s.replicas, `${field}.replicas`, 0, MAX_LAB_REPLICAS);
  return { lab: s.lab as LabKind, ...(replicas === 0 ? {} : { replicas }) };
}

function policy(value: unknown, field: string): ConnectionPolicy {
  // The JSON may say "reconnect:100" as the CLI does, or give the object form.
  if (typeof value === 'string') return parsePolicy(value, field);
  const p = record(
    value,
    field,
    'a policy such as "persistent" or {"kind": "reconnect", "everyOps": 100}',
  );
  try {
    validatePolicy(p as ConnectionPolicy);
  } catch (err) {
    throw invalid(field, `${field}: ${(err as Error).message}`);
  }
  return p.kind === 'reconnect'
    ? { kind: 'reconnect', everyOps: p.everyOps as number }
    : ({ kind: p.kind } as ConnectionPolicy);
}

function choice<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (!(allowed as readonly unknown[]).includes(value))
    throw invalid(field, `${field} "${shownValue(value)}" is not one of ${allowed.join(', ')}`);
  return value as T;
}

const AGENTS_KEYS = ['broker', 'names', 'onAgentLoss', 'caFile', 'credentialsFile'] as const;

/** The matrix's load agents, checked as a run request's are; an unknown key is refused, not dropped. */
function matrixAgents(value: unknown): RunAgentsRequest {
  validateRunAgents(value, 'agents');
  const unknown = Object.keys(value).find((k) => !(AGENTS_KEYS as readonly string[]).includes(k));
  if (unknown !== undefined)
    throw invalid(
      `agents.${unknown}`,
      `agents.${unknown} is not a field of agents: it has ${AGENTS_KEYS.join(', ')}`,
    );
  const { broker, names, onAgentLoss, caFile, credentialsFile } = value;
  return {
    broker: broker.trim(),
    names,
    ...(onAgentLoss === undefined ? {} : { onAgentLoss }),
    ...(caFile === undefined ? {} : { caFile }),
    ...(credentialsFile === undefined ? {} : { credentialsFile }),
  };
}

/** Validates and normalizes a matrix (defaults filled in, sizes ascending); throws ApiError('validation') naming the field. */
export function validateMatrixSpec(input: unknown): MatrixSpec {
  const m = record(input, '', 'a JSON object with name, servers, sizes, workloads, ...');
  for (const key of Object.keys(m)) {
    if (!(MATRIX_SPEC_KEYS as readonly string[]).includes(key))
      throw invalid(key, `unknown field "${key}": a matrix has ${MATRIX_SPEC_KEYS.join(', ')}`);
  }
  const name = text(m.name, 'name', '"Salford at 10K"');
  if (name.length > MATRIX_LIMITS.nameLength)
    throw invalid('name', `name is longer than ${MATRIX_LIMITS.nameLength} characters`);
  if (m.id !== undefined && (typeof m.id !== 'string' || !MATRIX_ID.test(m.id)))
    throw invalid('id', `id must look like user/NAME or builtin/NAME, got ${JSON.stringify(m.id)}`);
  if (m.description !== undefined && typeof m.description !== 'string')
    throw invalid('description', 'description must be a string');

  const servers = list(m.servers, 'servers', true, `[${LAB_EXAMPLE}]`).map((s, i) =>
    server(s, `servers[${i}]`),
  );
  noDuplicates(servers, 'servers', matrixServerKey);
  const hasLab = servers.some((s) => 'lab' in s);
  const sizes = list(m.sizes, 'sizes', hasLab, '[10000, 100000]').map((v, i) =>
    checkInteger(v, `sizes[${i}]`, 1, LIMITS.labEntries),
  );
  noDuplicates(sizes, 'sizes', String);
  const indexProfiles = list(m.indexProfiles, 'indexProfiles', hasLab, '["salford-indexed"]').map(
    (v, i) => text(v, `indexProfiles[${i}]`, 'salford-indexed'),
  );
  noDuplicates(indexProfiles, 'indexProfiles', (p) => p);
  const workloads = list(m.workloads, 'workloads', true, '["salford/S.1"]').map((v, i) =>
    text(v, `workloads[${i}]`, 'salford/S.1'),
  );
  noDuplicates(workloads, 'workloads', (w) => w);
  const connections = list(m.connections, 'connections', true, '[8]').map((v, i) =>
    checkInteger(v, `connections[${i}]`, 1, LIMITS.connections),
  );
  noDuplicates(connections, 'connections', String);
  const policies =
    m.policies === undefined
      ? [{ kind: 'persistent' } as ConnectionPolicy]
      : list(m.policies, 'policies', true, '["persistent"]').map((v, i) =>
          policy(v, `policies[${i}]`),
        );
  noDuplicates(policies, 'policies', policyToken);
  if (m.studyConcurrency !== undefined && typeof m.studyConcurrency !== 'boolean')
    throw invalid('studyConcurrency', 'studyConcurrency must be true or false');
  const agents = m.agents === undefined ? undefined : matrixAgents(m.agents);

  const spec: MatrixSpec = {
    ...(m.id === undefined ? {} : { id: m.id as string }),
    name,
    ...(m.description === undefined ? {} : { description: m.description as string }),
    servers,
    sizes: [...sizes].sort((a, b) => a - b),
    indexProfiles,
    shape: choice<LabShape>(m.shape ?? 'salford', 'shape', LAB_SHAPES),
    load: choice<LabLoadMethod>(m.load ?? 'offline', 'load', ['offline', 'protocol']),
    workloads,
    connections,
    depth: checkInteger(m.depth ?? 1, 'depth', 1, LIMITS.depth),
    policies,
    repeats: checkInteger(m.repeats ?? 1, 'repeats', 1, MATRIX_LIMITS.repeats),
    warmupS: checkInteger(m.warmupS, 'warmupS', 0, LIMITS.warmupS),
    durationS: checkInteger(m.durationS, 'durationS', 1, LIMITS.durationS),
    seed: checkInteger(m.seed ?? 1, 'seed', 0, 2 ** 31 - 1),
    ...(m.studyConcurrency === true ? { studyConcurrency: true } : {}),
    ...(m.thresholds === undefined
      ? {}
      : { thresholds: parseThresholds(m.thresholds, 'thresholds').map((t) => t.expression) }),
    ...(m.poolEntries === undefined
      ? {}
      : { poolEntries: checkInteger(m.poolEntries, 'poolEntries', 1, LIMITS.labEntries) }),
    ...(agents === undefined ? {} : { agents }),
  };
  const perServer = workloads.length * connections.length * policies.length * spec.repeats;
  const cells = servers.reduce(
    (n, s) => n + perServer * ('lab' in s ? sizes.length * indexProfiles.length : 1),
    0,
  );
  if (cells > MATRIX_LIMITS.cells) {
    throw invalid(
      'servers',
      `the matrix has ${cells.toLocaleString('en-US')} cells; at most ${MATRIX_LIMITS.cells.toLocaleString('en-US')}: drop some sizes, workloads, connections or repeats`,
    );
  }
  return spec;
}
