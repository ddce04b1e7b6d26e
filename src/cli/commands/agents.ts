// `dirbench agents list`: the agents a broker has heard from, whether each is still there, and
// its clock's offset from this machine's.
import { listBrokerAgents } from '../../core/agents/agentsList.ts';
import type { AgentListing } from '../../core/agents/agentsList.ts';
import { formatClockOffset } from '../../core/agents/clockEstimate.ts';
import type { CommandFamily, CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJson, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import {
  BROKER_CLIENT_OPTIONS,
  coordinatorTarget,
  withBrokerOptionNames,
} from './brokerClientOptions.ts';

/** What `agents list` takes. */
const AGENTS_LIST_OPTIONS = {
  broker: {
    type: 'string',
    value: 'URL|BROKER-ID',
    description:
      'the broker: a tls:// URL, or the id of a broker on this machine (see broker list)',
  },
  ...BROKER_CLIENT_OPTIONS,
} as const satisfies OptionTable;

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

async function list(options: RawOptions): Promise<number> {
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

const agentsList: CommandSpec = {
  name: 'agents list',
  summary: 'the agents a broker has heard from: state, last heartbeat, clock offset',
  usage: [
    'dirbench agents list --broker BROKER-ID [--json]',
    'dirbench agents list --broker URL --credentials-file COORDINATOR-CREDS [--ca-file PEM] [--json]',
  ],
  args: [],
  about: [
    "Reads each agent's last heartbeat from the broker; an agent silent for over 6 s is lost.",
    'Each agent still there is probed 5 times for its clock: the offset (agent minus this',
    'machine) comes from the shortest round trip, +- half of it.',
  ],
  groups: [
    { title: 'Broker', options: AGENTS_LIST_OPTIONS },
    commonGroup(
      '[{name, host, version, state, lastSeenMs, clockOffsetMs, clockUncertaintyMs, cores, cpuPercent, eventLoopUtilization}]',
    ),
  ],
  examples: [
    { what: "a local broker's agents", line: 'dirbench agents list --broker BROKER-ID' },
    {
      what: 'the agents of a broker elsewhere, as JSON',
      line: 'dirbench agents list --broker tls://bench-host:4222 --credentials-file coordinator.creds.json --ca-file ca.pem --json',
    },
  ],
  run: (_args, options) => list(options),
};

/** `dirbench agents list`. */
export const agentsFamily: CommandFamily = {
  name: 'agents',
  summary: 'load agents connected to a broker',
  subcommands: [agentsList],
};
