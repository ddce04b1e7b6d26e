// The run detail's figures for a run on load agents: one row per agent (where its workers ran,
// what it did, its clock), and the partial-run warning when an agent was lost.
import type { RunConfig, RunSample, RunSummary } from '../../../shared/types.ts';
import type { RunAgentPlacement } from '../../../shared/agentTypes.ts';

/** One agent's row of the agents card. */
export interface AgentRow {
  name: string;
  /** The agent's machine for people ("rack1.lab · 8 cores · DirBench 0.1.0"); null when not recorded. */
  machine: string | null;
  /** Its workers, numbered from 1 for people: "1, 3" or "1–4". */
  workers: string;
  workerCount: number;
  /** Measured-phase figures; null when the run has no summary (it ended before measuring). */
  ops: number | null;
  opsPerSec: number | null;
  errors: number | null;
  /** Its share of the agents' measured ops, 0..1 (0 without a summary). */
  share: number;
  clockOffsetMs: number;
  lost: boolean;
  lateSeconds: number;
  /** The first second (since load started) its figures were missing; null if never. */
  lostAtS: number | null;
}

/** 0-based worker numbers as people count them: runs of three or more as "1–4", others listed. */
export function workerList(workers: readonly number[]): string {
  const sorted = [...workers].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++;
    const from = (sorted[i] as number) + 1;
    const to = (sorted[j] as number) + 1;
    if (j - i >= 2) parts.push(`${from}–${to}`);
    else for (let k = i; k <= j; k++) parts.push(String((sorted[k] as number) + 1));
    i = j + 1;
  }
  return parts.join(', ');
}

/** A clock offset with its sign, as the agents list prints it: "+0.2 ms", "-12.0 ms". */
export function signedMs(offsetMs: number): string {
  return `${offsetMs < 0 ? '-' : '+'}${Math.abs(offsetMs).toFixed(1)} ms`;
}

/** The first second whose sample marks agent `name` lost; null when none does. */
export function lostAtSecond(samples: readonly RunSample[], name: string): number | null {
  const sample = samples.find((s) => s.agents?.some((a) => a.name === name && a.state === 'lost'));
  return sample?.second ?? null;
}

/** An agent's host, cores and version as recorded with the run; null when none was. */
export function machineOf(
  agent: Pick<RunAgentPlacement, 'host' | 'cores' | 'version'>,
): string | null {
  const parts = [
    agent.host,
    agent.cores === undefined
      ? undefined
      : `${agent.cores} ${agent.cores === 1 ? 'core' : 'cores'}`,
    agent.version === undefined ? undefined : `DirBench ${agent.version}`,
  ].filter((p): p is string => p !== undefined && p !== '');
  return parts.length === 0 ? null : parts.join(' · ');
}

/** One row per agent the run was placed on; empty for a run on this machine. */
export function agentRows(
  config: Pick<RunConfig, 'agents'>,
  summary: Pick<RunSummary, 'agents'> | null,
  samples: readonly RunSample[],
): AgentRow[] {
  const placed = config.agents ?? [];
  const figures = new Map((summary?.agents ?? []).map((a) => [a.name, a]));
  const totalOps = [...figures.values()].reduce((sum, a) => sum + a.ops, 0);
  return placed.map((agent) => {
    const f = figures.get(agent.name);
    const lostAtS = lostAtSecond(samples, agent.name);
    return {
      name: agent.name,
      machine: machineOf(agent),
      workers: workerList(agent.workers),
      workerCount: agent.workers.length,
      ops: f?.ops ?? null,
      opsPerSec: f?.opsPerSec ?? null,
      errors: f?.errors ?? null,
      share: f && totalOps > 0 ? f.ops / totalOps : 0,
      clockOffsetMs: f?.clockOffsetMs ?? agent.clockOffsetMs,
      lost: f?.lost === true || lostAtS !== null,
      lateSeconds: f?.lateSeconds ?? 0,
      lostAtS,
    };
  });
}

/** The partial-run banner: a title naming each lost agent and when, and the stored end reason. */
export interface PartialWarning {
  title: string;
  detail: string | null;
}

/** The warning for a run marked partial; null for any other run. */
export function partialWarning(
  summary: Pick<RunSummary, 'partial'> | null,
  rows: readonly AgentRow[],
  endReason: string | null,
): PartialWarning | null {
  if (summary?.partial !== true) return null;
  const lost = rows.filter((r) => r.lost);
  const who =
    lost.length === 0
      ? 'an agent was lost'
      : lost
          .map(
            (r) =>
              `agent ${r.name} was lost${r.lostAtS === null ? '' : ` ${r.lostAtS} s into the run`}`,
          )
          .join(' and ');
  const without = lost.length > 1 ? 'them' : 'it';
  return {
    title: `Partial: ${who}; the run went on without ${without}, so its figures lack that load from then on.`,
    detail: endReason,
  };
}
