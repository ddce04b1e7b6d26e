// Turns `dirbench run` options into a RunRequest (everything but the target), naming bad options.
import { invalid } from '../shared/errors.ts';
import { parseRateProfile } from '../shared/rateProfile.ts';
import type { RunRequest } from '../shared/types.ts';
import { LIMITS, parsePolicy, validateRateProfile } from '../shared/validation.ts';
import { DEFAULT_LOAD_GUARD } from '../core/runs/loadGuard.ts';
import { OP_TIMEOUT_MS } from '../core/runner/runContract.ts';
import type { OptionTable } from './commandSpec.ts';
import { readTextFile } from './fileInput.ts';
import { GATE_OPTIONS, thresholdOption } from './gates.ts';
import { intOption } from './options.ts';
import { workloadFromOptions } from './workloadFromOptions.ts';
import type { RawOptions } from './options.ts';

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

function noDelay(options: RawOptions): boolean {
  const value = options['no-delay'];
  if (value === undefined || value === 'on') return true;
  if (value === 'off') return false;
  throw invalid('--no-delay', `--no-delay takes on or off, got "${String(value)}"`);
}

/** Builds and checks the run settings from CLI options. */
export function runRequestFromOptions(options: RawOptions): Omit<RunRequest, 'targetId'> {
  const { workload, workloadSpec } = workloadFromOptions(options);
  const request: Omit<RunRequest, 'targetId'> = {
    workload,
    ...(workloadSpec === undefined ? {} : { workloadSpec }),
    connections: intOption(
      options,
      'connections',
      RUN_LOAD_OPTIONS.connections.default,
      1,
      LIMITS.connections,
    ),
    depth: intOption(options, 'depth', RUN_LOAD_OPTIONS.depth.default, 1, LIMITS.depth),
    warmupS: intOption(options, 'warmup', RUN_AND_MATRIX_OPTIONS.warmup.default, 0, LIMITS.warmupS),
    durationS: intOption(
      options,
      'duration',
      RUN_AND_MATRIX_OPTIONS.duration.default,
      1,
      LIMITS.durationS,
    ),
    cooldownS: intOption(options, 'cooldown', RUN_LOAD_OPTIONS.cooldown.default, 0, LIMITS.warmupS),
    tcpNoDelay: noDelay(options),
    seed: intOption(options, 'seed', RUN_LOAD_OPTIONS.seed.default, 0, 2 ** 31 - 1),
    confirmed: options.yes === true,
  };
  // Ad-hoc --op workloads take --pool into their own definition; others get it as an override.
  if (options.pool !== undefined && options.op === undefined) {
    request.poolEntries = intOption(options, 'pool', 1000, 1, LIMITS.labEntries);
  }
  if (options['op-timeout'] !== undefined)
    request.opTimeoutS = intOption(
      options,
      'op-timeout',
      OP_TIMEOUT_MS / 1000,
      1,
      LIMITS.opTimeoutS,
    );
  if (options.workers !== undefined)
    request.workers = intOption(options, 'workers', 1, 1, LIMITS.workers);
  const thresholds = thresholdOption(options);
  if (thresholds !== undefined) request.thresholds = thresholds;
  if (typeof options.policy === 'string') request.policy = parsePolicy(options.policy, '--policy');
  if (options.rate !== undefined && options['rate-profile'] !== undefined) {
    throw invalid('--rate', 'give either --rate or --rate-profile, not both');
  }
  if (options.rate !== undefined)
    request.targetOpsPerSec = intOption(options, 'rate', 1, 1, LIMITS.targetOpsPerSec);
  const profileFile = options['rate-profile'];
  if (typeof profileFile === 'string') {
    const profile = readTextFile(profileFile, '--rate-profile', `--rate-profile ${profileFile}`);
    const steps = parseRateProfile(profile, '--rate-profile');
    validateRateProfile(steps, request.warmupS + request.durationS + (request.cooldownS ?? 0));
    request.rateProfile = steps;
  }
  return request;
}
