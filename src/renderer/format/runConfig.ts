// Fills the run-config fields that runs stored before the load-engine contract do not carry.
import type { RunConfig } from '../../shared/types.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';

/** The config with the defaults older runs ran with: closed model, persistent connections, no cool-down. */
export function withConfigDefaults(config: RunConfig): RunConfig {
  const stored = config as Partial<RunConfig> & RunConfig;
  return {
    ...config,
    loadModel: stored.loadModel ?? 'closed',
    connectionPolicy: stored.connectionPolicy ?? { kind: 'persistent' },
    targetOpsPerSec: stored.targetOpsPerSec ?? null,
    rateProfile: stored.rateProfile ?? null,
    cooldownS: stored.cooldownS ?? 0,
  };
}

/** Planned seconds of load: warm-up, measured and cool-down. */
export function plannedTotalS(config: RunConfig): number {
  return config.warmupS + config.durationS + config.cooldownS;
}

/** The schedule's rate at `second` (open model), from the constant rate or the profile; null when closed. */
export function scheduledRateAt(config: RunConfig, second: number): number | null {
  if (config.loadModel !== 'open') return null;
  if (config.rateProfile) {
    let start = 0;
    for (const step of config.rateProfile) {
      if (second < start + step.durationS) {
        const f = (second - start) / step.durationS;
        return step.fromOpsPerSec + (step.toOpsPerSec - step.fromOpsPerSec) * f;
      }
      start += step.durationS;
    }
    return config.rateProfile.at(-1)?.toOpsPerSec ?? null;
  }
  return config.targetOpsPerSec;
}

/** The workload definition as run; undefined for runs stored before definitions were recorded. */
export function workloadSpecOf(config: RunConfig): WorkloadSpec | undefined {
  return (config as Partial<RunConfig>).workloadSpec;
}
