// A run whose workers go to load agents: the run service opens the agents a request names, prepares
// them, launches through them, and adds each agent's part to the run's seconds and summary.
import type { RunConfig, RunSample } from '../../shared/types.ts';
import { AGENT_GO_LEAD_MS, AGENT_RUN_STALL_MS } from '../agents/natsLauncher.ts';
import type { AgentRun } from '../agents/natsLauncher.ts';
import type { RunOnAgents } from '../agents/runAgents.ts';
import type { WorkerLauncher } from '../runner/launcher.ts';
import type { RunOutcome, RunPlan } from '../runner/runContract.ts';
import { splitConnections } from '../base/split.ts';

/** A run on agents from its launch to its end. */
export interface AgentSession {
  launcher: WorkerLauncher;
  /** What a plan on agents changes: a longer stall limit (a loss names the agent) and go lead. */
  plan: Pick<RunPlan, 'stallMs' | 'goLeadMs'>;
  /** `sample` with each agent's part of its second. */
  withAgents(sample: RunSample): RunSample;
  /** `outcome` with each agent's figures, and marked partial when an agent was lost. */
  withAgentFigures(outcome: RunOutcome, config: RunConfig): RunOutcome;
  /** Ends the session: the run's stream is deleted and the broker connection closed. */
  close(): Promise<void>;
}

/** Prepares `config`'s run on `agents` and records where it runs in `config`; closes them on failure. */
export async function startOnAgents(
  agents: RunOnAgents,
  runId: string,
  config: RunConfig,
): Promise<AgentSession> {
  // The orchestrator starts one worker per share of the connections.
  const workers = splitConnections(config.connections, config.workers).length;
  const loadMs = (config.warmupS + config.durationS + config.cooldownS) * 1000;
  let run: AgentRun;
  try {
    run = await agents.prepare(runId, workers, loadMs);
  } catch (err) {
    await agents.close();
    throw err;
  }
  config.agents = run.agents;
  config.broker = agents.brokerUrl;
  config.onAgentLoss = agents.onAgentLoss;
  const offsets = new Map(run.agents.map((a) => [a.name, a.clockOffsetMs]));
  let closing: Promise<void> | null = null;
  return {
    launcher: run.launcher,
    plan: { stallMs: AGENT_RUN_STALL_MS, goLeadMs: AGENT_GO_LEAD_MS },
    withAgents: (sample) => ({ ...sample, agents: run.tally.sampleAgents(sample.second) }),
    withAgentFigures: (outcome, cfg) => {
      const losses = run.losses();
      if (outcome.summary === null) return outcome;
      const summary = {
        ...outcome.summary,
        agents: run.tally.summaries(
          cfg.warmupS,
          cfg.warmupS + cfg.durationS,
          outcome.summary.measuredS,
          offsets,
        ),
        ...(losses.length > 0 && outcome.status !== 'failed' ? { partial: true } : {}),
      };
      // A run that went on without an agent says so first: its figures lack that agent's load.
      const lossNote =
        losses.length > 0 && outcome.status !== 'failed'
          ? `partial: the run went on after ${losses.join('; ')}`
          : null;
      const endReason =
        lossNote === null
          ? outcome.endReason
          : [lossNote, outcome.endReason].filter(Boolean).join('; ');
      return { ...outcome, summary, endReason };
    },
    close: () => {
      closing ??= run
        .close()
        .catch(() => undefined)
        .then(() => agents.close())
        .catch(() => undefined);
      return closing;
    },
  };
}
