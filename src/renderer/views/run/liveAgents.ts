// What the live view shows of a run on load agents: each agent's part of the newest second, its
// badge, and how many agents are still reporting.
import type { RunSample } from '../../../shared/types.ts';
import type { SampleAgent } from '../../../shared/agentTypes.ts';

/** The pill beside an agent whose figures were not in time: amber when late, red when lost. */
export interface AgentBadge {
  label: 'late' | 'lost';
  tone: 'warning' | 'danger';
}

/** The badge for an agent's state in a second; null when it reported in time. */
export function agentBadge(state: SampleAgent['state']): AgentBadge | null {
  if (state === 'late') return { label: 'late', tone: 'warning' };
  if (state === 'lost') return { label: 'lost', tone: 'danger' };
  return null;
}

/** One agent's row of the live table. */
export interface LiveAgentRow {
  name: string;
  /** Ops/sec in the newest second; null when the agent is lost (its figures are missing). */
  opsPerSec: number | null;
  /** Its share of the newest second's ops, 0..1. */
  share: number;
  errors: number;
  state: SampleAgent['state'];
  /** Errors over every second so far. */
  errorsSoFar: number;
}

/** The live table: the newest second's number, one row per agent, and the reporting line. */
export interface LiveAgents {
  /** Seconds since load started (1-based, as the progress bar counts). */
  second: number;
  rows: LiveAgentRow[];
  /** "1 of 2 agents reporting" when an agent is lost; null while all report. */
  reporting: string | null;
}

/** "N of M agents reporting" when any agent of the second is lost; null otherwise. */
export function reportingText(agents: readonly SampleAgent[]): string | null {
  const lost = agents.filter((a) => a.state === 'lost').length;
  if (lost === 0) return null;
  const total = agents.length;
  return `${total - lost} of ${total} agent${total === 1 ? '' : 's'} reporting`;
}

/** The newest second's figures per agent; null for runs on this machine (no sample names agents). */
export function liveAgents(samples: readonly RunSample[]): LiveAgents | null {
  const last = samples.findLast((s) => s.agents !== undefined && s.agents.length > 0);
  if (last?.agents === undefined) return null;
  const secondOps = last.agents.reduce((sum, a) => sum + (a.state === 'lost' ? 0 : a.ops), 0);
  const errorsSoFar = new Map<string, number>();
  for (const s of samples)
    for (const a of s.agents ?? [])
      errorsSoFar.set(a.name, (errorsSoFar.get(a.name) ?? 0) + a.errors);
  return {
    second: last.second + 1,
    rows: last.agents.map((a) => ({
      name: a.name,
      opsPerSec:
        a.state === 'lost' ? null : last.intervalMs > 0 ? (a.ops * 1000) / last.intervalMs : 0,
      share: a.state === 'lost' || secondOps === 0 ? 0 : a.ops / secondOps,
      errors: a.errors,
      state: a.state,
      errorsSoFar: errorsSoFar.get(a.name) ?? 0,
    })),
    reporting: reportingText(last.agents),
  };
}
