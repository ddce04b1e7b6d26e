// Turns `dirbench run` options into a RunRequest (everything but the target), naming bad options.
import { invalid } from '../shared/errors.ts';
import { parseRateProfile } from '../shared/rateProfile.ts';
import type { RunRequest } from '../shared/types.ts';
import { LIMITS, parsePolicy, validateRateProfile } from '../shared/validation.ts';
import { OP_TIMEOUT_MS } from '../core/runner/runContract.ts';
import { readTextFile } from './fileInput.ts';
import { thresholdOption } from './gates.ts';
import { intOption } from './options.ts';
import { workloadFromOptions } from './workloadFromOptions.ts';
import type { RawOptions } from './options.ts';
import { RUN_AND_MATRIX_OPTIONS, RUN_LOAD_OPTIONS } from './runOptions.ts';

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
