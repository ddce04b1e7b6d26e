// Seconds of a run on two load agents for the agents views' tests: each agent's ops, errors and
// state as the coordinator records them, the second's totals the sum of the agents that reported.
import type { RunSample } from '../../../shared/types.ts';
import type { SampleAgent } from '../../../shared/agentTypes.ts';

/** One agent's part of a second: `[name, ops, errors, state]`. */
export type AgentPart = [string, number, number, SampleAgent['state']];

/** A measured second whose totals are those of the agents' parts that are in it (not lost). */
export function agentSample(
  second: number,
  parts: readonly AgentPart[],
  intervalMs = 1000,
): RunSample {
  const agents = parts.map(([name, ops, errors, state]) => ({ name, ops, errors, state }));
  const present = agents.filter((a) => a.state !== 'lost');
  const ops = present.reduce((sum, a) => sum + a.ops, 0);
  return {
    second,
    phase: 'measured',
    intervalMs,
    ops,
    errors: present.reduce((sum, a) => sum + a.errors, 0),
    errorsByCode: {},
    entries: ops,
    latencyUs: { p50: 800, p90: 1200, p99: 2400, p999: 4100, max: 9000, mean: 900 },
    agents,
  };
}
