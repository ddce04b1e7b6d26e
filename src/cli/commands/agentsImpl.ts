// What `dirbench agents list` does (its spec is in agents.ts).
import { listBrokerAgents } from '../../core/agents/agentsList.ts';
import type { AgentListing } from '../../core/agents/agentsList.ts';
import { formatClockOffset } from '../../core/agents/clockEstimate.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJson, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { coordinatorTarget, withBrokerOptionNames } from './brokerClientOptions.ts';

function lastSeen(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms ago` : `${(ms / 1_000).toFixed(1)} s ago`;
}

function printAgents(agents: AgentListing[]): void {
  if (agents.length === 0) {
    process.stdout.write('No agent has sent a heartbeat to this broker yet.\n');
    return;
  }
  printTable(
    ['NAME', 'HOST', 'VERSION', 'STATE', 'LAST SEEN', 'CLOCK OFFSET', 'CPU %', 'LOOP %'],
    agents.map((a) => [
      a.name,
      a.host,
      a.version,
      a.state,
      lastSeen(a.lastSeenMs),
      formatClockOffset(a.clockOffsetMs, a.clockUncertaintyMs),
      a.cpuPercent,
      Math.round(a.eventLoopUtilization * 100),
    ]),
  );
}

/** `agents list`: asks the broker for its agents and prints them. */
export async function agentsListCommand(options: RawOptions): Promise<number> {
  const target = await withCliCore(options, (core) =>
    coordinatorTarget(options, (id) => core.brokers.get(id)),
  );
  const agents = await withBrokerOptionNames(() =>
    listBrokerAgents({ ...target, name: 'dirbench-agents-list' }),
  );
  if (options.json === true) printJson(agents);
  else printAgents(agents);
  return 0;
}
