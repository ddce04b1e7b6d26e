// The start message each load worker gets: its share of the connections and of an open model's rate,
// and everything else it needs to run the plan on its own.
import type { RateStep } from '../../shared/types.ts';
import type { WorkerStartMessage } from '../loadgen/protocol.ts';
import { OP_TIMEOUT_MS } from './runContract.ts';
import { splitConnections } from '../base/split.ts';
import type { RunPlan } from './runContract.ts';

/** The run's tag in [unique] values: the id's random tail, so names never repeat an earlier run's. */
function runTagOf(runId: string): string {
  return runId.replace(/^run-/, '').replace(/[^A-Za-z0-9]/g, '');
}

/** Worker `index`'s start message, of `workers` in all, with `connections` of its own. */
export function workerStart(
  plan: RunPlan,
  index: number,
  connections: number,
  workers: number,
  rateSteps: RateStep[] | null,
): WorkerStartMessage {
  const { config } = plan;
  const start: WorkerStartMessage = {
    type: 'start',
    workerIndex: index,
    connection: plan.connection,
    connections,
    depth: config.depth,
    policy: config.connectionPolicy,
    workload: config.workloadSpec,
    runTag: runTagOf(plan.runId),
    workers,
    dnSource: plan.dnSource,
    seed: config.seed,
    warmupS: config.warmupS,
    durationS: config.durationS,
    cooldownS: config.cooldownS,
    opTimeoutMs: plan.opTimeoutMs ?? OP_TIMEOUT_MS,
  };
  if (plan.passwordFiles !== undefined) start.passwordFiles = plan.passwordFiles;
  if (plan.workloadBaseDir !== undefined) start.workloadBaseDir = plan.workloadBaseDir;
  if (plan.servers !== undefined) {
    // Round-robin goes by the run-wide connection number: the workers before this one hold the first.
    const before = splitConnections(config.connections, config.workers).slice(0, index);
    start.servers = { ...plan.servers, firstConnection: before.reduce((n, c) => n + c, 0) };
  }
  // Every worker gets the whole profile and takes every `shares`-th op of it.
  if (rateSteps !== null) start.openModel = { steps: rateSteps, share: index, shares: workers };
  return start;
}
