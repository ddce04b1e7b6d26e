// `dirbench agents list`: the agents a broker has heard from, whether each is still there, and
// its clock's offset from this machine's. The work is in agentsImpl.ts, loaded when it runs.
import type { CommandFamily, CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { BROKER_CLIENT_OPTIONS } from './brokerClientOptions.ts';

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
  run: async (_args, options) => (await import('./agentsImpl.ts')).agentsListCommand(options),
};

/** `dirbench agents list`. */
export const agentsFamily: CommandFamily = {
  name: 'agents',
  summary: 'load agents connected to a broker',
  subcommands: [agentsList],
};
