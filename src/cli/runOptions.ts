// The options of a run as `run`, `matrix run` and `calibrate` declare them: tables only (help and
// parsing read them before any command loads); runRequestFromOptions.ts reads their values.
import { THRESHOLD_GRAMMAR } from '../shared/thresholds.ts';
import { DEFAULT_LOAD_GUARD } from '../core/runs/loadGuard.ts';
import { OP_TIMEOUT_MS } from '../core/runner/runContract.ts';
import type { OptionTable } from './commandSpec.ts';

/** The gate options `run` and `matrix run` take. */
const GATE_OPTIONS = {
  threshold: {
    type: 'string',
    multiple: true,
    value: 'EXPR',
    description: `pass/fail check of every run, repeatable: ${THRESHOLD_GRAMMAR}; a breach exits 3`,
  },
  junit: {
    type: 'string',
    value: 'FILE',
    description:
      'write JUnit XML for CI servers: a test case per run or cell, breached thresholds as failures',
  },
} as const satisfies OptionTable;

/**
 * Options of a run that `matrix run` also takes (for every cell, over the matrix file's values):
 * an option added here reaches `run` and `matrix run`; `calibrate` picks the ones it takes.
 */
export const RUN_AND_MATRIX_OPTIONS = {
  warmup: {
    type: 'string',
    value: 'S',
    description: 'warm-up seconds, excluded from the results',
    default: 2,
  },
  duration: { type: 'string', value: 'S', description: 'measured seconds', default: 10 },
  repeats: {
    type: 'string',
    value: 'K',
    description: 'run K times and report the mean and 95% confidence interval',
    default: 1,
  },
  pool: {
    type: 'string',
    value: 'N',
    description:
      "size of the workload's pool: entries added before the load for deletes and renames (e.g. salford/D.1a)",
  },
  ...GATE_OPTIONS,
  yes: {
    type: 'boolean',
    description:
      `confirm heavy load on a server off this machine's loopback (anything but 127.0.0.0/8, ::1 or localhost): ` +
      `needed above DIRBENCH_CONFIRM_ABOVE_CONNECTIONS ` +
      `(${DEFAULT_LOAD_GUARD.confirmAboveConnections}) connections or DIRBENCH_CONFIRM_ABOVE_OPS_PER_SEC ` +
      `(${DEFAULT_LOAD_GUARD.confirmAboveOpsPerSec}) ops/s; no run lasts longer than DIRBENCH_MAX_RUN_S ` +
      `(${DEFAULT_LOAD_GUARD.maxRunS}) seconds of warm-up + measured + cool-down`,
  },
} as const satisfies OptionTable;

/** Options of one run's load that `run` and `calibrate` take (a matrix file sets these per cell). */
export const RUN_LOAD_OPTIONS = {
  connections: { type: 'string', value: 'N', description: 'connections', default: 8 },
  depth: {
    type: 'string',
    value: 'N',
    description: 'outstanding requests per connection',
    default: 1,
  },
  workers: {
    type: 'string',
    value: 'N',
    description: 'load worker processes',
    default: 'CPU cores - 1',
  },
  policy: {
    type: 'string',
    value: 'P',
    description: 'connection policy: persistent | reconnect:N | per-op | rebind',
    default: 'persistent',
  },
  rate: {
    type: 'string',
    value: 'R',
    description: 'open model: R ops/s scheduled at t0 + i/R, latency also from the intended start',
  },
  'rate-profile': {
    type: 'string',
    value: 'FILE',
    description: 'open model with steps and ramps: lines "SECONDS RATE" or "SECONDS FROM TO"',
  },
  cooldown: {
    type: 'string',
    value: 'S',
    description: 'seconds of load after the measured phase, excluded',
    default: 0,
  },
  'op-timeout': {
    type: 'string',
    value: 'S',
    description: 'an operation unanswered for S seconds counts as a timeout error',
    default: OP_TIMEOUT_MS / 1000,
  },
  'no-delay': {
    type: 'string',
    value: 'on|off',
    description: "TCP_NODELAY (off leaves Nagle's algorithm on)",
    default: 'on',
  },
  seed: {
    type: 'string',
    value: 'N',
    description: 'random seed of the value patterns, so a run can be repeated exactly',
    default: 1,
  },
} as const satisfies OptionTable;
