// A run whose workers go to load agents: the host prepares the agents (it holds the broker
// connection); the run service records where the workers went and launches through them.
import type { RunConfig } from '../../shared/types.ts';
import type { AgentRun } from '../agents/natsLauncher.ts';
import { splitConnections } from '../runner/split.ts';

/** Load agents the host offers for a run. */
export interface RunOnAgents {
  /** How many agents will take workers: a run's default worker count (one worker each). */
  count: number;
  /** Prepares run `runId` of `workers` worker processes and `loadMs` of load on the agents. */
  prepare(runId: string, workers: number, loadMs: number): Promise<AgentRun>;
}

/** Prepares `config`'s run on `agents` (null without them) and records the agents in `config`. */
export async function prepareOnAgents(
  agents: RunOnAgents | undefined,
  runId: string,
  config: RunConfig,
): Promise<AgentRun | null> {
  if (agents === undefined) return null;
  // The orchestrator starts one worker per share of the connections.
  const workers = splitConnections(config.connections, config.workers).length;
  const loadMs = (config.warmupS + config.durationS + config.cooldownS) * 1000;
  const run = await agents.prepare(runId, workers, loadMs);
  config.agents = run.agents;
  return run;
}
