// Compares a finished closed-model run with this machine's calibrated load-generation ceiling.
import os from 'node:os';
import { policyToken } from '../../shared/describe.ts';
import type { RunConfig, RunSummary } from '../../shared/types.ts';
import { applyCeiling } from '../runner/nearCeiling.ts';
import type { CalibrationsRepo } from '../store/calibrationsRepo.ts';

/** The summary with the ceiling calibrated on this host for the same settings, when there is one. */
export function withCalibratedCeiling(
  summary: RunSummary,
  config: RunConfig,
  calibrations: Pick<CalibrationsRepo, 'latest'>,
): RunSummary {
  if (config.loadModel !== 'closed') return summary;
  const ceiling = calibrations.latest({
    hostname: os.hostname(),
    workload: config.workload,
    connections: config.connections,
    depth: config.depth,
    workers: config.workers,
    policy: policyToken(config.connectionPolicy),
  });
  return ceiling ? applyCeiling(summary, ceiling) : summary;
}
