// Turns `dirbench run` options into a RunRequest (everything but the target), naming bad options.
import { readFileSync } from 'node:fs';
import { invalid } from '../shared/errors.ts';
import { parseRateProfile } from '../shared/rateProfile.ts';
import type { RunRequest } from '../shared/types.ts';
import { LIMITS, parsePolicy, validateRateProfile } from '../shared/validation.ts';
import { intOption } from './options.ts';
import { workloadFromOptions } from './workloadFromOptions.ts';
import type { RawOptions } from './options.ts';

function readProfile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw invalid(
      '--rate-profile',
      `cannot read --rate-profile ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
}

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
    connections: intOption(options, 'connections', 8, 1, LIMITS.connections),
    depth: intOption(options, 'depth', 1, 1, LIMITS.depth),
    warmupS: intOption(options, 'warmup', 2, 0, LIMITS.warmupS),
    durationS: intOption(options, 'duration', 10, 1, LIMITS.durationS),
    cooldownS: intOption(options, 'cooldown', 0, 0, LIMITS.warmupS),
    tcpNoDelay: noDelay(options),
    seed: intOption(options, 'seed', 1, 0, 2 ** 31 - 1),
    confirmed: options.yes === true,
  };
  // Ad-hoc --op workloads take --pool into their own definition; others get it as an override.
  if (options.pool !== undefined && options.op === undefined) {
    request.poolEntries = intOption(options, 'pool', 1000, 1, LIMITS.labEntries);
  }
  if (options['op-timeout'] !== undefined)
    request.opTimeoutS = intOption(options, 'op-timeout', 60, 1, LIMITS.opTimeoutS);
  if (options.workers !== undefined)
    request.workers = intOption(options, 'workers', 1, 1, LIMITS.workers);
  if (typeof options.policy === 'string') request.policy = parsePolicy(options.policy, '--policy');
  if (options.rate !== undefined && options['rate-profile'] !== undefined) {
    throw invalid('--rate', 'give either --rate or --rate-profile, not both');
  }
  if (options.rate !== undefined)
    request.targetOpsPerSec = intOption(options, 'rate', 1, 1, LIMITS.targetOpsPerSec);
  if (typeof options['rate-profile'] === 'string') {
    const steps = parseRateProfile(readProfile(options['rate-profile']), '--rate-profile');
    validateRateProfile(steps, request.warmupS + request.durationS + (request.cooldownS ?? 0));
    request.rateProfile = steps;
  }
  return request;
}
