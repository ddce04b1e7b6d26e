// `dirbench broker start|list|stop`: a local NATS broker (nats-server with JetStream, TLS and a
// user per agent) that load agents will connect to; brokers started here outlive the command. The
// work is in brokerImpl.ts, loaded when a command runs.
import { DEFAULT_BROKER_LISTEN } from '../../core/broker/brokerRecord.ts';
import type { CommandFamily, CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { plainCommand } from '../plainCommand.ts';

/** What `broker start` takes. */
const BROKER_START_OPTIONS = {
  port: { type: 'string', value: 'N', description: 'TCP port (default: a free one)' },
  listen: {
    type: 'string',
    value: 'ADDR',
    description: 'IP address to listen on; 0.0.0.0 lets agents on other machines connect',
    default: DEFAULT_BROKER_LISTEN,
  },
  agents: {
    type: 'string',
    value: 'NAME,NAME|N',
    description:
      'agent names (letters, digits, _ and -, up to 40 each) or a count N for agent-1..agent-N',
    default: 4,
  },
} as const satisfies OptionTable;

const impl = () => import('./brokerImpl.ts');

const brokerStart: CommandSpec = {
  name: 'broker start',
  summary: 'a local NATS broker (TLS, JetStream, a user per agent), kept until broker stop',
  usage: ['dirbench broker start [--port N] [--listen ADDR] [--agents NAME,NAME|N] [--json]'],
  args: [],
  about: [
    'Runs nats-server with JetStream in a folder of its own, TLS only with a CA of its own, one',
    'user for the coordinator and one per agent (an agent may publish only under its own',
    'subjects); passwords go to mode-600 credential files in that folder, never to the screen.',
  ],
  groups: [
    { title: 'Broker', options: BROKER_START_OPTIONS },
    commonGroup(
      'the broker (id, url, caFile, coordinatorCredentialsFile, agentCredentialsFile, agentCredentialFiles, agents, ...)',
    ),
  ],
  examples: [
    { what: 'a broker on this machine for agent-1..agent-4', line: 'dirbench broker start' },
    {
      what: 'a broker other machines reach, for two named agents, as JSON',
      line: 'dirbench broker start --listen 0.0.0.0 --port 4222 --agents rack1,rack2 --json',
    },
  ],
  run: async (_args, options) => (await impl()).brokerStartCommand(options),
};

const brokerList = plainCommand('broker list', {
  summary: 'the brokers and their state',
  json: 'the brokers, as broker start --json prints each',
  examples: [{ what: 'the brokers', line: 'dirbench broker list' }],
  run: async (_args, options) => (await impl()).brokerListCommand(options),
});

const brokerStop = plainCommand('broker stop ID', {
  summary: 'stops a broker and deletes its passwords and JetStream data (its log is kept)',
  examples: [{ what: 'stop a broker', line: 'dirbench broker stop BROKER-ID' }],
  run: async ([id], options) => (await impl()).brokerStopCommand(id, options),
});

/** `dirbench broker start|list|stop`. */
export const brokerFamily: CommandFamily = {
  name: 'broker',
  summary: 'local NATS brokers (nats-server with TLS and JetStream, a user per agent)',
  subcommands: [brokerStart, brokerList, brokerStop],
};
