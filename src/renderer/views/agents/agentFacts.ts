// How the Agents page and the "Load from" control read brokers and agents: which broker to show
// first, how sure an agent's clock is, when it was last heard from.
import type { AgentListing, BrokerListing } from '../../../shared/agentTypes.ts';

/** An agent clock this close to ours (offset plus its uncertainty) is good for a synchronised start. */
export const CLOCK_GOOD_MS = 5;

/** Beyond this the start of an agent's workers may be visibly off the others'. */
export const CLOCK_FAIR_MS = 50;

/** How far off an agent's clock may be: good, fair, poor, or unknown (not probed). */
export type ClockTone = 'good' | 'fair' | 'poor' | 'unknown';

/** The tone of an agent's clock from the most it may be off: |offset| + uncertainty. */
export function clockTone(
  agent: Pick<AgentListing, 'clockOffsetMs' | 'clockUncertaintyMs'>,
): ClockTone {
  if (agent.clockOffsetMs === null || agent.clockUncertaintyMs === null) return 'unknown';
  const worstMs = Math.abs(agent.clockOffsetMs) + agent.clockUncertaintyMs;
  if (worstMs < CLOCK_GOOD_MS) return 'good';
  return worstMs < CLOCK_FAIR_MS ? 'fair' : 'poor';
}

/** "0.4 s ago", "12 s ago", "3 min ago". */
export function lastSeenText(lastSeenMs: number): string {
  if (lastSeenMs < 10_000) return `${(lastSeenMs / 1_000).toFixed(1)} s ago`;
  if (lastSeenMs < 120_000) return `${Math.round(lastSeenMs / 1_000)} s ago`;
  if (lastSeenMs < 7_200_000) return `${Math.round(lastSeenMs / 60_000)} min ago`;
  return `${Math.round(lastSeenMs / 3_600_000)} h ago`;
}

/** True when `broker` names a broker by address rather than by a local id. */
export function isBrokerUrl(broker: string): boolean {
  return /^[a-z]+:\/\//i.test(broker.trim());
}

/** The brokers a run can use now: the running ones, newest first as listed. */
export function runningBrokers<B extends Pick<BrokerListing, 'state'>>(brokers: readonly B[]): B[] {
  return brokers.filter((b) => b.state === 'running');
}

/** The broker to show first: the first running one, or none. */
export function defaultBrokerId(brokers: readonly Pick<BrokerListing, 'id' | 'state'>[]): string {
  return runningBrokers(brokers)[0]?.id ?? '';
}

/** The agents a run can go to now (a lost one would be refused). */
export function connectedAgents(agents: readonly AgentListing[]): AgentListing[] {
  return agents.filter((a) => a.state !== 'lost');
}
